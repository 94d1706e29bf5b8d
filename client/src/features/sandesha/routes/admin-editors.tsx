// /admin/sandesh-editors: the accounts that edit Havyaka Sandesha. Admins add an approved
// member as an editor or remove one (set_sandesh_editor); others see the list (the data-table
// kit: a table from 768 px, cards below).
import { ConfirmButton } from '@/components/confirm-button';
import { useConfirm } from '@/components/confirm-dialog';
import { UserMinus, UserPlus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { columnHelper, type DataTableColumn } from '@/components/data-table';
import { ResourceList } from '@/components/resource-list';
import { Button } from '@/components/ui/button';
import { controlClass } from '@/components/ui/field';
import { Spinner } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { useAuth } from '@/lib/auth';
import { ADMINS, type Role } from '@/lib/authorization';
import { dataMessage } from '@/lib/errors';
import { adminText } from '../admin-text';
import { useCandidates, useEditors, useSetEditor, type Account } from '../api/editors';
import { TitledSection } from '@/components/ui/section';
import { StaffHeader } from '@/components/ui/staff-header';

const t = adminText.editors;
const nameOf = (a: Account) => a.full_name || a.email || t.unnamed;

function AddEditor() {
  const confirm = useConfirm();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input), 250);
    return () => clearTimeout(timer);
  }, [input]);
  const candidates = useCandidates(search);
  const set = useSetEditor();
  return (
    <section
      aria-labelledby="add-editor"
      className="rounded-lg border border-stone-200 bg-white p-4 sm:p-6"
    >
      <h2 id="add-editor" className="text-lg font-semibold">
        {t.add}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t.addHint}</p>
      <label className="mt-3 block">
        <span className="mb-1 block text-sm font-semibold">{t.search}</span>
        <input
          type="search"
          className={controlClass}
          value={input}
          onChange={(e) => setInput(e.target.value)}
        />
      </label>
      <div className="mt-3" aria-live="polite">
        {search.trim().length < 2 ? null : candidates.isPending ? (
          <Spinner />
        ) : candidates.isError ? (
          <p className="text-sm text-red-700">{dataMessage(candidates.error)}</p>
        ) : candidates.data.length === 0 ? (
          <p className="text-sm text-stone-600">{t.noMatch}</p>
        ) : (
          <ul className="divide-y divide-stone-200" data-testid="editor-candidates">
            {candidates.data.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-semibold">{nameOf(a)}</span>
                  <span className="block text-sm break-all text-stone-600">{a.email}</span>
                </span>
                <Button
                  variant="secondary"
                  className="!min-h-9"
                  aria-label={t.makeOf(nameOf(a))}
                  disabled={set.isPending}
                  onClick={async () => {
                    if (
                      !(await confirm({
                        title: t.confirmMake(nameOf(a)),
                        confirmLabel: t.make,
                        destructive: false,
                      }))
                    )
                      return;
                    set.mutate(
                      { id: a.id, editor: true },
                      {
                        onSuccess: () => {
                          toast({ title: t.added, variant: 'success' });
                          setInput('');
                        },
                      },
                    );
                  }}
                >
                  <UserPlus className="h-4 w-4" aria-hidden /> {t.make}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function RemoveEditor({ a }: { a: Account }) {
  const set = useSetEditor();
  return (
    <ConfirmButton
      className="!min-h-9 text-red-700"
      aria-label={t.removeOf(nameOf(a))}
      disabled={set.isPending}
      confirm={{ title: t.confirmRemove(nameOf(a)), confirmLabel: t.remove }}
      action={() => set.mutateAsync({ id: a.id, editor: false })}
      done={t.removed}
    >
      <UserMinus className="h-4 w-4" aria-hidden /> {t.remove}
    </ConfirmButton>
  );
}

const col = columnHelper<Account>();
function editorColumns(isAdmin: boolean): DataTableColumn<Account>[] {
  return [
    col.display({
      id: 'name',
      header: t.columns.name,
      meta: { cardTitle: true, className: 'font-semibold' },
      cell: ({ row }) => nameOf(row.original),
    }),
    col.accessor('email', { header: t.columns.email, meta: { className: 'break-all' } }),
    col.accessor('phone', { header: t.columns.phone }),
    ...(isAdmin
      ? [
          col.display({
            id: 'actions',
            header: t.columns.actions,
            cell: ({ row }) => <RemoveEditor a={row.original} />,
          }),
        ]
      : []),
  ];
}

export function Component() {
  const auth = useAuth();
  const isAdmin = ADMINS.includes(auth.user?.type as Role);
  const editors = useEditors();
  const columns = useMemo(() => editorColumns(isAdmin), [isAdmin]);
  return (
    <div className="space-y-6">
      <StaffHeader title={t.title} intro={t.intro}>
        {!isAdmin && <p className="mt-2 text-sm text-stone-600">{t.adminsOnly}</p>}
      </StaffHeader>
      <TitledSection
        id="current-editors"
        title={t.current}
        titleClassName="mb-3 text-lg font-semibold"
      >
        <ResourceList
          query={editors}
          label={t.current}
          columns={columns}
          empty={{ title: t.none, body: isAdmin ? t.noneBody : undefined }}
        />
      </TitledSection>
      {isAdmin && <AddEditor />}
    </div>
  );
}
