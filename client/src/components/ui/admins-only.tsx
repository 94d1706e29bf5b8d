// A staff screen that only admins use, opened by another staff role whose sidebar lists it
// (spec §2: the "other admins" share five groups): it says so plainly and offers the way back,
// instead of empty lists and figures that seem to fail (issue 40). The database is the gate.
import type { ComponentType, ReactNode } from 'react';
import { ADMINS } from '@/lib/authorization';
import { ButtonLink } from './button';
import { Notice } from './notice';
import { PageHeader } from './states';
import { adminsOnlyText } from './admins-only-text';
import { useText } from '@/lib/i18n/words';
import { useAuth } from '@/lib/auth';

/** Admins (super_admin, admin): the people, payments and accounts screens are theirs. */
export const isAdminType = (type: string | null | undefined) =>
  (ADMINS as string[]).includes(type ?? '');

export function AdminsOnly({ title, children }: { title: string; children: ReactNode }) {
  const t = useText(adminsOnlyText);
  return (
    <div data-testid="admins-only">
      <PageHeader title={title} />
      <Notice>{children}</Notice>
      <ButtonLink to="/admin" variant="secondary">
        {t.backToDashboard}
      </ButtonLink>
    </div>
  );
}

/** A screen only admins use: `children` for an admin, [`AdminsOnly`] with the screen's title
 *  and `text.adminsOnly` for another staff role. */
export function AdminsOnlyGate({
  text,
  children,
}: {
  text: { title: string; adminsOnly: string };
  children: ReactNode;
}) {
  const auth = useAuth();
  if (!isAdminType(auth.user?.type))
    return <AdminsOnly title={text.title}>{text.adminsOnly}</AdminsOnly>;
  return children;
}

/** The route component of a screen only admins use (another staff role is told so, issue 40):
 *  `export const Component = adminsOnlyScreen(text, Screen);`. */
export function adminsOnlyScreen(
  text: { title: string; adminsOnly: string },
  Screen: ComponentType,
): ComponentType {
  return function AdminsOnlyScreen() {
    return (
      <AdminsOnlyGate text={text}>
        <Screen />
      </AdminsOnlyGate>
    );
  };
}
