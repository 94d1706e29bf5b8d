import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentToast, dismissToast } from '@/components/ui/toast';
import { ExportCsvButton } from './export-button';

let downloaded: { name: string; blob: Blob } | null = null;
beforeEach(() => {
  downloaded = null;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    downloaded = { name: '', blob };
    return 'blob:csv';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (downloaded) downloaded.name = this.download;
  });
});
afterEach(() => dismissToast());

describe('ExportCsvButton', () => {
  it('downloads the guarded CSV and says how many rows', async () => {
    render(
      <ExportCsvButton
        filename="members"
        columns={[{ header: 'Name', value: (r: { name: string }) => r.name }]}
        rows={async () => [{ name: 'Asha' }, { name: '=cmd' }]}
      />,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Export CSV' })));
    expect(downloaded?.name).toBe('members.csv');
    const bytes = new Uint8Array(await downloaded!.blob.arrayBuffer());
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]); // the UTF-8 BOM
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('Name\r\nAsha\r\n"\'=cmd"');
    expect(currentToast()?.title).toBe('Exported 2 rows');
  });

  it('shows the spec error toast when fetching fails', async () => {
    render(
      <ExportCsvButton
        filename="members"
        columns={[]}
        rows={async () => {
          throw { status: 403, message: 'no' };
        }}
      />,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Export CSV' })));
    expect(currentToast()).toMatchObject({
      title: 'Error',
      description: 'You do not have permission to perform this action.',
      variant: 'destructive',
    });
    expect(downloaded).toBeNull();
  });
});
