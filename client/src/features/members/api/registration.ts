// The membership application: account, then register_member (form, register entry with its
// HWT- number, directory visibility) in one retry-safe call.
import type { Database } from '@havyaka/sdk/database';
import { unwrap } from '@/lib/errors';
import { ensureSession, type AccountInput } from '@/lib/registration/api';
import { sdk } from '@/lib/sdk';
import { toMemberApplication, type MemberValues } from '../registration-schema';

export type RegisterEntry = Database['public']['Tables']['member_directory']['Row'];

export async function registerMember(
  values: MemberValues,
  account: AccountInput | null,
): Promise<RegisterEntry> {
  await ensureSession(account);
  return unwrap(
    await sdk().rpc('register_member', { application: toMemberApplication(values) }),
  ) as RegisterEntry;
}
