// Supporting documents (spec §9: the documents bucket takes PDF, JPEG and PNG up to 10 MB):
// picked, checked and listed before the one submit uploads them.
import { FileText, X } from 'lucide-react';
import { useId, useState } from 'react';
import { FileInput, FileLabel } from '@/components/file-input';
import { text } from '../text';

export const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'];
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const MAX_DOCUMENTS = 10;

/** The message for a file the documents bucket would refuse, or null. */
export function documentError(file: { type: string; size: number }): string | null {
  if (!DOCUMENT_TYPES.includes(file.type)) return text.fileType;
  if (file.size > DOCUMENT_MAX_BYTES) return text.fileTooLarge;
  return null;
}

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

export function DocumentPicker({
  files,
  onChange,
  existing = 0,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  /** Documents already stored (they count towards the limit). */
  existing?: number;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  return (
    <div>
      <FileLabel id={id} label={text.documents} hint={text.documentsHint} />
      <FileInput
        id={id}
        multiple
        accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
        aria-describedby={error ? `${id}-error` : undefined}
        onPick={(picked) => {
          const refused = picked.map(documentError).find(Boolean);
          const accepted = picked.filter((f) => !documentError(f));
          const all = [...files, ...accepted];
          if (all.length + existing > MAX_DOCUMENTS) {
            setError(text.tooMany);
            onChange(all.slice(0, Math.max(0, MAX_DOCUMENTS - existing)));
            return;
          }
          setError(refused ?? null);
          onChange(all);
        }}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
      {files.length > 0 && (
        <ul className="mt-3 divide-y divide-stone-200 rounded-md border border-stone-200">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`} className="flex items-center gap-3 px-3 py-2 text-sm">
              <FileText className="h-4 w-4 shrink-0 text-stone-600" aria-hidden />
              <span className="min-w-0 flex-1 truncate">{f.name}</span>
              <span className="text-stone-600">{size(f.size)}</span>
              <button
                type="button"
                className="inline-flex min-h-11 min-w-11 items-center justify-center rounded hover:bg-stone-100"
                aria-label={text.removeDocument(f.name)}
                onClick={() => onChange(files.filter((_, j) => j !== i))}
              >
                <X className="h-4 w-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
