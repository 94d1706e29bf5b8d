import { CalendarDays, GraduationCap, Heart, Mail, ShieldCheck, Users } from 'lucide-react';
import { Link } from 'react-router';
import { QueryState } from '@/components/ui/query-state';
import { Card, LoadingState } from '@/components/ui/states';
import { useAuth } from '@/lib/auth';
import { ADMINS, type Role } from '@/lib/authorization';
import { useDashboardStats } from '../api/dashboard';
import { useVerifiedRestore } from '../api/restore-status';
import { text } from '../text';

const MAIN = [
  { key: 'members', icon: Users },
  { key: 'students', icon: GraduationCap },
  { key: 'matrimony', icon: Heart },
  { key: 'events', icon: CalendarDays },
] as const;

export function Component() {
  const auth = useAuth();
  const stats = useDashboardStats();
  const superAdmin = auth.user?.type === 'super_admin';
  const restore = useVerifiedRestore(superAdmin);
  return (
    <div>
      <h1 className="font-serif text-2xl font-bold">{text.dashboard}</h1>
      <p className="mt-1 text-stone-700">
        {text.welcome(auth.user?.full_name ?? auth.user?.email ?? '')}
      </p>
      <div className="mt-6">
        <QueryState query={stats} loading={<LoadingState rows={2} />} errorTitle={text.statsError}>
          {(counts) => (
            <>
              <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4" data-testid="dashboard-stats">
                {MAIN.map(({ key, icon: Icon }) => (
                  <li key={key}>
                    <Card>
                      <Icon className="h-6 w-6 text-orange-800" aria-hidden />
                      <p className="mt-2 text-3xl font-bold">{counts[key]}</p>
                      <p className="text-sm text-stone-700">{text.stats[key]}</p>
                    </Card>
                  </li>
                ))}
              </ul>
              <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {(Object.keys(text.pending) as (keyof typeof text.pending)[])
                  .filter((k) => counts[k] !== undefined)
                  .map((k) => (
                    <li
                      key={k}
                      className="flex items-center justify-between rounded-md border border-stone-200 bg-white px-4 py-3"
                    >
                      <span className="text-sm">{text.pending[k]}</span>
                      <span className="font-semibold">{counts[k]}</span>
                    </li>
                  ))}
              </ul>
            </>
          )}
        </QueryState>
      </div>
      {superAdmin && restore.data && (
        <Link
          to="/admin/backups"
          className="mt-6 flex items-center gap-3 rounded-md border border-stone-200 bg-white px-4 py-3 hover:border-orange-700"
          data-testid="verified-restore"
        >
          <ShieldCheck className="h-5 w-5 text-orange-800" aria-hidden />
          <span>
            <span className="block font-semibold">{text.verifiedRestore(restore.data.days)}</span>
            <span
              className={`block text-sm ${restore.data.lastDrillFailed ? 'text-red-700' : 'text-stone-600'}`}
            >
              {restore.data.lastDrillFailed ? text.drillFailed : text.backupsLink}
            </span>
          </span>
        </Link>
      )}
      {ADMINS.includes(auth.user?.type as Role) && (
        <Link
          to="/admin/notifications?tab=inbox"
          className="mt-6 flex items-center gap-3 rounded-md border border-stone-200 bg-white px-4 py-3 hover:border-orange-700"
        >
          <Mail className="h-5 w-5 text-orange-800" aria-hidden />
          <span>
            <span className="block font-semibold">{text.inbox}</span>
            <span className="block text-sm text-stone-600">{text.inboxBody}</span>
          </span>
        </Link>
      )}
    </div>
  );
}
