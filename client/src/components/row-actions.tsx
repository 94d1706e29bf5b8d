// A row's two icon buttons: edit (a pencil) and delete (a bin, asking first).
import { Pencil, Trash2 } from 'lucide-react';
import { ConfirmButton, type ConfirmButtonProps } from '@/components/confirm-button';
import { Button } from '@/components/ui/button';

/** A ghost button showing a pencil; `label` names what it edits ("Edit {title}"). */
export function EditButton({
  label,
  onClick,
  className,
}: {
  label: string;
  onClick: () => void;
  className?: string;
}) {
  return (
    <Button variant="ghost" className={className} aria-label={label} onClick={onClick}>
      <Pencil className="h-4 w-4" aria-hidden />
    </Button>
  );
}

/** A `ConfirmButton` showing a bin: asks, deletes, toasts `done`. Name it with `aria-label`. */
export function DeleteButton(props: Omit<ConfirmButtonProps, 'children'>) {
  return (
    <ConfirmButton {...props}>
      <Trash2 className="h-4 w-4" aria-hidden />
    </ConfirmButton>
  );
}
