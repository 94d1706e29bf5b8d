// The public members listing (get_public_members: no contact details) and, for member
// viewers, the directory with contact details (member_directory, filtered by policies).
import type { Database } from '@havyaka/sdk/database';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fromSdk } from '@/lib/from-sdk';

export const PAGE_SIZE = 50;
export type PublicMember = Database['public']['Functions']['get_public_members']['Returns'][number];
export type DirectoryEntry = Database['public']['Tables']['member_directory']['Row'];

export const memberKeys = {
  all: ['members'] as const,
  public: (f: { search: string; city: string; page: number }) => ['members', 'public', f] as const,
  detail: (id: string) => ['members', 'detail', id] as const,
};

export const usePublicMembers = (f: { search: string; city: string; page: number }) =>
  useQuery({
    queryKey: memberKeys.public(f),
    placeholderData: keepPreviousData,
    queryFn: fromSdk((db) =>
      db.rpc(
        'get_public_members',
        {
          search: f.search || undefined,
          city_filter: f.city || undefined,
          page_limit: PAGE_SIZE,
          page_offset: (f.page - 1) * PAGE_SIZE,
        },
        { get: true },
      ),
    ),
  });

export const useMember = (id: string) =>
  useQuery({
    queryKey: memberKeys.detail(id),
    queryFn: fromSdk((db) => db.from('member_directory').select().eq('id', id).maybeSingle()),
  });
