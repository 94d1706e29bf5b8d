import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requiredText } from '@/lib/validation/as-typed';
import { StepsForm, type StepSpec } from './steps-form';

const steps: StepSpec[] = [
  {
    title: 'About you',
    fields: [
      { name: 'firstName', label: 'First name' },
      { name: 'panNo', label: 'PAN' },
    ],
  },
  { title: 'Contact', fields: [{ name: 'city', label: 'City' }] },
];
const schema = z.object({
  firstName: requiredText('First name is required'),
  panNo: z.string(),
  city: z.string(),
});
const defaults = { firstName: '', panNo: '', city: '' };

afterEach(() => localStorage.clear());

const renderForm = (formId: string) =>
  render(
    <StepsForm
      formId={formId}
      steps={steps}
      schema={schema}
      defaults={defaults}
      onSubmit={async () => {}}
    />,
  );

describe('StepsForm', () => {
  it('shows the progress and stops at a step with the schema message', async () => {
    renderForm('t');
    expect(screen.getByTestId('step-counter')).toHaveTextContent('Step 1 of 2: About you');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByTestId('step-counter')).toHaveTextContent('Step 1 of 2');
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Asha' } });
    await waitFor(() => expect(screen.queryByText('First name is required')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(screen.getByTestId('step-counter')).toHaveTextContent('Step 2 of 2: Contact'),
    );
    expect(screen.getByText(/Security check: what is/)).toBeInTheDocument();
  });

  it('keeps a draft without the PAN and restores it', async () => {
    const { unmount } = renderForm('d');
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Asha' } });
    fireEvent.change(screen.getByLabelText('PAN'), { target: { value: 'ABCPB1234K' } });
    await waitFor(() => expect(localStorage.getItem('havyaka:draft:d')).toContain('Asha'));
    expect(localStorage.getItem('havyaka:draft:d')).not.toContain('ABCPB');
    unmount();
    renderForm('d');
    expect(await screen.findByDisplayValue('Asha')).toBeInTheDocument();
    expect(
      screen.getByText('We restored the answers you had typed on this device.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('PAN')).toHaveValue('');
  });
});
