// A dialog over the page (Radix Dialog) for a form or a record: its heading, a line under it,
// the close button and the content. Closing (Escape, the X, a click outside) calls onClose.
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';

export interface ModalProps {
  title: ReactNode;
  /** The line under the heading (read out as the dialog's description). */
  description: ReactNode;
  /** Anything under the description, beside the close button (a link). */
  aside?: ReactNode;
  /** The close button's accessible name, from the screen's text module. */
  closeLabel: string;
  onClose: () => void;
  /** The panel's width and scrolling: `max-w-lg`, `max-w-3xl overflow-y-auto`, … */
  className?: string;
  /** The heading's size. */
  titleClassName?: string;
  children: ReactNode;
}

export function Modal({
  title,
  description,
  aside,
  closeLabel,
  onClose,
  className = 'max-w-lg',
  titleClassName = 'text-xl',
  children,
}: ModalProps) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-stone-950/50" />
        <Dialog.Content
          className={`fixed inset-x-2 top-4 z-40 mx-auto rounded-lg bg-white p-5 shadow-xl focus:outline-none sm:p-6 ${className}`}
        >
          <div className="flex items-start justify-between gap-3">
            <div>
              <Dialog.Title className={`font-serif font-bold ${titleClassName}`}>
                {title}
              </Dialog.Title>
              <Dialog.Description className="text-sm text-stone-700">
                {description}
              </Dialog.Description>
              {aside}
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" aria-label={closeLabel}>
                <X className="h-5 w-5" aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
