import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfirmProvider } from '@/components/confirm-dialog';
import { textField } from '@/lib/validation/fields';
import { Form } from './form';
import { TextField } from './fields';
import { useZodForm } from './use-zod-form';

const schema = z.object({ title: textField('Title') });

function EditPage() {
  const form = useZodForm(schema, { defaultValues: { title: 'Diwali' } });
  return (
    <>
      <Form form={form} onSubmit={() => undefined} guardUnsaved aria-label="Edit">
        <TextField name="title" label="Title" />
      </Form>
      <Link to="/list">Back to Events</Link>
    </>
  );
}

function mount() {
  const router = createMemoryRouter(
    [
      { path: '/edit', element: <EditPage /> },
      { path: '/list', element: <h1>Events</h1> },
    ],
    { initialEntries: ['/edit'] },
  );
  render(
    <ConfirmProvider>
      <RouterProvider router={router} />
    </ConfirmProvider>,
  );
}

// The dialog loads lazily; load it once up front so a busy machine does not time the
// first test out.
beforeAll(async () => {
  await import('@/components/confirm-dialog-view');
}, 30_000);

describe('guardUnsaved', () => {
  it('leaves at once when nothing changed', async () => {
    mount();
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Back to Events' })));
    expect(screen.getByRole('heading', { name: 'Events' })).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes: Stay keeps the page, Leave page goes', async () => {
    mount();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Deepavali' } });
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Back to Events' })));
    await screen.findByRole('alertdialog', { name: 'Leave without saving?' }, { timeout: 10_000 });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay' })));
    expect(screen.getByLabelText('Title')).toHaveValue('Deepavali');

    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Back to Events' })));
    await screen.findByRole('alertdialog', {}, { timeout: 10_000 });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Leave page' })));
    expect(await screen.findByRole('heading', { name: 'Events' })).toBeInTheDocument();
  });
});
