// jsdom has no canvas or image decoding: resizeImage (tested through its pure size math in
// lib/image-resize.test.ts) is replaced here by a stand-in that returns a renamed file.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImagePicker } from './image-picker';

vi.mock('@/lib/image-resize', () => ({
  resizeImage: vi.fn(
    async (file: File) =>
      new File(['small'], file.name.replace(/\.\w+$/, '.webp'), { type: 'image/webp' }),
  ),
}));

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.clearAllMocks());

const pick = (file: File) =>
  act(async () => {
    fireEvent.change(screen.getByLabelText('Featured image', { selector: 'input' }), {
      target: { files: [file] },
    });
  });

describe('ImagePicker', () => {
  it('refuses other file types with the spec message', async () => {
    const onChange = vi.fn();
    render(<ImagePicker label="Featured image" onChange={onChange} />);
    await pick(new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Invalid file type: Please select an image file (JPEG, PNG, WebP)',
    );
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses images over 5 MB with the spec message', async () => {
    const onChange = vi.fn();
    render(<ImagePicker label="Featured image" onChange={onChange} />);
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await pick(big);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'File too large: Please select an image smaller than 5MB',
    );
    expect(onChange).not.toHaveBeenCalled();
  });

  it('hands over the resized file, previews it, and removes it', async () => {
    let finish: () => void = () => undefined;
    const onChange = vi.fn((file: File | null) =>
      file ? new Promise<void>((r) => (finish = r)) : undefined,
    );
    render(<ImagePicker label="Featured image" onChange={onChange} />);
    expect(screen.getByText('No image chosen')).toBeInTheDocument();
    await pick(new File(['x'], 'photo.jpg', { type: 'image/jpeg' }));
    const sent = onChange.mock.calls[0][0] as File;
    expect(sent.name).toBe('photo.webp');
    expect(screen.getByRole('status')).toHaveTextContent('Uploading…');
    await act(async () => finish());
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('img', { name: 'Featured image' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Remove image: Featured image' })),
    );
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows the stored image with Replace and Remove', () => {
    render(
      <ImagePicker
        label="Featured image"
        value="/storage/v1/object/public/events/a.jpg"
        onChange={vi.fn()}
      />,
    );
    expect(screen.getByRole('img', { name: 'Featured image' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Replace image: Featured image' }),
    ).toBeInTheDocument();
  });
});
