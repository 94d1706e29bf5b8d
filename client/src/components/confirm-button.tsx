// A button that asks first, then runs its action and toasts when it is done: a row's
// "delete", "remove" or "cancel". The button stays disabled while the action runs, so a
// second click cannot send it twice; a failure is toasted by the query client already.
import { useState, type ComponentProps } from 'react';
import { useConfirm, type ConfirmOptions } from '@/components/confirm-dialog';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { toastWhenDone } from '@/components/ui/toast';

export interface ConfirmButtonProps extends Omit<ComponentProps<'button'>, 'onClick' | 'type'> {
  /** What the confirmation asks; destructive (red, focus on Cancel) unless it says otherwise. */
  confirm: ConfirmOptions;
  /** The work once confirmed, usually `mutation.mutateAsync(…)`. */
  action: () => Promise<unknown>;
  /** The success toast's title. */
  done: string;
  /** A `Button` variant, or `null` for a button styled by `className` alone. */
  variant?: ButtonVariant | null;
}

export function ConfirmButton({
  confirm: options,
  action,
  done,
  variant = 'ghost',
  disabled,
  className = '',
  ...props
}: ConfirmButtonProps) {
  const confirm = useConfirm();
  const [running, setRunning] = useState(false);
  async function onClick() {
    if (!(await confirm({ destructive: true, ...options }))) return;
    setRunning(true);
    // Awaited through toastWhenDone: the row may unmount once its record is gone, and the
    // toast must still come.
    await toastWhenDone(action(), done);
    setRunning(false);
  }
  const shared = {
    ...props,
    disabled: disabled || running,
    onClick: () => void onClick(),
  };
  return variant === null ? (
    <button type="button" className={className} {...shared} />
  ) : (
    <Button variant={variant} className={className} {...shared} />
  );
}
