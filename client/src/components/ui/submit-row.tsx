// A short form's submit button on a line of its own.
import type { ReactNode } from 'react';
import { Button } from './button';

/**
 * The submit button in its own `<div>` (`className` places it, e.g. `sm:col-span-2` under a
 * two-column grid), disabled while the form's mutation runs (`pending`).
 */
export function SubmitRow({
  pending,
  className,
  children,
}: {
  pending: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <Button type="submit" disabled={pending}>
        {children}
      </Button>
    </div>
  );
}
