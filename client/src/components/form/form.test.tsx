import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { emailField, fileField, numberField, textField, yesNoField } from '@/lib/validation/fields';
import { Form } from './form';
import {
  CheckboxField,
  FileField,
  NumberField,
  RadioGroupField,
  SelectField,
  TextareaField,
  TextField,
} from './fields';
import { FormActions, FormSection, FormSubmit } from './layout';
import { useZodForm } from './use-zod-form';

const schema = z.object({
  firstName: textField('First name', { min: 2, max: 50 }),
  email: emailField('Email'),
  income: numberField('Monthly income', { min: 0 }),
  city: textField('City', { required: false }),
  gender: z.enum(['male', 'female'], { message: 'Gender is required' }),
  manglik: yesNoField('Manglik'),
  agree: z.boolean(),
  role: textField('Role'),
  photo: fileField('Photo', { maxBytes: 1024, types: ['image/jpeg'] }),
});
type Out = z.output<typeof schema>;

function Harness({ onSubmit }: { onSubmit: (v: Out) => unknown }) {
  const form = useZodForm(schema, {
    defaultValues: {
      firstName: '',
      email: '',
      income: null,
      city: '',
      manglik: '',
      agree: false,
      role: 'member',
      photo: null,
    },
  });
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Profile">
      <FormSection title="About you">
        <TextField name="firstName" label="First name" required />
        <TextField name="email" label="Email" type="email" required />
        <NumberField name="income" label="Monthly income" />
        <TextField name="city" label="City" />
        <RadioGroupField
          name="gender"
          label="Gender"
          options={[
            { value: 'male', label: 'Male' },
            { value: 'female', label: 'Female' },
          ]}
        />
        <SelectField
          name="manglik"
          label="Manglik"
          options={[
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No' },
          ]}
        />
        <CheckboxField name="agree" label="I agree" />
        <SelectField name="role" label="Role" options={[{ value: 'member', label: 'Member' }]} />
        <FileField name="photo" label="Photo" accept="image/jpeg" />
      </FormSection>
      <FormActions>
        <FormSubmit>Save profile</FormSubmit>
      </FormActions>
    </Form>
  );
}

const submit = () =>
  act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save profile' })));

describe('the form kit', () => {
  it('shows the spec messages, a summary linking to the fields, and focuses the first error', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    await submit();
    const firstName = screen.getByLabelText(/First name/);
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(firstName).toHaveAccessibleDescription('First name is required');
    expect(screen.getByLabelText(/Email/)).toHaveAccessibleDescription('Email is required');
    await waitFor(() => expect(firstName).toHaveFocus());
    const summary = screen.getByRole('alert');
    expect(summary).toHaveTextContent('Please correct the following');
    expect(summary).toHaveTextContent('Gender is required');
    fireEvent.click(screen.getByRole('link', { name: 'Email is required' }));
    expect(screen.getByLabelText(/Email/)).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits parsed values: empty number → null, optional text → null, yes → true', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText(/First name/), { target: { value: '  Asha ' } });
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'Asha@Example.org' } });
    fireEvent.click(screen.getByLabelText('Female'));
    fireEvent.change(screen.getByLabelText('Manglik'), { target: { value: 'yes' } });
    await submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0][0]).toEqual({
      firstName: 'Asha',
      email: 'asha@example.org',
      income: null,
      city: null,
      gender: 'female',
      manglik: true,
      agree: false,
      role: 'member',
      photo: null,
    });
  });

  it('turns typed numbers into numbers and reports text that is not one', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText(/First name/), { target: { value: 'Asha' } });
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'a@b.co' } });
    fireEvent.click(screen.getByLabelText('Male'));
    fireEvent.change(screen.getByLabelText('Monthly income'), { target: { value: 'lots' } });
    await submit();
    expect(screen.getByLabelText('Monthly income')).toHaveAccessibleDescription(
      'Monthly income must be a number',
    );
    fireEvent.change(screen.getByLabelText('Monthly income'), { target: { value: '45,000' } });
    await submit();
    expect(onSubmit.mock.calls[0][0].income).toBe(45000);
  });

  it('checks picked files with the spec upload messages', async () => {
    render(<Harness onSubmit={vi.fn()} />);
    const big = new File(['x'.repeat(2048)], 'big.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Photo'), { target: { files: [big] } });
    expect(screen.getByText('Selected: big.png')).toBeInTheDocument();
    await submit();
    expect(screen.getByLabelText('Photo')).toHaveAccessibleDescription(
      'File type not allowed. Allowed types: image/jpeg',
    );
  });

  it('disables the controls while submitting and shows a thrown error in the summary', async () => {
    let fail: (e: unknown) => void = () => undefined;
    const onSubmit = () => new Promise((_, reject) => (fail = reject));
    render(<Harness onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText(/First name/), { target: { value: 'Asha' } });
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'a@b.co' } });
    fireEvent.click(screen.getByLabelText('Male'));
    await submit();
    expect(screen.getByLabelText(/First name/)).toBeDisabled();
    expect(screen.getByRole('button', { name: /Saving/ })).toBeDisabled();
    await act(async () => fail({ code: '23505', message: 'duplicate key' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Duplicate entry - this record already exists',
    );
    expect(screen.getByLabelText(/First name/)).toBeEnabled();
  });
});

describe('TextareaField', () => {
  it('shows a live character count against maxLength', () => {
    const s = z.object({ message: textField('Message', { min: 10, max: 1000 }) });
    function Box() {
      const form = useZodForm(s, { defaultValues: { message: '' } });
      return (
        <Form form={form} onSubmit={() => undefined}>
          <TextareaField name="message" label="Message" maxLength={1000} />
        </Form>
      );
    }
    render(<Box />);
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Namaskara' } });
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription('9 / 1000');
  });
});
