// One screen for a list of site content records: the list (with image, summary, active badge),
// add and edit in place, show/hide, order by arrows (display_order), delete after confirmation.
import { Eye, EyeOff, Plus } from 'lucide-react';
import { MoveButtons } from '@/components/move-buttons';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { LoadingState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { imageUrl } from '@/lib/images';
import { adminText as t } from '../admin-text';
import { useRowActions, useRows, type Row, type SiteTable } from './api';
import { RecordForm, type FieldSpec } from '@/components/record-editor';
import { StaffHeader } from '@/components/ui/staff-header';
import { DeleteButton, EditButton } from '@/components/row-actions';

export interface ManagerConfig {
  table: SiteTable;
  title: string;
  intro: string;
  addLabel: string;
  empty: string;
  fields: FieldSpec[];
  /** The record's name in lists and messages. */
  nameOf: (row: Row) => string;
  summaryOf?: (row: Row) => ReactNode;
  imageField?: string;
  /** Ordered by display_order with arrows; otherwise by `order`. */
  ordered?: boolean;
  order?: { column: string; ascending: boolean }[];
  /** A boolean column that shows or hides the record on the site. */
  activeField?: string;
  testId: string;
}

export function RecordManager({ config }: { config: ManagerConfig }) {
  const order = config.ordered
    ? [
        { column: 'display_order', ascending: true },
        { column: 'created_at', ascending: true },
      ]
    : (config.order ?? [{ column: 'created_at', ascending: false }]);
  const rows = useRows(config.table, order);
  const { save, remove, reorder } = useRowActions(config.table);
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [pending, setPending] = useState<Row[] | null>(null);
  const list = pending ?? rows.data ?? [];

  const move = (from: number, to: number) => {
    if (to < 0 || to >= list.length) return;
    const next = [...list];
    const [row] = next.splice(from, 1);
    next.splice(to, 0, row);
    setPending(next);
    reorder.mutate(next, { onSettled: () => setPending(null) });
  };

  const onSave = async (values: Record<string, unknown>) => {
    const id = editing && editing !== 'new' ? editing.id : undefined;
    const extra = !id && config.ordered ? { display_order: list.length } : {};
    try {
      await save.mutateAsync({ id, values: { ...extra, ...values } });
      toast({ title: t.saved, variant: 'success' });
      setEditing(null);
    } catch {
      // the query client's mutation cache has shown the error toast
    }
  };

  return (
    <div className="space-y-6">
      <StaffHeader title={config.title} intro={config.intro}>
        <p className="mt-1 text-sm text-stone-600">{t.onSite}</p>
      </StaffHeader>
      {editing === null ? (
        <Button onClick={() => setEditing('new')}>
          <Plus className="h-4 w-4" aria-hidden /> {config.addLabel}
        </Button>
      ) : (
        <RecordForm
          key={editing === 'new' ? 'new' : editing.id}
          fields={config.fields}
          row={editing === 'new' ? undefined : editing}
          folder={config.table}
          title={editing === 'new' ? config.addLabel : t.editOf(config.nameOf(editing))}
          saving={save.isPending}
          onSave={onSave}
          onCancel={() => setEditing(null)}
        />
      )}
      <QueryState
        query={rows}
        loading={<LoadingState rows={3} height="h-16" />}
        errorTitle={t.loadError}
        empty={config.empty}
        isEmpty={() => list.length === 0}
      >
        {() => (
          <ol className="space-y-2" data-testid={config.testId}>
            {list.map((row, i) => {
              const name = config.nameOf(row);
              const image = config.imageField ? (row[config.imageField] as string | null) : null;
              const active = config.activeField ? !!row[config.activeField] : true;
              return (
                <li
                  key={row.id}
                  // An inactive row is dashed (and says so): faded text would be too faint to read.
                  className={`flex flex-wrap items-center gap-3 rounded-lg border border-stone-200 p-3 ${active ? 'bg-white' : 'border-dashed bg-stone-50'}`}
                >
                  {config.imageField &&
                    (image ? (
                      <img
                        src={imageUrl(image, { width: 160, height: 100 })}
                        alt=""
                        className="h-14 w-20 shrink-0 rounded object-cover"
                        loading="lazy"
                      />
                    ) : (
                      <div className="h-14 w-20 shrink-0 rounded bg-stone-200" />
                    ))}
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold">
                      {name}
                      {config.activeField && !active && (
                        <span className="ml-2 rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold">
                          {t.inactive}
                        </span>
                      )}
                    </p>
                    {config.summaryOf && (
                      <div className="text-sm text-stone-600">{config.summaryOf(row)}</div>
                    )}
                  </div>
                  <div className="flex flex-wrap items-center gap-1">
                    {config.ordered && (
                      <MoveButtons
                        index={i}
                        count={list.length}
                        busy={reorder.isPending}
                        onMove={(delta) => move(i, i + delta)}
                        upLabel={t.up(name)}
                        downLabel={t.down(name)}
                        className="!min-h-9 !px-2"
                      />
                    )}
                    {config.activeField && (
                      <Button
                        variant="ghost"
                        className="!min-h-9 !px-2"
                        aria-label={active ? t.deactivate(name) : t.activate(name)}
                        onClick={() =>
                          save.mutate(
                            { id: row.id, values: { [config.activeField as string]: !active } },
                            { onSuccess: () => toast({ title: t.saved, variant: 'success' }) },
                          )
                        }
                      >
                        {active ? (
                          <Eye className="h-4 w-4" aria-hidden />
                        ) : (
                          <EyeOff className="h-4 w-4" aria-hidden />
                        )}
                      </Button>
                    )}
                    <EditButton
                      label={t.editOf(name)}
                      onClick={() => setEditing(row)}
                      className="!min-h-9 !px-2"
                    />
                    <DeleteButton
                      className="!min-h-9 !px-2 text-red-700"
                      aria-label={t.deleteOf(name)}
                      confirm={{ title: t.confirmDelete(name), confirmLabel: t.delete }}
                      action={() => remove.mutateAsync(row.id)}
                      done={t.deleted}
                    />
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </QueryState>
    </div>
  );
}
