// The magazine's staff calls: every issue (drafts too), a new issue with its PDF (15 MB, PDF
// only, in the private havyaka-sandesh bucket under its year), edit, publish/unpublish,
// feature, delete (the PDF goes first); and the advertisement rate card.
import type { Database } from '@havyaka/sdk/database';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { safeStem } from '@/lib/file-names';
import { useDeleteRow, useSaveRow } from '@/lib/row-mutations';
import { sdk } from '@/lib/sdk';
import { uploadError } from '@/lib/upload-refusal';
import { adminText as t } from '../admin-text';
import { sandeshaKeys, type Issue } from './sandesha';
import { fromSdk } from '@/lib/from-sdk';
import { useInvalidate } from '@/lib/invalidate';

export type Advertisement = Database['public']['Tables']['magazine_advertisements']['Row'];
type IssueInsert = Database['public']['Tables']['havyaka_sandesha_issues']['Insert'];
type AdInsert = Database['public']['Tables']['magazine_advertisements']['Insert'];

export const BUCKET = 'havyaka-sandesh';
export const PDF_MAX_BYTES = 15 * 1024 * 1024;

export const adminSandeshaKeys = {
  issues: () => [...sandeshaKeys.all, 'admin', 'issues'] as const,
  ads: () => [...sandeshaKeys.all, 'admin', 'ads'] as const,
};

/** Why a file cannot be an issue's PDF (spec §5 upload messages), or null. */
export function pdfProblem(file: File): string | null {
  if (file.type !== 'application/pdf' && !/\.pdf$/i.test(file.name)) return t.fileType;
  if (file.size > PDF_MAX_BYTES) return t.fileSize;
  return null;
}

/** `2026/03-<safe name>-<random>.pdf` */
export function pdfPath(year: number, month: number, fileName: string): string {
  const random = Math.random().toString(36).slice(2, 8);
  return `${year}/${String(month).padStart(2, '0')}-${safeStem(fileName, 'issue')}-${random}.pdf`;
}

const STORED = new RegExp(`/storage/v1/object/(?:authenticated/|public/|sign/)?${BUCKET}/([^?#]+)`);
export const storedPdfPath = (url: string) => {
  const m = STORED.exec(url);
  return m ? decodeURIComponent(m[1]) : null;
};

export const adminIssuesQuery = () =>
  queryOptions({
    queryKey: adminSandeshaKeys.issues(),
    queryFn: fromSdk((db) =>
      db
        .from('havyaka_sandesha_issues')
        .select()
        .order('issue_year', { ascending: false })
        .order('issue_month', { ascending: false })
        .order('created_at', { ascending: false }),
    ),
  });
export const useAdminIssues = () => useQuery(adminIssuesQuery());

export async function uploadPdf(
  file: File,
  year: number,
  month: number,
  onProgress?: (percent: number) => void,
): Promise<{ url: string; size: number }> {
  const path = pdfPath(year, month, file.name);
  const { error } = await sdk()
    .storage.from(BUCKET)
    .upload(path, file, {
      contentType: 'application/pdf',
      cacheControl: '3600',
      onUploadProgress: onProgress
        ? (p) => onProgress(Math.round((p.loaded / Math.max(1, p.total ?? file.size)) * 100))
        : undefined,
    });
  if (error) throw uploadError(error, { size: t.fileSize, type: t.fileType });
  return { url: `/storage/v1/object/${BUCKET}/${path}`, size: file.size };
}

export interface IssueInput {
  title: string;
  description: string;
  issue_year: number;
  issue_month: number;
  is_published: boolean;
  featured: boolean;
}

export function useSaveIssue() {
  const invalidate = useInvalidate(sandeshaKeys.all);
  return useMutation({
    meta: { silent: true }, // the form shows the error
    mutationFn: async ({
      id,
      input,
      file,
      previousPdf,
      onProgress,
    }: {
      id?: string;
      input: IssueInput;
      file?: File;
      previousPdf?: string;
      onProgress?: (percent: number) => void;
    }) => {
      const uploaded = file
        ? await uploadPdf(file, input.issue_year, input.issue_month, onProgress)
        : null;
      const row: Partial<IssueInsert> = {
        ...input,
        description: input.description.trim() || null,
        ...(uploaded ? { pdf_url: uploaded.url, file_size: uploaded.size } : {}),
      };
      const table = sdk().from('havyaka_sandesha_issues');
      try {
        const saved = id
          ? unwrap(await table.update(row).eq('id', id).select().single())
          : unwrap(
              await table
                .insert(row as IssueInsert)
                .select()
                .single(),
            );
        // A replaced PDF is removed once the issue points at the new one.
        const old = uploaded && previousPdf ? storedPdfPath(previousPdf) : null;
        if (old) await sdk().storage.from(BUCKET).remove([old]);
        return saved;
      } catch (error) {
        const orphan = uploaded ? storedPdfPath(uploaded.url) : null;
        if (orphan) await sdk().storage.from(BUCKET).remove([orphan]);
        throw error;
      }
    },
    onSuccess: () => invalidate(),
  });
}

export function usePatchIssue() {
  const invalidate = useInvalidate(sandeshaKeys.all);
  return useMutation({
    mutationFn: async ({ id, patch }: { id: string; patch: Partial<IssueInput> }) =>
      unwrap(
        await sdk().from('havyaka_sandesha_issues').update(patch).eq('id', id).select().single(),
      ),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteIssue() {
  const invalidate = useInvalidate(sandeshaKeys.all);
  return useMutation({
    mutationFn: async (issue: Issue) => {
      const path = storedPdfPath(issue.pdf_url);
      if (path) unwrap(await sdk().storage.from(BUCKET).remove([path]));
      unwrap(await sdk().from('havyaka_sandesha_issues').delete().eq('id', issue.id));
    },
    onSuccess: () => invalidate(),
  });
}

export const adsQuery = () =>
  queryOptions({
    queryKey: adminSandeshaKeys.ads(),
    queryFn: fromSdk((db) =>
      db
        .from('magazine_advertisements')
        .select()
        .order('is_active', { ascending: false })
        .order('rate_per_insertion', { ascending: false }),
    ),
  });
export const useAds = () => useQuery(adsQuery());

export type AdInput = Pick<
  AdInsert,
  | 'title'
  | 'ad_size'
  | 'rate_per_insertion'
  | 'advertiser_name'
  | 'contact_phone'
  | 'contact_email'
  | 'is_active'
>;

export const useSaveAd = () => useSaveRow('magazine_advertisements', sandeshaKeys.all);

export const useDeleteAd = () => useDeleteRow('magazine_advertisements', sandeshaKeys.all);
