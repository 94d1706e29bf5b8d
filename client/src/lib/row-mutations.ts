// The save and delete of one table's rows by id, as react-query mutations that refresh the
// feature's queries: what the staff screens of albums, videos, advertisements and business
// listings each wrote out for their own table. A save with an id updates that row, without one
// inserts; both answer the saved row.
import type { Database } from '@havyaka/sdk/database';
import { useMutation, type QueryKey } from '@tanstack/react-query';
import { useInvalidate } from '@/lib/invalidate';
import { unwrap } from '@/lib/errors';
import { sdk } from '@/lib/sdk';

type Tables = Database['public']['Tables'];
export type TableName = keyof Tables;

/** The builder calls used here, over any table (each table's own types differ). */
interface Builder extends PromiseLike<{ data: unknown; error: unknown }> {
  insert(row: unknown): Builder;
  update(row: unknown): Builder;
  delete(): Builder;
  eq(column: string, value: unknown): Builder;
  select(): Builder;
  single(): Builder;
}
const from = (table: TableName) => sdk().from(table) as unknown as Builder;
const done = async <T>(query: Builder) =>
  unwrap((await query) as { data: T; error: null } | { data: null; error: unknown });

/** `invalidate`: the key of the queries that show the table (refreshed after each write). */
export function useSaveRow<N extends TableName>(table: N, invalidate: QueryKey) {
  const refresh = useInvalidate(invalidate);
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: Partial<Tables[N]['Insert']> }) =>
      done<Tables[N]['Row']>(
        (id ? from(table).update(input).eq('id', id) : from(table).insert(input)).select().single(),
      ),
    onSuccess: refresh,
  });
}

export function useDeleteRow(table: TableName, invalidate: QueryKey) {
  const refresh = useInvalidate(invalidate);
  return useMutation({
    mutationFn: async (id: string) => {
      await done(from(table).delete().eq('id', id));
    },
    onSuccess: refresh,
  });
}
