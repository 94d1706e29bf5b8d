// /admin: the staff's dashboard: the figures of the screens the role can use, each a link to
// the list it counts (filtered: the office's morning work list), the contact inbox for admins,
// the membership card scanner for event staff and admins (it has no sidebar entry: spec §2's
// list is exact) and the last verified restore for the super admin.
import {
  CalendarDays,
  GraduationCap,
  Heart,
  Mail,
  ScanLine,
  ShieldCheck,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { QueryState } from '@/components/ui/query-state';
import { LoadingState } from '@/components/ui/states';
import { useAuth } from '@/lib/auth';
import { ADMINS, EVENT_STAFF, type Role } from '@/lib/authorization';
import { useDashboardStats } from '../api/dashboard';
import { useVerifiedRestore } from '../api/restore-status';
import { text } from '../text';

/** The office's morning work list (issue 40): every figure opens the list it counts, with the
 *  filter in the URL; a role sees only the figures of the screens it can use. */
const MAIN = [
  { key: 'members', icon: Users, to: '/admin/members', roles: ADMINS },
  { key: 'students', icon: GraduationCap, to: '/admin/students', roles: ADMINS },
  { key: 'matrimony', icon: Heart, to: '/admin/matrimony', roles: ADMINS },
  { key: 'events', icon: CalendarDays, to: '/admin/events', roles: EVENT_STAFF },
] as const;
const WORK = [
  { key: 'pending_members', to: '/admin/members?status=Check', roles: ADMINS },
  { key: 'pending_students', to: '/admin/students?approval_status=pending', roles: ADMINS },
  { key: 'pending_matrimony', to: '/admin/matrimony?approval_status=pending', roles: ADMINS },
  { key: 'pending_payments', to: '/admin/payments?status=pending', roles: ADMINS },
  { key: 'upcoming_events', to: '/admin/events?when=upcoming', roles: EVENT_STAFF },
  { key: 'users', to: '/admin/users', roles: ADMINS },
] as const;
/** The tools linked under the figures, with the roles that use them. */
const TOOLS = [
  { key: 'scanner', icon: ScanLine, to: '/admin/card-scanner', roles: EVENT_STAFF },
  { key: 'inbox', icon: Mail, to: '/admin/notifications?tab=inbox', roles: ADMINS },
] as const;

const figureLink =
  'block rounded-lg border border-stone-200 bg-white p-4 shadow-sm hover:border-orange-700 focus-visible:outline-2 focus-visible:outline-orange-700';

/** A link to a tool under the figures: its icon, its name, and a line on what it does. */
function ShortcutLink({
  to,
  icon: Icon,
  title,
  body,
  warn = false,
  'data-testid': testId,
}: {
  to: string;
  icon: LucideIcon;
  title: string;
  body: string;
  /** The line in red: something needs looking at. */
  warn?: boolean;
  'data-testid'?: string;
}) {
  return (
    <Link
      to={to}
      className="mt-6 flex items-center gap-3 rounded-md border border-stone-200 bg-white px-4 py-3 hover:border-orange-700"
      data-testid={testId}
    >
      <Icon className="h-5 w-5 text-orange-800" aria-hidden />
      <span>
        <span className="block font-semibold">{title}</span>
        <span className={`block text-sm ${warn ? 'text-red-700' : 'text-stone-600'}`}>{body}</span>
      </span>
    </Link>
  );
}

export function Component() {
  const auth = useAuth();
  const stats = useDashboardStats();
  const superAdmin = auth.user?.type === 'super_admin';
  const restore = useVerifiedRestore(superAdmin);
  const role = (auth.user?.type ?? '') as Role;
  const main = MAIN.filter((f) => (f.roles as Role[]).includes(role));
  const work = WORK.filter((f) => (f.roles as Role[]).includes(role));
  return (
    <div>
      <h1 className="font-serif text-2xl font-bold">{text.dashboard}</h1>
      <p className="mt-1 text-stone-700">
        {text.welcome(auth.user?.full_name ?? auth.user?.email ?? '')}
      </p>
      {main.length + work.length === 0 ? (
        <p className="mt-6 rounded-md bg-stone-100 p-3 text-sm text-stone-800">{text.noFigures}</p>
      ) : (
        <div className="mt-6">
          <QueryState
            query={stats}
            loading={<LoadingState rows={2} />}
            errorTitle={text.statsError}
          >
            {(counts) => (
              <>
                <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4" data-testid="dashboard-stats">
                  {main.map(({ key, icon: Icon, to }) => (
                    <li key={key}>
                      <Link to={to} className={figureLink}>
                        <Icon className="h-6 w-6 text-orange-800" aria-hidden />
                        <span className="mt-2 block text-3xl font-bold">{counts[key]}</span>
                        <span className="block text-sm text-stone-700">{text.stats[key]}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
                <h2 className="mt-8 font-serif text-xl font-bold">{text.workTitle}</h2>
                <ul
                  className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
                  data-testid="work-list"
                >
                  {work
                    .filter((f) => counts[f.key] !== undefined)
                    .map(({ key, to }) => (
                      <li key={key}>
                        <Link
                          to={to}
                          className="flex items-center justify-between gap-3 rounded-md border border-stone-200 bg-white px-4 py-3 hover:border-orange-700"
                        >
                          <span className="text-sm">{text.pending[key]}</span>
                          <span className="font-semibold">{counts[key]}</span>
                        </Link>
                      </li>
                    ))}
                </ul>
              </>
            )}
          </QueryState>
        </div>
      )}
      {superAdmin && restore.data && (
        <ShortcutLink
          to="/admin/backups"
          icon={ShieldCheck}
          title={text.verifiedRestore(restore.data.days)}
          body={restore.data.lastDrillFailed ? text.drillFailed : text.backupsLink}
          warn={restore.data.lastDrillFailed}
          data-testid="verified-restore"
        />
      )}
      {TOOLS.filter((f) => (f.roles as Role[]).includes(role)).map(({ key, icon, to }) => (
        <ShortcutLink key={key} to={to} icon={icon} title={text[key]} body={text[`${key}Body`]} />
      ))}
    </div>
  );
}
