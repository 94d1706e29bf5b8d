// Every issue, grouped by year, newest first: published or draft, featured, downloads, and the
// actions (publish/unpublish, feature, open the PDF, edit, delete after confirmation).
import { ExternalLink, Star } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { sdk } from '@/lib/sdk';
import { adminText as t } from '@/features/sandesha/admin-text';
import {
  BUCKET,
  storedPdfPath,
  useDeleteIssue,
  usePatchIssue,
} from '@/features/sandesha/api/admin-sandesha';
import type { Issue } from '@/features/sandesha/api/sandesha';
import { monthName } from './issue-form';
import { errorText } from '@/lib/text';
import { DeleteButton, EditButton } from '@/components/row-actions';

const labelOf = (i: Issue) => `${monthName(i.issue_month)} ${i.issue_year}: ${i.title}`;

async function openPdf(issue: Issue) {
  const path = storedPdfPath(issue.pdf_url);
  if (!path) {
    window.open(issue.pdf_url, '_blank', 'noopener');
    return;
  }
  const { data, error } = await sdk().storage.from(BUCKET).createSignedUrl(path, 3600);
  if (error || !data) {
    toast({ title: errorText.title, description: t.loadError, variant: 'destructive' });
    return;
  }
  window.open(data.signedUrl, '_blank', 'noopener');
}

function IssueRow({ issue, onEdit }: { issue: Issue; onEdit: () => void }) {
  const patch = usePatchIssue();
  const remove = useDeleteIssue();
  const label = labelOf(issue);
  /** Turns a flag of the issue over, then says which way it went. */
  const flip = (flag: 'is_published' | 'featured', on: string, off: string) =>
    patch.mutate(
      { id: issue.id, patch: { [flag]: !issue[flag] } },
      { onSuccess: () => toast({ title: issue[flag] ? off : on, variant: 'success' }) },
    );
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-stone-200 bg-white p-4">
      <div className="min-w-0">
        <p className="font-semibold text-stone-900">
          {monthName(issue.issue_month)} · {issue.title}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-stone-600">
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-semibold ${issue.is_published ? 'bg-emerald-100 text-emerald-900' : 'bg-stone-200 text-stone-800'}`}
          >
            {issue.is_published ? t.live : t.draft}
          </span>
          {issue.featured && (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              {t.featuredBadge}
            </span>
          )}
          <span data-testid="admin-download-count">{t.downloads(issue.download_count)}</span>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-1">
        <Button
          variant={issue.is_published ? 'secondary' : 'primary'}
          className="!min-h-9"
          aria-label={issue.is_published ? t.unpublishOf(label) : t.publishOf(label)}
          disabled={patch.isPending}
          onClick={() => flip('is_published', t.published, t.unpublished)}
        >
          {issue.is_published ? t.unpublish : t.publish}
        </Button>
        <Button
          variant="ghost"
          className="!min-h-9"
          aria-label={issue.featured ? t.unfeatureOf(label) : t.featureOf(label)}
          aria-pressed={issue.featured}
          disabled={patch.isPending}
          onClick={() => flip('featured', t.featuredOn, t.featuredOff)}
        >
          <Star
            className={`h-4 w-4 ${issue.featured ? 'fill-amber-500 text-amber-600' : ''}`}
            aria-hidden
          />
          <span className="sr-only sm:not-sr-only">{issue.featured ? t.unfeature : t.feature}</span>
        </Button>
        <Button
          variant="ghost"
          className="!min-h-9"
          onClick={() => void openPdf(issue)}
          aria-label={`${t.openPdf}: ${label}`}
        >
          <ExternalLink className="h-4 w-4" aria-hidden />
        </Button>
        <EditButton label={t.editOf(label)} onClick={onEdit} className="!min-h-9" />
        <DeleteButton
          className="!min-h-9 text-red-700"
          aria-label={t.deleteOf(label)}
          disabled={remove.isPending}
          confirm={{ title: t.confirmDelete(label), confirmLabel: t.delete }}
          action={() => remove.mutateAsync(issue)}
          done={t.deleted}
        />
      </div>
    </li>
  );
}

export function IssueList({ issues, onEdit }: { issues: Issue[]; onEdit: (issue: Issue) => void }) {
  const years = [...new Set(issues.map((i) => i.issue_year))];
  return (
    <div className="space-y-6" data-testid="admin-issues">
      {years.map((year) => (
        <section key={year} aria-labelledby={`year-${year}`}>
          <h3 id={`year-${year}`} className="mb-2 font-serif text-xl font-bold">
            {year}
          </h3>
          <ul className="space-y-2">
            {issues
              .filter((i) => i.issue_year === year)
              .map((issue) => (
                <IssueRow key={issue.id} issue={issue} onEdit={() => onEdit(issue)} />
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
