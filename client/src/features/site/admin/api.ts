// Site content tables for content staff: read all rows (inactive too), save, delete, reorder,
// and images uploaded into the content bucket. Every write invalidates the public pages'
// queries (siteKeys.all), so the home and about pages show the change at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { sdk } from '@/lib/sdk';
import { siteKeys } from '../api/site';

export type SiteTable =
  'board_members' | 'achievements' | 'website_images' | 'homepage_slider' | 'business_listings';
export type Row = Record<string, unknown> & { id: string };

/** The few builder calls used here, over any of the tables (their row types differ). */
interface Query extends PromiseLike<{ data: unknown; error: unknown }> {
  select(columns?: string): Query;
  order(column: string, options?: { ascending?: boolean }): Query;
  eq(column: string, value: unknown): Query;
  insert(row: unknown): Query;
  update(row: unknown): Query;
  delete(): Query;
  single(): Query;
}
const table = (name: SiteTable) => sdk().from(name) as unknown as Query;

export const siteAdminKeys = {
  rows: (name: SiteTable) => [...siteKeys.all, 'admin', name] as const,
  row: (name: SiteTable, id: string) => [...siteKeys.all, 'admin', name, id] as const,
};

export function useRows(name: SiteTable, order: { column: string; ascending: boolean }[]) {
  return useQuery({
    queryKey: siteAdminKeys.rows(name),
    queryFn: async () => {
      let q = table(name).select();
      for (const o of order) q = q.order(o.column, { ascending: o.ascending });
      return unwrap((await q) as { data: Row[]; error: null }) as Row[];
    },
  });
}

export function useRow(name: SiteTable, id: string | undefined) {
  return useQuery({
    queryKey: siteAdminKeys.row(name, id ?? ''),
    enabled: !!id,
    queryFn: async () => {
      const rows = unwrap(
        (await table(name).select().eq('id', id)) as { data: Row[]; error: null },
      );
      return (rows as Row[])[0] ?? null;
    },
  });
}

export function useRowActions(name: SiteTable) {
  const client = useQueryClient();
  const invalidate = () => client.invalidateQueries({ queryKey: siteKeys.all });
  const save = useMutation({
    mutationFn: async ({ id, values }: { id?: string; values: Record<string, unknown> }) => {
      const q = id ? table(name).update(values).eq('id', id) : table(name).insert(values);
      return unwrap((await q.select().single()) as { data: Row; error: null }) as Row;
    },
    onSuccess: () => invalidate(),
  });
  const remove = useMutation({
    mutationFn: async (id: string) => {
      unwrap((await table(name).delete().eq('id', id)) as { data: null; error: null });
    },
    onSuccess: () => invalidate(),
  });
  const reorder = useMutation({
    /** display_order 0..n-1 in the given order (only the rows that moved). */
    mutationFn: async (rows: Row[]) => {
      for (const [index, row] of rows.entries()) {
        if (row.display_order === index) continue;
        unwrap(
          (await table(name).update({ display_order: index }).eq('id', row.id)) as {
            data: null;
            error: null;
          },
        );
      }
    },
    onSettled: () => invalidate(),
  });
  return { save, remove, reorder };
}
