// Pasting a code works (issue 35, flows kind to elders; WCAG 3.3.8): the whole message pasted
// from an e-mail or SMS gives the field its six digits, in the sign-in code form and the
// authenticator step, and the form can be sent.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CodeForm } from './components/code-form';
import { SecondFactorForm } from './components/second-factor-form';

const signInWithOtp = vi.fn(async () => ({ data: {}, error: null }));
vi.mock('@/lib/sdk', () => ({ sdk: () => ({ auth: { signInWithOtp } }) }));

describe('a pasted code', () => {
  it('fills the sign-in code field with its digits', async () => {
    const user = userEvent.setup({ delay: null });
    render(<CodeForm phoneEnabled={false} onSignedIn={async () => {}} />);
    await user.click(screen.getByLabelText('Email'));
    await user.paste('lakshmi.hegde@example.org');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const field = await screen.findByLabelText(/^Code/);
    expect(signInWithOtp).toHaveBeenCalledOnce();
    await user.click(field);
    await user.paste('Your sign-in code for the Havyaka app is 482 913. It works for one hour.');
    expect(field).toHaveValue('482913');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  }, 20_000);

  it('fills the authenticator code field with its digits', async () => {
    const user = userEvent.setup({ delay: null });
    render(<SecondFactorForm factorId="f" onVerified={async () => {}} />);
    const field = screen.getByLabelText(/Authenticator code/);
    await user.click(field);
    await user.paste(' 306 114 ');
    expect(field).toHaveValue('306114');
    await user.clear(field);
    await user.type(field, '12a34');
    expect(field).toHaveValue('1234');
  }, 20_000);
});
