// The directory for content staff: every listing (awaiting approval too), save, approve
// (is_active), delete. Writes refresh the public directory's queries.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Database } from '@havyaka/sdk/database';
import { unwrap } from '@/lib/errors';
import { sdk } from '@/lib/sdk';
import { businessKeys, type Business } from './business';

type Insert = Database['public']['Tables']['business_listings']['Insert'];

export const adminBusinessKeys = {
  list: () => [...businessKeys.all, 'admin', 'list'] as const,
  one: (id: string) => [...businessKeys.all, 'admin', 'one', id] as const,
};

export const useAdminBusinesses = () =>
  useQuery({
    queryKey: adminBusinessKeys.list(),
    queryFn: async (): Promise<Business[]> =>
      unwrap(
        await sdk()
          .from('business_listings')
          .select()
          .order('is_active', { ascending: true })
          .order('business_name', { ascending: true }),
      ),
  });

export const useAdminBusiness = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: adminBusinessKeys.one(id),
    enabled,
    queryFn: async () =>
      unwrap(await sdk().from('business_listings').select().eq('id', id).maybeSingle()),
  });

export function useBusinessActions() {
  const client = useQueryClient();
  const invalidate = () => client.invalidateQueries({ queryKey: businessKeys.all });
  const save = useMutation({
    mutationFn: async ({ id, values }: { id?: string; values: Partial<Insert> }) => {
      const table = sdk().from('business_listings');
      return id
        ? unwrap(await table.update(values).eq('id', id).select().single())
        : unwrap(
            await table
              .insert(values as Insert)
              .select()
              .single(),
          );
    },
    onSuccess: () => invalidate(),
  });
  const remove = useMutation({
    mutationFn: async (id: string) => {
      unwrap(await sdk().from('business_listings').delete().eq('id', id));
    },
    onSuccess: () => invalidate(),
  });
  return { save, remove };
}
