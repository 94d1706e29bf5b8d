// The confirmation dialog's markup (Radix Dialog as an alert dialog), loaded lazily by
// ConfirmProvider.
import * as Dialog from '@radix-ui/react-dialog';
import { AlertTriangle } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from './ui/button';
import { controlClass } from './ui/field';
import type { ConfirmOptions } from './confirm-dialog';
import { confirmText } from './confirm-text';

export default function ConfirmDialogView({
  options,
  onSettle,
}: {
  options: ConfirmOptions;
  onSettle: (ok: boolean) => void;
}) {
  const { title, description, confirmLabel, cancelLabel, destructive, requireText } = options;
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const blocked = requireText !== undefined && typed.trim() !== requireText;

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onSettle(false)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-stone-950/50" />
        <Dialog.Content
          role="alertdialog"
          onOpenAutoFocus={(e) => {
            // Safe default: the text box if one must be typed, else Cancel for destructive actions.
            const target =
              requireText !== undefined ? inputRef.current : destructive ? cancelRef.current : null;
            if (target) {
              e.preventDefault();
              target.focus();
            }
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl focus:outline-none"
        >
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (!blocked) onSettle(true);
            }}
          >
            <div className="flex gap-3">
              {destructive && (
                <AlertTriangle className="mt-0.5 h-6 w-6 shrink-0 text-red-700" aria-hidden />
              )}
              <div className="min-w-0 flex-1">
                <Dialog.Title className="font-serif text-xl font-bold text-stone-900">
                  {title}
                </Dialog.Title>
                {description ? (
                  <Dialog.Description asChild>
                    <div className="mt-2 text-sm text-stone-700">{description}</div>
                  </Dialog.Description>
                ) : (
                  <Dialog.Description className="sr-only">{title}</Dialog.Description>
                )}
              </div>
            </div>
            {requireText !== undefined && (
              <div className="mt-4">
                <label
                  htmlFor={inputId}
                  className="mb-1 block text-sm font-semibold text-stone-800"
                >
                  {confirmText.typeToConfirm(requireText)}
                </label>
                <input
                  id={inputId}
                  ref={inputRef}
                  value={typed}
                  autoComplete="off"
                  spellCheck={false}
                  onChange={(e) => setTyped(e.target.value)}
                  className={controlClass}
                />
              </div>
            )}
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button ref={cancelRef} variant="secondary" onClick={() => onSettle(false)}>
                {cancelLabel ?? confirmText.cancel}
              </Button>
              <Button type="submit" variant={destructive ? 'danger' : 'primary'} disabled={blocked}>
                {confirmLabel ?? confirmText.confirm}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
