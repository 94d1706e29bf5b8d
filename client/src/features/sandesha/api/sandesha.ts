// Havyaka Sandesha issues (spec §7): published, newest first; downloads counted by
// increment_sandesha_download_count; the PDF (a private bucket, readable once published)
// opened through a signed URL.
import type { Database } from '@havyaka/sdk/database';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { errorCode, errorToast, unwrap } from '@/lib/errors';
import { apiUrl, sdk } from '@/lib/sdk';
import { hasSavedIssue, savedIssueUrl } from '../offline-issues';
import { text } from '../text';

export type Issue = Database['public']['Tables']['havyaka_sandesha_issues']['Row'];

export const sandeshaKeys = {
  all: ['sandesha'] as const,
  list: (filters: { limit?: number }) => ['sandesha', 'list', filters] as const,
};

export const issuesQuery = (filters: { limit?: number } = {}) =>
  queryOptions({
    queryKey: sandeshaKeys.list(filters),
    queryFn: async () => {
      let q = sdk()
        .from('havyaka_sandesha_issues')
        .select()
        .eq('is_published', true)
        .order('issue_year', { ascending: false })
        .order('issue_month', { ascending: false });
      if (filters.limit) q = q.limit(filters.limit);
      return unwrap(await q);
    },
  });
export const useIssues = (filters: { limit?: number } = {}) => useQuery(issuesQuery(filters));

const STORED = /\/storage\/v1\/object\/(?:authenticated\/|public\/|sign\/)?([^/]+)\/([^?#]+)/;

/** Offline, an issue never opened on this device: said in its own words. */
class NotKept extends Error {}

/** The issue's file from the network (counted, by signed URL); offline or with the server out
 *  of reach, the copy kept on this device when the reader opened it before (offline-issues.ts). */
export function useDownloadIssue() {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (issue: Issue) => {
      const m = STORED.exec(issue.pdf_url);
      const kept = m ? savedIssueUrl(apiUrl(), m[1], decodeURIComponent(m[2])) : null;
      const fromDevice = async () => {
        if (kept && (await hasSavedIssue(kept))) return { count: null, url: kept };
        throw new NotKept();
      };
      if (!navigator.onLine) return fromDevice();
      try {
        return await fromNetwork(issue, m);
      } catch (e) {
        if (errorCode(e) === 'NETWORK_ERROR') return fromDevice();
        throw e;
      }
    },
    // A download (Content-Disposition: attachment) keeps the page where it is.
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (e) =>
      toast(
        e instanceof NotKept
          ? { title: text.notKeptTitle, description: text.notKept }
          : { ...errorToast(e), variant: 'destructive' },
      ),
    onSettled: () => qc.invalidateQueries({ queryKey: sandeshaKeys.all }),
  });
}

async function fromNetwork(issue: Issue, m: RegExpExecArray | null) {
  const client = sdk();
  const count = unwrap(
    await client.rpc('increment_sandesha_download_count', { issue_id: issue.id }),
  );
  let url = issue.pdf_url;
  if (m) {
    const signed = await client.storage
      .from(m[1])
      .createSignedUrl(decodeURIComponent(m[2]), 3600, { download: issueFileName(issue) });
    if (signed.error || !signed.data) throw signed.error ?? new Error('no signed URL');
    url = signed.data.signedUrl;
  }
  return { count, url };
}

/** What a downloaded issue is called: Havyaka-Sandesha-December-2026.pdf (issue 40). */
export const issueFileName = (issue: Pick<Issue, 'issue_year' | 'issue_month'>) =>
  `Havyaka-Sandesha-${new Date(Date.UTC(issue.issue_year, issue.issue_month - 1, 1)).toLocaleString('en', { month: 'long', timeZone: 'UTC' })}-${issue.issue_year}.pdf`;

export const issueLabel = (issue: Pick<Issue, 'issue_year' | 'issue_month'>) =>
  new Date(issue.issue_year, issue.issue_month - 1, 1).toLocaleDateString('en-IN', {
    month: 'long',
    year: 'numeric',
  });
