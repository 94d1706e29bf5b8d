// Money through the SDK: the trust's public details, purposes and fees; starting a UPI
// payment and sending its UTR or screenshot; donor details; one's payments, receipts and year
// statements; and for staff the finance overview, statement import and confirmation, Form
// 10BD. The database decides who may do what (policies/66_money.sql, functions/66_money*.sql).
import type { Database } from '@havyaka/sdk/database';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { uniqueName } from '@/lib/file-names';
import { sdk } from '@/lib/sdk';
import { saveFile } from '@/lib/save-file';
import { fromSdk } from '@/lib/from-sdk';

type Tables = Database['public']['Tables'];
type Views = Database['public']['Views'];
export type TrustFinance = Tables['trust_finance']['Row'];
export type Purpose = Tables['donation_purposes']['Row'];
export type MembershipFee = Tables['membership_fees']['Row'];
export type Donor = Tables['donors']['Row'];
export type Payment = Tables['payments']['Row'];
export type ReceiptDocument = Views['receipt_documents']['Row'];
export type YearStatement = Views['donor_year_statements']['Row'];
export type StatementLine = Tables['bank_statement_lines']['Row'] & {
  payment: { payer_name: string | null; reference: string | null; amount: number } | null;
};
export type Statement = Tables['bank_statements']['Row'];
export type WorklistRow = Database['public']['Functions']['form_10bd_worklist']['Returns'][number];
export type Form10be = Tables['form_10be']['Row'];
export type YearStatementFile = Tables['year_statements']['Row'];
export type Form10beRow = Form10be & { donor: { name: string; id_masked: string } | null };
export type MemberMatch = Tables['member_directory']['Row'];

export const moneyKeys = {
  all: ['money'] as const,
  trust: () => ['money', 'trust'] as const,
  purposes: () => ['money', 'purposes'] as const,
  fees: () => ['money', 'fees'] as const,
  donor: (userId: string) => ['money', 'donor', userId] as const,
  mine: (userId: string) => ['money', 'mine', userId] as const,
  overview: () => ['money', 'overview'] as const,
  statements: () => ['money', 'statements'] as const,
  statementLines: (id: string) => ['money', 'statement', id] as const,
  worklist: (fy: string) => ['money', 'worklist', fy] as const,
  form10be: (fy: string) => ['money', 'form10be', fy] as const,
  donorSearch: (search: string) => ['money', 'donor-search', search] as const,
};

export const useTrustFinance = () =>
  useQuery({
    queryKey: moneyKeys.trust(),
    queryFn: fromSdk((db) => db.from('trust_finance').select().single()),
  });

export const usePurposes = () =>
  useQuery({
    queryKey: moneyKeys.purposes(),
    queryFn: fromSdk((db) =>
      db.from('donation_purposes').select().eq('is_active', true).order('display_order'),
    ),
  });

/** The purposes as a select's options: each code, shown by its label. */
export const purposeOptions = (purposes: Purpose[] = []) =>
  purposes.map((p) => ({ value: p.code, label: p.label }));

export const useMembershipFees = () =>
  useQuery({
    queryKey: moneyKeys.fees(),
    queryFn: fromSdk((db) => db.from('membership_fees').select().order('amount')),
  });

export const useOwnDonor = (userId: string | undefined) =>
  useQuery({
    queryKey: moneyKeys.donor(userId ?? ''),
    enabled: !!userId,
    queryFn: fromSdk((db) => db.from('donors').select().eq('user_id', userId!).maybeSingle()),
  });

export interface DonorValues {
  name: string;
  address: string;
  city: string;
  state: string;
  pin_code: string;
  id_code: string;
  id_number: string;
}

export function useSaveDonor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: DonorValues & { donor_id?: string; for_user?: string }) =>
      unwrap(await sdk().rpc('save_donor', values)) as unknown as Donor,
    onSuccess: () => client.invalidateQueries({ queryKey: moneyKeys.all }),
  });
}

export function useStartPayment() {
  return useMutation({
    mutationFn: async (args: {
      payment_type: 'donation' | 'membership';
      amount?: number;
      purpose?: string;
      member_type?: string;
    }) => unwrap(await sdk().rpc('start_payment', args)) as unknown as Payment,
  });
}

/** Uploads a screenshot into the payer's folder of payment-proofs; returns its path. */
export async function uploadProof(userId: string, paymentId: string, file: File) {
  const extension =
    file.name
      .split('.')
      .pop()
      ?.toLowerCase()
      .replace(/[^a-z0-9]/g, '') || 'png';
  const path = `${userId}/${paymentId}.${extension}`;
  unwrap(
    await sdk()
      .storage.from('payment-proofs')
      .upload(path, file, { upsert: true, contentType: file.type || undefined }),
  );
  return path;
}

export function useSubmitProof() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (args: { payment_id: string; utr?: string; proof_path?: string }) =>
      unwrap(await sdk().rpc('submit_payment_proof', args)) as unknown as Payment,
    onSuccess: () => client.invalidateQueries({ queryKey: moneyKeys.all }),
  });
}

export const useMyMoney = (userId: string | undefined) =>
  useQuery({
    queryKey: moneyKeys.mine(userId ?? ''),
    enabled: !!userId,
    queryFn: async () => {
      const client = sdk();
      const [payments, receipts, years, certificates] = await Promise.all([
        client
          .from('payments')
          .select()
          .eq('user_id', userId!)
          .order('created_at', { ascending: false })
          .limit(200),
        client
          .from('receipt_documents')
          .select()
          .eq('user_id', userId!)
          .order('issued_on', { ascending: false })
          .limit(200),
        client
          .from('donor_year_statements')
          .select()
          .eq('user_id', userId!)
          .order('fy', { ascending: false }),
        client
          .from('form_10be')
          .select('id, fy, file_path, file_name, uploaded_at')
          .eq('user_id', userId!)
          .order('fy', { ascending: false }),
      ]);
      return {
        payments: unwrap(payments),
        receipts: unwrap(receipts),
        years: unwrap(years),
        certificates: unwrap(certificates),
      };
    },
  });

/**
 * Downloads a rendered receipt from the private receipts bucket (its owner and staff may read
 * it: policies/66_money.sql) and hands it to the browser as `HT-2026-27-000123.pdf`.
 */
export async function downloadReceipt(path: string, receiptNo: string) {
  await downloadFile(path, `${receiptNo.replaceAll('/', '-')}.pdf`);
}

/** Downloads a file of the private receipts bucket (a receipt, a statement, a Form 10BE). */
export async function downloadFile(path: string, name: string) {
  const blob = unwrap(await sdk().storage.from('receipts').download(path));
  if (!blob) throw new Error('empty download');
  saveFile(name, blob);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A donor's year statement PDF: asks the server for it (one's own, or for staff an account's
 * or a walk-in donor's), waits while the documents worker renders it (a few seconds), and
 * downloads it as `statement-2026-27.pdf`. Throws `timeout` when it is not ready in 60 s.
 */
export async function downloadYearStatement(
  fy: string,
  whose: { for_user?: string; donor?: string } = {},
) {
  const client = sdk();
  const asked = unwrap(
    await client.rpc('request_year_statement', { fy, ...whose }),
  ) as unknown as YearStatementFile;
  let path = asked.pdf_path;
  for (let i = 0; !path && i < 60; i++) {
    await sleep(1000);
    const row = unwrap(
      await client.from('year_statements').select('pdf_path').eq('id', asked.id).single(),
    );
    path = row.pdf_path;
  }
  if (!path) throw new Error('timeout');
  await downloadFile(path, `statement-${fy}.pdf`);
}

// ---- Staff.

/** The latest receipts (staff), optionally those whose number or donor matches `search`. */
export const useAllReceipts = (search: string) =>
  useQuery({
    queryKey: [...moneyKeys.all, 'receipts', search] as const,
    queryFn: async () => {
      // The receipts table itself: its donor (for a walk-in's year statement) is not a field the
      // receipt prints.
      let query = sdk()
        .from('receipts')
        .select(
          'id, receipt_no, fy, issued_on, donor_name, amount, status, pdf_path, user_id, donor_id',
        )
        .order('issued_on', { ascending: false })
        .order('receipt_no', { ascending: false })
        .limit(100);
      const term = search.trim().replace(/[%_,()]/g, ' ');
      if (term) query = query.or(`receipt_no.ilike.*${term}*,donor_name.ilike.*${term}*`);
      return unwrap(await query);
    },
  });

export interface FinanceGroup {
  payment_type: string;
  purpose: string | null;
  mode: string;
  count: number;
  total: number;
}
export interface FinanceOverview {
  day: string;
  fy: string;
  month: FinanceGroup[];
  year: FinanceGroup[];
  month_total: number;
  year_total: number;
  pending: number;
  pending_with_proof: number;
  receipts_issued: number;
  receipts_cancelled: number;
  month_refunded: number;
  year_refunded: number;
  refunds: number;
}

export const useFinanceOverview = () =>
  useQuery({
    queryKey: moneyKeys.overview(),
    queryFn: async () =>
      unwrap(await sdk().rpc('finance_overview', {})) as unknown as FinanceOverview,
  });

export function useSaveTrust() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fromSdk((db, changes: Partial<TrustFinance>) =>
      db.from('trust_finance').update(changes).eq('id', true).select().single(),
    ),
    onSuccess: () => client.invalidateQueries({ queryKey: moneyKeys.trust() }),
  });
}

export const useStatements = () =>
  useQuery({
    queryKey: moneyKeys.statements(),
    queryFn: fromSdk((db) =>
      db.from('bank_statements').select().order('imported_at', { ascending: false }).limit(20),
    ),
  });

export const useStatementLines = (statementId: string | null) =>
  useQuery({
    queryKey: moneyKeys.statementLines(statementId ?? ''),
    enabled: !!statementId,
    queryFn: fromSdk((db) =>
      db
        .from('bank_statement_lines')
        .select('*, payment:payments!payment_id(payer_name,reference,amount)')
        .eq('statement_id', statementId!)
        .order('line_no')
        .returns<StatementLine[]>(),
    ),
  });

export interface ImportResult {
  statement_id: string;
  layout: string;
  credit_lines: number;
  matched_lines: number;
}

export function useImportStatement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) =>
      unwrap(
        await sdk().rpc('import_bank_statement', {
          file_name: file.name,
          content: await file.text(),
        }),
      ) as unknown as ImportResult,
    onSuccess: () => client.invalidateQueries({ queryKey: moneyKeys.statements() }),
  });
}

export function useConfirmMatches() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (statementId: string) =>
      unwrap(await sdk().rpc('confirm_statement_matches', { statement_id: statementId })) as number,
    onSuccess: () => client.invalidateQueries({ queryKey: moneyKeys.all }),
  });
}

export const useWorklist = (fy: string) =>
  useQuery({
    queryKey: moneyKeys.worklist(fy),
    queryFn: async () => unwrap(await sdk().rpc('form_10bd_worklist', { fy })) as WorklistRow[],
  });

export async function fetch10bdCsv(fy: string) {
  return unwrap(await sdk().rpc('form_10bd_csv', { fy })) as string;
}

/** The Form 10BE files of a year (staff): matched ones with their donor, unmatched ones first. */
export const useForm10be = (fy: string) =>
  useQuery({
    queryKey: moneyKeys.form10be(fy),
    queryFn: fromSdk((db) =>
      db
        .from('form_10be')
        .select('*, donor:donors!donor_id(name,id_masked)')
        .eq('fy', fy)
        .order('donor_id', { ascending: true, nullsFirst: true })
        .order('uploaded_at', { ascending: false })
        .returns<Form10beRow[]>(),
    ),
  });

/**
 * Uploads Form 10BE PDFs into the receipts bucket under 10be/{fy}/ (admins may: policies/
 * 66_money.sql) and registers each, which matches it to a donor by its name.
 */
export function useUploadForm10be() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ fy, files }: { fy: string; files: File[] }) => {
      const made: Form10be[] = [];
      for (const file of files) {
        // The object's name is ours; the match reads the original file name.
        const path = uniqueName(`10be/${fy}`, file.name, 'pdf');
        unwrap(
          await sdk()
            .storage.from('receipts')
            .upload(path, file, { contentType: 'application/pdf' }),
        );
        made.push(
          unwrap(
            await sdk().rpc('register_form_10be', { fy, file_name: file.name, file_path: path }),
          ) as unknown as Form10be,
        );
      }
      return made;
    },
    onSuccess: (_, { fy }) => client.invalidateQueries({ queryKey: moneyKeys.form10be(fy) }),
  });
}

export function useMatchForm10be() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (args: { form_id: string; donor_id: string }) =>
      unwrap(await sdk().rpc('match_form_10be', args)) as unknown as Form10be,
    onSuccess: () => client.invalidateQueries({ queryKey: [...moneyKeys.all, 'form10be'] }),
  });
}

export function useRemoveForm10be() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (row: Form10be) => {
      unwrap(await sdk().rpc('remove_form_10be', { form_id: row.id }));
      unwrap(await sdk().storage.from('receipts').remove([row.file_path]));
    },
    onSuccess: () => client.invalidateQueries({ queryKey: [...moneyKeys.all, 'form10be'] }),
  });
}

/** Saved donors and members whose names match (either script), for the staff's donor picker. */
export const useDonorSearch = (search: string) =>
  useQuery({
    queryKey: moneyKeys.donorSearch(search),
    enabled: search.trim().length >= 2,
    queryFn: async () => {
      const client = sdk();
      const [donors, members] = await Promise.all([
        client.rpc('donor_matches', { search }),
        client
          .rpc('admin_member_directory_matches', { search }, { get: true })
          .select('id, user_id, unique_id, full_name, membership_no')
          .limit(8),
      ]);
      return {
        donors: unwrap(donors) as unknown as Donor[],
        members: unwrap(members) as unknown as Pick<
          MemberMatch,
          'id' | 'user_id' | 'unique_id' | 'full_name' | 'membership_no'
        >[],
      };
    },
  });

/** A donor's saved details by account (staff: a picked member's). */
export async function donorOfUser(userId: string) {
  return unwrap(
    await sdk().from('donors').select().eq('user_id', userId).maybeSingle(),
  ) as Donor | null;
}

export interface CashPayment {
  payment_type: 'donation' | 'membership';
  amount: number;
  payment_method: 'cash' | 'cheque' | 'kind';
  purpose: string | null;
  transaction_reference: string | null;
  member_id: string | null;
  user_id: string | null;
  donor_id: string | null;
  payer_name: string;
  payer_email: string | null;
}

/** Staff record cash, a cheque or a gift in kind as received: the receipt is issued at once. */
export function useRecordCash() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fromSdk((db, payment: CashPayment) =>
      db
        .from('payments')
        .insert({ ...payment, status: 'completed' })
        .select()
        .single(),
    ),
    onSuccess: () => client.invalidateQueries({ queryKey: moneyKeys.all }),
  });
}
