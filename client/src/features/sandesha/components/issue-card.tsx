import { Download, FileText, Star } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { issueLabel, useDownloadIssue, type Issue } from '../api/sandesha';
import { text } from '../text';

export function IssueCard({ issue }: { issue: Issue }) {
  const download = useDownloadIssue();
  return (
    <article className="flex h-full flex-col rounded-lg border border-stone-200 bg-white p-5 shadow-sm">
      <div className="flex items-start gap-3">
        <FileText className="h-10 w-10 shrink-0 text-orange-800" aria-hidden />
        <div className="min-w-0 flex-1">
          <p className="text-sm text-stone-600">{issueLabel(issue)}</p>
          <h3 className="font-serif text-lg font-bold">{issue.title}</h3>
          {issue.featured && (
            <span className="mt-1 inline-flex items-center gap-1 rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              <Star className="h-3 w-3" aria-hidden /> {text.featured}
            </span>
          )}
        </div>
      </div>
      {issue.description && (
        <p className="mt-3 flex-1 text-sm text-stone-700">{issue.description}</p>
      )}
      {/* No download counter for the public (issue 40): staff read it on their screen. */}
      <div className="mt-4 flex items-center justify-end gap-3">
        <Button
          variant="secondary"
          onClick={() => download.mutate(issue)}
          disabled={download.isPending}
        >
          <Download className="h-4 w-4" aria-hidden />
          {download.isPending ? text.downloading : text.download}
          <span className="sr-only">: {issue.title}</span>
        </Button>
      </div>
    </article>
  );
}
