// An application as its staff screen opens it: the row by id, with the staff member who
// approved or rejected it (members and students alike).
import type { Database } from '@havyaka/sdk/database';
import { AppError, unwrap } from '@/lib/errors';
import { sdk } from '@/lib/sdk';

type Tables = Database['public']['Tables'];
type ApplicationTable = 'member_directory' | 'student_details';

/** Who decided the application (null while it waits). */
export type Approver = { full_name: string | null; email: string } | null;
export type WithApprover<Row> = Row & { approver: Approver };

/** The row of `table` with this id and its approver; a NOT_FOUND error (`notFound`) when the
 *  row is not there or not visible. */
export async function fetchWithApprover<N extends ApplicationTable>(
  table: N,
  id: string,
  notFound: string,
): Promise<WithApprover<Tables[N]['Row']>> {
  const row = unwrap(
    await sdk()
      .from(table as ApplicationTable)
      .select('*, approver:users!approved_by(full_name,email)')
      .eq('id', id)
      .maybeSingle(),
  );
  if (!row) throw new AppError(notFound, 'NOT_FOUND');
  return row as unknown as WithApprover<Tables[N]['Row']>;
}
