// The "add" link of a staff list: a button-styled link to the form that adds a row.
import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from './button';

/** A button-styled link with the plus icon before its label, e.g. to `/admin/members/add`. */
export function AddLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <ButtonLink to={to}>
      <Plus className="h-4 w-4" aria-hidden /> {children}
    </ButtonLink>
  );
}
