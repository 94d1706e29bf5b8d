// Sandesha editors: accounts of type havyaka_sandesh_manager. Admins add an approved member
// or remove an editor through set_sandesh_editor (the database decides who may).
import type { Database } from '@havyaka/sdk/database';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { sdk } from '@/lib/sdk';
import { sandeshaKeys } from './sandesha';

export type Account = Pick<
  Database['public']['Tables']['users']['Row'],
  'id' | 'email' | 'full_name' | 'type' | 'status' | 'phone'
>;
const COLUMNS = 'id, email, full_name, type, status, phone';

export const editorKeys = {
  editors: () => [...sandeshaKeys.all, 'editors'] as const,
  candidates: (search: string) => [...sandeshaKeys.all, 'editor-candidates', search] as const,
};

export const editorsQuery = () =>
  queryOptions({
    queryKey: editorKeys.editors(),
    queryFn: async (): Promise<Account[]> =>
      unwrap(
        await sdk()
          .from('users')
          .select(COLUMNS)
          .eq('type', 'havyaka_sandesh_manager')
          .order('full_name', { ascending: true }),
      ),
  });
export const useEditors = () => useQuery(editorsQuery());

/** Approved members matching a search (name or e-mail), at most 10. */
export function useCandidates(search: string) {
  const q = search.trim();
  return useQuery({
    queryKey: editorKeys.candidates(q),
    enabled: q.length >= 2,
    queryFn: async (): Promise<Account[]> => {
      const p = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/[,()]/g, ' ')}%`;
      return unwrap(
        await sdk()
          .from('users')
          .select(COLUMNS)
          .in('type', ['member', 'member_viewer'])
          .eq('status', 'approved')
          .or(`full_name.ilike.${p},email.ilike.${p}`)
          .order('full_name', { ascending: true })
          .limit(10),
      );
    },
  });
}

export function useSetEditor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, editor }: { id: string; editor: boolean }) =>
      unwrap(await sdk().rpc('set_sandesh_editor', { account: id, editor })),
    onSuccess: () => client.invalidateQueries({ queryKey: [...sandeshaKeys.all] }),
  });
}
