import * as Popover from '@radix-ui/react-popover';
import { Bell, Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { useAuth } from '@/lib/auth';
import { formatDate } from '@/lib/images';
import {
  badgeText,
  notificationTarget,
  useDeleteNotification,
  useMarkAllRead,
  useMarkRead,
  useNotifications,
  type Notification,
} from '../api/notifications';
import { text } from '../text';

export function NotificationBell() {
  const auth = useAuth();
  const userId = auth.session?.user.id;
  if (!userId) return null;
  return <Bell_ userId={userId} role={auth.user?.type} />;
}

function Bell_({ userId, role }: { userId: string; role: string | undefined }) {
  const navigate = useNavigate();
  const list = useNotifications(userId);
  const markRead = useMarkRead(userId);
  const markAll = useMarkAllRead(userId);
  const remove = useDeleteNotification(userId);
  const items = list.data ?? [];
  const unread = items.filter((n) => !n.is_read).length;

  const open = (n: Notification) => {
    if (!n.is_read) markRead.mutate(n.id);
    const target = notificationTarget(n, role);
    if (target) navigate(target);
  };

  return (
    <Popover.Root>
      <Popover.Trigger
        className="relative inline-flex min-h-11 min-w-11 items-center justify-center rounded-md hover:bg-stone-100"
        aria-label={text.bell(unread)}
        data-testid="notification-bell"
      >
        <Bell className="h-5 w-5" aria-hidden />
        {unread > 0 && (
          <span className="absolute top-1 right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-[11px] leading-5 font-bold text-white">
            {badgeText(unread)}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          className="z-50 w-[min(24rem,calc(100vw-1rem))] rounded-lg border border-stone-200 bg-white shadow-xl"
        >
          <div className="flex items-center justify-between border-b border-stone-200 px-4 py-3">
            <h2 className="font-semibold">{text.title}</h2>
            <button
              type="button"
              className="text-sm font-semibold text-orange-800 hover:underline disabled:opacity-50"
              disabled={unread === 0 || markAll.isPending}
              onClick={() =>
                markAll.mutate(undefined, {
                  onSuccess: () => toast({ title: text.allMarked, variant: 'success' }),
                })
              }
            >
              {text.markAllRead}
            </button>
          </div>
          <div className="max-h-96 overflow-y-auto">
            {list.isPending ? (
              <div className="p-4">
                <Spinner />
              </div>
            ) : list.isError ? (
              <p className="p-4 text-sm text-red-800">{text.loadError}</p>
            ) : items.length === 0 ? (
              <div className="p-6 text-center text-sm">
                <p className="font-semibold">{text.empty}</p>
                <p className="mt-1 text-stone-600">{text.emptyBody}</p>
              </div>
            ) : (
              <ul>
                {items.map((n) => (
                  <li
                    key={n.id}
                    className={`flex gap-2 border-b border-stone-100 px-4 py-3 ${n.is_read ? '' : 'bg-orange-50'}`}
                  >
                    <Popover.Close asChild>
                      <button type="button" className="flex-1 text-left" onClick={() => open(n)}>
                        <span className="block text-sm font-semibold">
                          {!n.is_read && <span className="sr-only">{text.unreadLabel}: </span>}
                          {n.title}
                        </span>
                        <span className="block text-sm text-stone-700">{n.message}</span>
                        <span className="block text-xs text-stone-500">
                          {formatDate(n.created_at, { dateStyle: 'medium', timeStyle: 'short' })}
                        </span>
                      </button>
                    </Popover.Close>
                    <button
                      type="button"
                      className="self-start rounded p-2 text-stone-600 hover:bg-stone-100"
                      aria-label={text.remove(n.title)}
                      onClick={() => remove.mutate(n.id)}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
