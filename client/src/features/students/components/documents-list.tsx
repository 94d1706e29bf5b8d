// The student's documents, each opened through a link valid for an hour (private bucket).
import { FileText } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toastOutcome } from '@/components/ui/toast-outcome';
import { documentLink } from '../api/students';
import { text } from '../text';

export const documentLabel = (name: string) =>
  name
    .split('/')
    .pop()!
    .replace(/^\d+-(\d+-)?/, '');

export function DocumentsList({ names }: { names: string[] }) {
  if (!names.length) return <p className="text-sm text-stone-600">{text.noDocuments}</p>;
  return (
    <ul className="divide-y divide-stone-200 rounded-md border border-stone-200">
      {names.map((name) => (
        <li key={name} className="flex items-center gap-3 px-3 py-1 text-sm">
          <FileText className="h-4 w-4 shrink-0 text-stone-600" aria-hidden />
          <span className="min-w-0 flex-1 truncate">{documentLabel(name)}</span>
          <Button
            variant="ghost"
            onClick={() =>
              void toastOutcome(async () =>
                window.open(await documentLink(name), '_blank', 'noopener'),
              )
            }
          >
            {text.open}
          </Button>
        </li>
      ))}
    </ul>
  );
}
