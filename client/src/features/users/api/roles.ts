// RBAC (spec §6): roles and user_roles. Everyone signed in reads the roles, admins read the
// assignments; only a super admin writes either (policies/10_users.sql).
import type { Database } from '@havyaka/sdk/database';
import { useMutation, useQuery } from '@tanstack/react-query';
import { AppError, unwrap } from '@/lib/errors';
import { sdk } from '@/lib/sdk';
import { text } from '../text';
import { useInvalidate } from '@/lib/invalidate';

export type RoleRow = Database['public']['Tables']['roles']['Row'];
export type Assignment = Database['public']['Tables']['user_roles']['Row'] & {
  user: { full_name: string | null; email: string } | null;
  role: { name: string } | null;
  assigner: { full_name: string | null; email: string } | null;
};

export const roleKeys = {
  all: ['rbac'] as const,
  roles: () => ['rbac', 'roles'] as const,
  assignments: () => ['rbac', 'assignments'] as const,
};

export const useRoles = () =>
  useQuery({
    queryKey: roleKeys.roles(),
    queryFn: async () =>
      unwrap(
        await sdk().from('roles').select('*, user_roles(count)').order('name'),
      ) as unknown as (RoleRow & {
        user_roles: { count: number }[];
      })[],
  });

export const useAssignments = () =>
  useQuery({
    queryKey: roleKeys.assignments(),
    queryFn: async () =>
      unwrap(
        await sdk()
          .from('user_roles')
          .select(
            '*, user:users!user_id(full_name,email), role:roles!role_id(name), assigner:users!assigned_by(full_name,email)',
          )
          .order('assigned_at', { ascending: false })
          .limit(500),
      ) as unknown as Assignment[],
  });

/** "a, b ,c" → ['a', 'b', 'c'] (no blanks, no repeats). */
export const parsePermissions = (value: string) => [
  ...new Set(
    value
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
  ),
];

export function useSaveRole() {
  const invalidate = useInvalidate(roleKeys.all);
  return useMutation({
    mutationFn: async ({
      id,
      name,
      description,
      permissions,
    }: {
      id?: string;
      name: string;
      description: string;
      permissions: string[];
    }) => {
      const row = { name: name.trim(), description: description.trim() || null, permissions };
      const res = id
        ? await sdk().from('roles').update(row).eq('id', id).select()
        : await sdk().from('roles').insert(row).select();
      const rows = unwrap(res);
      if (!rows.length) throw new AppError(text.readOnly, 'AUTHORIZATION_ERROR');
      return rows[0];
    },
    onSuccess: invalidate,
  });
}

/** Assigns a role to the account with this email. */
export function useAssignRole() {
  const invalidate = useInvalidate(roleKeys.all);
  return useMutation({
    mutationFn: async ({ email, roleId, by }: { email: string; roleId: string; by: string }) => {
      const user = unwrap(
        await sdk()
          .from('users')
          .select('id')
          .eq('email', email.trim().toLowerCase())
          .maybeSingle(),
      );
      if (!user) throw new AppError(text.noSuchUser, 'NOT_FOUND');
      return unwrap(
        await sdk()
          .from('user_roles')
          .insert({ user_id: user.id, role_id: roleId, assigned_by: by })
          .select()
          .single(),
      );
    },
    onSuccess: invalidate,
  });
}

/** Deletes a row of `table` by id; nothing deleted means a policy refused it. */
function useDeleteById(table: 'roles' | 'user_roles') {
  const invalidate = useInvalidate(roleKeys.all);
  return useMutation({
    mutationFn: async (id: string) => {
      const rows = unwrap(await sdk().from(table).delete().eq('id', id).select('id'));
      if (!rows.length) throw new AppError(text.readOnly, 'AUTHORIZATION_ERROR');
    },
    onSuccess: invalidate,
  });
}

export const useDeleteRole = () => useDeleteById('roles');
export const useRemoveAssignment = () => useDeleteById('user_roles');
