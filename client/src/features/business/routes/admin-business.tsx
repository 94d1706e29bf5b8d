// /admin/business: every listing, searchable, filtered by approval; approve or withdraw,
// edit, delete after confirmation. Content staff and admins (the policies decide).
import { Check, Pencil, Plus, Trash2, Undo2 } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { controlClass } from '@/components/ui/field';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { dataMessage } from '@/lib/errors';
import { adminText as t } from '../admin-text';
import { useAdminBusinesses, useBusinessActions } from '../api/admin-business';

export function Component() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const show = params.get('show') ?? '';
  const list = useAdminBusinesses();
  const { save, remove } = useBusinessActions();
  const set = (k: string, v: string) => {
    const p = new URLSearchParams(params);
    if (v) p.set(k, v);
    else p.delete(k);
    setParams(p, { replace: true });
  };
  const shown = useMemo(() => {
    const needle = q.trim().toLowerCase();
    return (list.data ?? []).filter(
      (b) =>
        (show === '' || (show === 'pending' ? !b.is_active : b.is_active)) &&
        (!needle ||
          [b.business_name, b.category, b.city, b.owner_name].some((v) =>
            v?.toLowerCase().includes(needle),
          )),
    );
  }, [list.data, q, show]);

  return (
    <div>
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="font-serif text-2xl font-bold sm:text-3xl">{t.title}</h1>
          <p className="mt-1 text-stone-700">{t.intro}</p>
        </div>
        <ButtonLink to="/admin/business/add">
          <Plus className="h-4 w-4" aria-hidden /> {t.add}
        </ButtonLink>
      </header>
      <div role="search" className="mb-4 grid gap-3 sm:grid-cols-[1fr_auto]">
        <label>
          <span className="mb-1 block text-sm font-semibold">{t.search}</span>
          <input
            type="search"
            className={controlClass}
            placeholder={t.searchPlaceholder}
            value={q}
            onChange={(e) => set('q', e.target.value)}
          />
        </label>
        <label>
          <span className="mb-1 block text-sm font-semibold">{t.show}</span>
          <select
            className={controlClass}
            value={show}
            onChange={(e) => set('show', e.target.value)}
          >
            <option value="">{t.all}</option>
            <option value="pending">{t.pending}</option>
            <option value="active">{t.active}</option>
          </select>
        </label>
      </div>
      {list.isPending ? (
        <LoadingState rows={4} height="h-14" />
      ) : list.isError ? (
        <ErrorState
          title={t.loadError}
          message={dataMessage(list.error)}
          onRetry={() => void list.refetch()}
        />
      ) : shown.length === 0 ? (
        <EmptyState title={t.empty} />
      ) : (
        <ul className="space-y-2" data-testid="admin-businesses">
          {shown.map((b) => (
            <li
              key={b.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-stone-200 bg-white p-4"
            >
              <div className="min-w-0">
                <p className="font-semibold">
                  <Link to={`/admin/business/${b.id}/edit`} className="hover:underline">
                    {b.business_name}
                  </Link>
                  <span
                    className={`ml-2 rounded-full px-2 py-0.5 text-xs font-semibold ${b.is_active ? 'bg-emerald-100 text-emerald-900' : 'bg-amber-100 text-amber-900'}`}
                  >
                    {b.is_active ? t.approved : t.awaiting}
                  </span>
                  {b.is_featured && (
                    <span className="ml-1 rounded-full bg-orange-100 px-2 py-0.5 text-xs font-semibold text-orange-900">
                      {t.featured}
                    </span>
                  )}
                </p>
                <p className="text-sm text-stone-600">
                  {[b.category, b.city, b.owner_name].filter(Boolean).join(' · ')}
                </p>
              </div>
              <div className="flex flex-wrap gap-1">
                <Button
                  variant={b.is_active ? 'ghost' : 'secondary'}
                  className="!min-h-9"
                  aria-label={
                    b.is_active ? t.unapprove(b.business_name) : t.approve(b.business_name)
                  }
                  onClick={() =>
                    save.mutate(
                      { id: b.id, values: { is_active: !b.is_active } },
                      {
                        onSuccess: () =>
                          toast({
                            title: b.is_active ? t.withdrawnToast : t.approvedToast,
                            variant: 'success',
                          }),
                      },
                    )
                  }
                >
                  {b.is_active ? (
                    <Undo2 className="h-4 w-4" aria-hidden />
                  ) : (
                    <Check className="h-4 w-4" aria-hidden />
                  )}
                  <span className="hidden sm:inline">
                    {b.is_active ? t.withdrawShort : t.approveShort}
                  </span>
                </Button>
                <ButtonLink
                  to={`/admin/business/${b.id}/edit`}
                  variant="ghost"
                  className="!min-h-9"
                  aria-label={t.edit(b.business_name)}
                >
                  <Pencil className="h-4 w-4" aria-hidden />
                </ButtonLink>
                <Button
                  variant="ghost"
                  className="!min-h-9 text-red-700"
                  aria-label={t.delete(b.business_name)}
                  onClick={() => {
                    if (!window.confirm(t.confirmDelete(b.business_name))) return;
                    remove.mutate(b.id, {
                      onSuccess: () => toast({ title: t.deleted, variant: 'success' }),
                    });
                  }}
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
