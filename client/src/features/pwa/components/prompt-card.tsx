// The cards the app offers at the bottom of the screen (install the app, it is installed,
// turn notifications on): an icon beside the words, and the offer's two buttons.
import type { ComponentProps, ReactNode } from 'react';
import { Button } from '@/components/ui/button';

export function PromptCard({
  icon,
  bottom = 'bottom-20',
  border = 'border-stone-200',
  children,
  ...props
}: ComponentProps<'aside'> & {
  icon: ReactNode;
  /** Its distance from the bottom (a Tailwind class). */
  bottom?: string;
  /** Its border colour (a Tailwind class). */
  border?: string;
}) {
  return (
    <aside
      {...props}
      className={`fixed right-4 ${bottom} left-4 z-50 rounded-lg border ${border} bg-white p-4 shadow-xl sm:left-auto sm:w-96`}
    >
      <div className="flex gap-3">
        {icon}
        {children}
      </div>
    </aside>
  );
}

/** The offer's buttons: take it, or not now. */
export function PromptActions({
  accept,
  onAccept,
  busy,
  dismiss,
  onDismiss,
}: {
  accept: string;
  onAccept: () => void;
  busy?: boolean;
  dismiss: string;
  onDismiss: () => void;
}) {
  return (
    <div className="mt-3 flex gap-2">
      <Button disabled={busy} onClick={onAccept}>
        {accept}
      </Button>
      <Button variant="ghost" onClick={onDismiss}>
        {dismiss}
      </Button>
    </div>
  );
}
