// /admin/members/{id}: one entry of the register with its ledger, connections and approval
// history; approve, reject, edit, and delete (only without ledger entries, spec §7).
import { Check, Pencil, Trash2, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useConfirm } from '@/components/confirm-dialog';
import { columnHelper, type DataTableColumn } from '@/components/data-table';
import { ResourceList } from '@/components/resource-list';
import { IdentityNumbers } from '@/components/identity-numbers';
import { Button, ButtonLink } from '@/components/ui/button';
import { loaded, QueryState } from '@/components/ui/query-state';
import { Card, EmptyState, LoadingState, PageHeader } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { useAuth } from '@/lib/auth';
import {
  useApprovalHistory,
  useDeleteMember,
  useDirectoryEntry,
  useMemberConnections,
  useMemberLedger,
  useMembershipClaim,
  useMembershipForm,
} from '../api/admin-directory';
import { StatusBadge } from '../components/status-badge';
import { useApprovalActions } from '../components/use-approval-actions';
import { formatDate, formatDateTime, formatInr, ledgerBalance } from '@/lib/display-format';
import { adminText as text } from '../text';

const f = text.fields;

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`panel-${title}`} className="mt-6">
      <h2 id={`panel-${title}`} className="mb-2 font-serif text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

// The panels' placeholder while their query is awaited.
const panelLoading = <LoadingState rows={1} height="h-12" />;

type LedgerRow = NonNullable<ReturnType<typeof useMemberLedger>['data']>[number];
const lc = columnHelper<LedgerRow>();
const money = (v: number | string | null) => (Number(v) ? formatInr(v) : '');
const ledgerColumns = (): DataTableColumn<LedgerRow>[] => [
  lc.accessor('entry_date', {
    header: text.ledgerCols.date,
    meta: { className: 'whitespace-nowrap' },
    cell: ({ getValue }) => formatDate(getValue()),
  }),
  lc.accessor('description', { header: text.ledgerCols.description, meta: { cardTitle: true } }),
  lc.accessor('reference', { header: text.ledgerCols.reference }),
  lc.accessor('debit', {
    header: text.ledgerCols.debit,
    meta: { className: 'text-right tabular-nums' },
    cell: ({ getValue }) => money(getValue()),
  }),
  lc.accessor('credit', {
    header: text.ledgerCols.credit,
    meta: { className: 'text-right tabular-nums' },
    cell: ({ getValue }) => money(getValue()),
  }),
];

/** The entry's ledger: a table from 768 px, cards below, and the balance under it. */
function Ledger({ id }: { id: string }) {
  const ledger = useMemberLedger(id);
  return (
    <ResourceList
      query={ledger}
      label={text.ledger}
      columns={ledgerColumns()}
      empty={{ title: text.ledgerEmpty }}
      footer={
        ledger.data?.length ? (
          <p className="flex justify-between rounded-lg border border-stone-200 bg-white px-3 py-2 font-semibold">
            <span>{text.balance}</span>
            <span className="tabular-nums">{formatInr(ledgerBalance(ledger.data))}</span>
          </p>
        ) : null
      }
    />
  );
}

function Connections({ userId }: { userId: string | null }) {
  const connections = useMemberConnections(userId);
  if (!userId) return <p className="text-sm text-stone-600">{text.noAccount}</p>;
  return (
    <QueryState query={connections} loading={panelLoading}>
      {(rows) =>
        rows.length === 0 ? (
          <EmptyState title={text.connectionsEmpty} />
        ) : (
          <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200 bg-white text-sm">
            {rows.map((c) => {
              const other = c.requester_id === userId ? c.requested : c.requester;
              return (
                <li key={c.id} className="flex flex-wrap justify-between gap-2 px-3 py-2">
                  <span>
                    {c.requester_id === userId ? '→ ' : '← '}
                    {other?.full_name ?? other?.email}
                  </span>
                  <span className="text-stone-600">
                    {c.status} · {formatDate(c.created_at)}
                  </span>
                </li>
              );
            })}
          </ul>
        )
      }
    </QueryState>
  );
}

function MembershipFormPanel({ userId, canReveal }: { userId: string | null; canReveal: boolean }) {
  const form = useMembershipForm(userId);
  if (!userId) return <p className="text-sm text-stone-600">{text.noForm}</p>;
  return (
    <QueryState query={form} loading={panelLoading}>
      {(m) =>
        !m ? (
          <p className="text-sm text-stone-600">{text.noForm}</p>
        ) : (
          <Card>
            <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
              {(
                [
                  [text.formFields.name, [m.first_name, m.surname].filter(Boolean).join(' ')],
                  [text.formFields.father_name, m.father_name],
                  [text.formFields.gender, m.gender],
                  [text.formFields.occupation, m.occupation],
                  [text.formFields.education, m.education],
                  [text.formFields.nakshatra_rashi, m.nakshatra_rashi],
                  [text.formFields.mother_tongue, m.mother_tongue],
                  [text.formFields.upgradation, m.is_upgradation ? m.existing_membership_no : null],
                ] as [string, string | null][]
              ).map(([label, value]) => (
                <div key={label}>
                  <dt className="text-xs font-semibold text-stone-600 uppercase">{label}</dt>
                  <dd>{value || '—'}</dd>
                </div>
              ))}
            </dl>
            <div className="mt-4 border-t border-stone-100 pt-4">
              <IdentityNumbers
                table="members"
                id={m.id}
                pan={m.pan_number}
                aadhar={m.aadhar_number}
                canReveal={canReveal}
              />
            </div>
          </Card>
        )
      }
    </QueryState>
  );
}

/** The membership number and e-mail an application claims, against the register (the
 *  approver's check; the database refuses a second approved holder of a number). */
function Claim({ id }: { id: string }) {
  const claim = useMembershipClaim(id);
  if (!claim.data?.membership_no && claim.data?.email_matches_account !== false) return null;
  const c = claim.data;
  const t = text.claim;
  return (
    <Panel title={t.title}>
      <Card>
        <div className="space-y-2 text-sm" data-testid="membership-claim">
          {c.membership_no && <p className="font-semibold">{t.number(c.membership_no)}</p>}
          {c.membership_no && (c.register?.length ?? 0) === 0 && <p>{t.notInRegister}</p>}
          {(c.register?.length ?? 0) > 0 && (
            <>
              <p>{t.inRegister}</p>
              <ul className="list-disc pl-5">
                {c.register!.map((r) => (
                  <li key={r.id}>
                    <Link className="underline" to={`/admin/members/${r.id}`}>
                      {r.unique_id} · {r.full_name}
                      {r.city ? `, ${r.city}` : ''}
                    </Link>{' '}
                    (
                    {t.registerStatus(
                      text.approvalLabels[r.approval_status] ?? r.approval_status,
                      r.has_account,
                    )}
                    )
                  </li>
                ))}
              </ul>
            </>
          )}
          {c.taken && <p className="font-semibold text-red-800">{t.taken}</p>}
          {!c.email_matches_account && (
            <p className="text-amber-900">
              {t.emailDiffers(c.form_email ?? '—', c.account_email ?? '—')}
            </p>
          )}
        </div>
      </Card>
    </Panel>
  );
}

function History({ id }: { id: string }) {
  const history = useApprovalHistory(id);
  return (
    <QueryState query={history} loading={panelLoading}>
      {(rows) =>
        rows.length === 0 ? (
          <EmptyState title={text.historyEmpty} />
        ) : (
          <ol className="space-y-2 text-sm" data-testid="approval-history">
            {rows.map((h) => (
              <li key={h.id} className="rounded-md border border-stone-200 bg-white px-3 py-2">
                <p>
                  <span className="font-semibold">{text.historyActions[h.action] ?? h.action}</span>{' '}
                  {text.by(h.acted_by_name ?? text.system)} · {formatDateTime(h.acted_at)}
                </p>
                {(h.remarks || h.approval_notes) && h.action !== 'created' && (
                  <p className="text-stone-600">
                    {h.action === 'rejected' ? h.remarks : h.approval_notes}
                  </p>
                )}
              </li>
            ))}
          </ol>
        )
      }
    </QueryState>
  );
}

export function Component() {
  const { id = '' } = useParams();
  const entry = useDirectoryEntry(id);
  const actions = useApprovalActions();
  const remove = useDeleteMember();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const auth = useAuth();
  const canWrite = auth.user?.type === 'admin' || auth.user?.type === 'super_admin';

  const ready = loaded(entry, { loading: <LoadingState rows={4} />, errorTitle: text.notFound });
  if (!ready.ok) return ready.fallback;
  const m = ready.data;

  async function onDelete() {
    const ok = await confirm({
      title: text.deleteTitle,
      description: text.deleteBody,
      confirmLabel: text.delete,
      cancelLabel: text.cancel,
      destructive: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(m.id);
      toast({ title: text.deleted, variant: 'success' });
      navigate('/admin/members', { replace: true });
    } catch {
      // The reason is toasted by the query client.
    }
  }

  const rows: [string, ReactNode][] = [
    [f.membership_no, m.membership_no],
    [f.member_type, text.typeLabels[m.member_type] ?? m.member_type],
    [f.email, m.email],
    [f.mobile_number, m.mobile_number],
    [f.date_of_birth, formatDate(m.date_of_birth)],
    [f.gotra, m.gotra],
    [f.profession, m.profession],
    [f.address_line1, [m.address_line1, m.address_line2].filter(Boolean).join(', ')],
    [f.city, [m.city, m.state, m.pincode].filter(Boolean).join(', ')],
    [f.native_place, m.native_place],
    [
      f.sandesha_delivery_method,
      `${text.deliveryLabels[m.sandesha_delivery_method ?? ''] ?? m.sandesha_delivery_method ?? text.noDelivery}${m.sandesha_delivery_enabled ? '' : ' (off)'}`,
    ],
    [f.approval_status, text.approvalLabels[m.approval_status] ?? m.approval_status],
    [text.approvedBy, m.approver ? (m.approver.full_name ?? m.approver.email) : ''],
    [text.approvedAt, formatDateTime(m.approved_at)],
    [f.remarks, m.remarks],
    [f.approval_notes, m.approval_notes],
    [f.created_at, formatDateTime(m.created_at)],
  ];

  return (
    <div className="max-w-5xl">
      <PageHeader title={m.full_name}>
        <span className="inline-flex flex-wrap items-center gap-3">
          <span className="font-mono" data-testid="member-unique-id">
            {m.unique_id}
          </span>
          <span data-testid="member-status">
            <StatusBadge status={m.status} />
          </span>
        </span>
      </PageHeader>
      {canWrite && (
        <div className="mb-4 flex flex-wrap gap-2">
          {m.status !== 'Yes' && (
            <Button onClick={() => void actions.approve([m.id])} disabled={actions.busy}>
              <Check className="h-4 w-4" aria-hidden /> {text.approve}
            </Button>
          )}
          {m.status !== 'No' && (
            <Button
              variant="secondary"
              onClick={() => void actions.reject([m.id])}
              disabled={actions.busy}
            >
              <X className="h-4 w-4" aria-hidden /> {text.reject}
            </Button>
          )}
          <ButtonLink to={`/admin/members/${m.id}/edit`} variant="secondary">
            <Pencil className="h-4 w-4" aria-hidden /> {text.edit}
          </ButtonLink>
          <Button variant="danger" onClick={onDelete} disabled={remove.isPending}>
            <Trash2 className="h-4 w-4" aria-hidden /> {text.delete}
          </Button>
        </div>
      )}
      <Card>
        <h2 className="sr-only">{text.details}</h2>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs font-semibold text-stone-600 uppercase">{label}</dt>
              <dd className="text-stone-900">{value || '—'}</dd>
            </div>
          ))}
        </dl>
      </Card>
      {canWrite && m.approval_status !== 'approved' && <Claim id={m.id} />}
      <Panel title={text.membershipForm}>
        <MembershipFormPanel userId={m.user_id} canReveal={canWrite} />
      </Panel>
      <Panel title={text.ledger}>
        <Ledger id={m.id} />
      </Panel>
      <Panel title={text.connections}>
        <Connections userId={m.user_id} />
      </Panel>
      <Panel title={text.history}>
        <History id={m.id} />
      </Panel>
    </div>
  );
}
