// /admin/sandesh-editors: the accounts that edit Havyaka Sandesha. Admins add an approved
// member as an editor or remove one (set_sandesh_editor); others see the list.
import { UserMinus, UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { controlClass } from '@/components/ui/field';
import { EmptyState, ErrorState, LoadingState, Spinner } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { useAuth } from '@/lib/auth';
import { ADMINS, type Role } from '@/lib/authorization';
import { dataMessage } from '@/lib/errors';
import { adminText } from '../admin-text';
import { useCandidates, useEditors, useSetEditor, type Account } from '../api/editors';

const t = adminText.editors;
const nameOf = (a: Account) => a.full_name || a.email || t.unnamed;

function AddEditor() {
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
                  onClick={() => {
                    if (!window.confirm(t.confirmMake(nameOf(a)))) return;
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

export function Component() {
  const auth = useAuth();
  const isAdmin = ADMINS.includes(auth.user?.type as Role);
  const editors = useEditors();
  const set = useSetEditor();
  return (
    <div className="space-y-6">
      <header>
        <h1 className="font-serif text-2xl font-bold sm:text-3xl">{t.title}</h1>
        <p className="mt-1 text-stone-700">{t.intro}</p>
        {!isAdmin && <p className="mt-2 text-sm text-stone-600">{t.adminsOnly}</p>}
      </header>
      <section aria-labelledby="current-editors">
        <h2 id="current-editors" className="mb-3 text-lg font-semibold">
          {t.current}
        </h2>
        {editors.isPending ? (
          <LoadingState rows={2} height="h-14" />
        ) : editors.isError ? (
          <ErrorState
            title={t.loadError}
            message={dataMessage(editors.error)}
            onRetry={() => void editors.refetch()}
          />
        ) : editors.data.length === 0 ? (
          <EmptyState title={t.none}>{isAdmin && t.noneBody}</EmptyState>
        ) : (
          <ul className="space-y-2" data-testid="sandesh-editors">
            {editors.data.map((a) => (
              <li
                key={a.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-stone-200 bg-white p-4"
              >
                <span>
                  <span className="font-semibold">{nameOf(a)}</span>
                  <span className="block text-sm break-all text-stone-600">
                    {a.email}
                    {a.phone ? ` · ${a.phone}` : ''}
                  </span>
                </span>
                {isAdmin && (
                  <Button
                    variant="ghost"
                    className="!min-h-9 text-red-700"
                    aria-label={t.removeOf(nameOf(a))}
                    disabled={set.isPending}
                    onClick={() => {
                      if (!window.confirm(t.confirmRemove(nameOf(a)))) return;
                      set.mutate(
                        { id: a.id, editor: false },
                        { onSuccess: () => toast({ title: t.removed, variant: 'success' }) },
                      );
                    }}
                  >
                    <UserMinus className="h-4 w-4" aria-hidden /> {t.remove}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      {isAdmin && <AddEditor />}
    </div>
  );
}
