// /admin/test: the system's state for staff (server, database and migrations, accounts
// service, storage and its buckets, push keys, this browser) and a test notification to
// oneself (send_test_push: the bell, and a push to one's own subscribed devices).
import { useMutation, useQuery } from '@tanstack/react-query';
import { BellRing, CheckCircle2, Loader2, RefreshCw, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { columnHelper, DataTable, type DataTableColumn } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { StaffHeader } from '@/components/ui/staff-header';
import { dataMessage, unwrap } from '@/lib/errors';
import { apiUrl, sdk } from '@/lib/sdk';
import { testText as t } from '../admin/test-text';

async function timed(path: string, init?: RequestInit) {
  const started = performance.now();
  const res = await fetch(`${apiUrl()}${path}`, init);
  const ms = Math.round(performance.now() - started);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return { ms, body: (await res.json().catch(() => null)) as unknown };
}

/** A storage bucket as listBuckets returns it. */
type BucketRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof sdk>['storage']['listBuckets']>>['data']
>[number];
const bc = columnHelper<BucketRow>();
const bucketColumns = (): DataTableColumn<BucketRow>[] => [
  bc.accessor('name', {
    header: t.columns.bucket,
    meta: { cardTitle: true, className: 'font-mono' },
  }),
  bc.accessor('public', {
    header: t.columns.access,
    cell: ({ getValue }) => (getValue() ? t.public : t.private),
  }),
  bc.accessor('file_size_limit', {
    header: t.columns.limit,
    cell: ({ getValue }) => {
      const limit = getValue();
      return limit ? t.megabytes(Math.round(Number(limit) / 1048576)) : '–';
    },
  }),
  bc.accessor('allowed_mime_types', {
    header: t.columns.types,
    cell: ({ getValue }) => (getValue() ?? []).join(', ') || '–',
  }),
];

function Check({
  name,
  query,
  detail,
}: {
  name: string;
  query: { isPending: boolean; isError: boolean; error: unknown; data?: unknown };
  detail?: ReactNode;
}) {
  const state = query.isPending ? 'pending' : query.isError ? 'error' : 'ok';
  return (
    <li
      className="flex items-start gap-3 rounded-lg border border-stone-200 bg-white p-4"
      data-state={state}
      data-testid="system-check"
    >
      {state === 'pending' ? (
        <Loader2 className="mt-0.5 h-5 w-5 animate-spin text-stone-500" aria-hidden />
      ) : state === 'error' ? (
        <XCircle className="mt-0.5 h-5 w-5 text-red-700" aria-hidden />
      ) : (
        <CheckCircle2 className="mt-0.5 h-5 w-5 text-emerald-700" aria-hidden />
      )}
      <div>
        <p className="font-semibold">
          {name}: {state === 'pending' ? t.checking : state === 'error' ? t.failed : t.ok}
        </p>
        <p className="text-sm text-stone-600">
          {state === 'error' ? dataMessage(query.error) : detail}
        </p>
      </div>
    </li>
  );
}

export function Component() {
  const server = useQuery({
    queryKey: ['system', 'health'],
    queryFn: () => timed('/health'),
    retry: 0,
  });
  const ready = useQuery({
    queryKey: ['system', 'ready'],
    queryFn: () => timed('/ready'),
    retry: 0,
  });
  const auth = useQuery({
    queryKey: ['system', 'auth'],
    queryFn: async () => {
      const config = (await timed('/api/client-config')).body as { anonKey: string };
      return timed('/auth/v1/health', { headers: { apikey: config.anonKey } });
    },
    retry: 0,
  });
  const storage = useQuery({
    queryKey: ['system', 'buckets'],
    queryFn: async () => unwrap(await sdk().storage.listBuckets()),
    retry: 0,
  });
  const push = useQuery({
    queryKey: ['system', 'push-key'],
    queryFn: async () =>
      (await timed('/api/push-public-key')).body as { publicKey?: string } | null,
    retry: 0,
  });
  const browser = useQuery({
    queryKey: ['system', 'browser'],
    queryFn: async () => ({
      sw: !!(await navigator.serviceWorker?.getRegistration())?.active,
      permission: typeof Notification === 'undefined' ? 'not supported' : Notification.permission,
    }),
    retry: 0,
  });
  const testPush = useMutation({
    mutationFn: async () => unwrap(await sdk().rpc('send_test_push')) as number,
    onSuccess: (devices) => toast({ title: t.testSent(devices), variant: 'success' }),
  });
  const all = [server, ready, auth, storage, push, browser];
  return (
    <div className="space-y-6">
      <StaffHeader
        title={t.title}
        intro={t.intro}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => all.forEach((q) => void q.refetch())}>
              <RefreshCw className="h-4 w-4" aria-hidden /> {t.refresh}
            </Button>
            <Button onClick={() => testPush.mutate()} disabled={testPush.isPending}>
              <BellRing className="h-4 w-4" aria-hidden /> {t.testPush}
            </Button>
          </div>
        }
      />
      <ul className="grid gap-3 md:grid-cols-2" aria-live="polite">
        <Check name={t.checks.server} query={server} detail={server.data && t.ms(server.data.ms)} />
        <Check name={t.checks.database} query={ready} detail={ready.data && t.ms(ready.data.ms)} />
        <Check name={t.checks.auth} query={auth} detail={auth.data && t.ms(auth.data.ms)} />
        <Check
          name={t.checks.storage}
          query={storage}
          detail={storage.data && t.buckets(storage.data.length)}
        />
        <Check
          name={t.checks.push}
          query={push}
          detail={push.data?.publicKey ? t.pushKey : t.noPushKey}
        />
        <Check
          name={t.checks.worker}
          query={browser}
          detail={browser.data && t.browser(browser.data.sw, browser.data.permission)}
        />
      </ul>
      {storage.data && storage.data.length > 0 && (
        <section className="space-y-2">
          <h2 className="font-semibold">{t.bucketTable}</h2>
          <DataTable
            label={t.bucketTable}
            columns={bucketColumns()}
            rows={storage.data}
            getRowId={(b) => b.id}
          />
        </section>
      )}
    </div>
  );
}
