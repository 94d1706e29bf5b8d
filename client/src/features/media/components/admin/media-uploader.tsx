// Many photos and videos at once: each checked, photos resized, uploaded one after another with
// its progress, then added to the album after its last item.
import { Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { adminText as t } from '@/features/media/admin-text';
import {
  addItems,
  mediaKind,
  PHOTO_MAX_BYTES,
  uploadMedia,
  VIDEO_MAX_BYTES,
} from '@/features/media/api/admin-media';
import { mediaKeys } from '@/features/media/api/media';
import { AppError } from '@/lib/errors';
import { errorText } from '@/lib/text';

interface Progress {
  name: string;
  percent: number;
  error?: string;
}

/** Why a file cannot go into an album, or null. */
export function fileProblem(file: File): string | null {
  const kind = mediaKind(file);
  if (!kind) return t.upload.type(file.name);
  const max = kind === 'photo' ? PHOTO_MAX_BYTES : VIDEO_MAX_BYTES;
  // Photos are resized before the upload, so only very large originals are refused.
  if (kind === 'video' && file.size > max) return t.upload.size(file.name);
  if (kind === 'photo' && file.size > 5 * max) return t.upload.size(file.name);
  return null;
}

export function MediaUploader({ albumId, nextOrder }: { albumId: string; nextOrder: number }) {
  const id = useId();
  const client = useQueryClient();
  const [progress, setProgress] = useState<Progress[]>([]);
  const busy = progress.some((p) => p.percent < 100 && !p.error);

  const upload = async (files: File[]) => {
    const list: Progress[] = files.map((f) => ({
      name: f.name,
      percent: 0,
      error: fileProblem(f) ?? undefined,
    }));
    setProgress(list);
    const done: { url: string; kind: 'photo' | 'video'; title: string }[] = [];
    for (const [i, file] of files.entries()) {
      if (list[i].error) continue;
      try {
        const stored = await uploadMedia(file, `albums/${albumId}`, (percent) =>
          setProgress((p) =>
            p.map((x, j) => (j === i ? { ...x, percent: Math.min(99, percent) } : x)),
          ),
        );
        done.push({ ...stored, title: file.name.replace(/\.[A-Za-z0-9]{1,8}$/, '') });
        setProgress((p) => p.map((x, j) => (j === i ? { ...x, percent: 100 } : x)));
      } catch (e) {
        // A refusal of size or type comes worded by uploadMedia; anything else is a failure.
        const error = e instanceof AppError ? e.message : t.upload.failed(file.name);
        setProgress((p) => p.map((x, j) => (j === i ? { ...x, error } : x)));
      }
    }
    if (done.length) {
      try {
        await addItems(albumId, done, nextOrder);
        toast({ title: t.upload.done(done.length), variant: 'success' });
      } catch {
        toast({
          title: errorText.title,
          description: t.upload.failed(done.map((d) => d.title).join(', ')),
          variant: 'destructive',
        });
      }
      await client.invalidateQueries({ queryKey: mediaKeys.all });
    }
    setProgress((p) => p.filter((x) => x.error));
  };

  return (
    <div className="rounded-lg border-2 border-dashed border-stone-300 bg-stone-50 p-4">
      <input
        id={id}
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp,video/mp4,video/webm,video/quicktime,.mov"
        className="sr-only"
        disabled={busy}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) void upload(files);
        }}
      />
      <label
        htmlFor={id}
        className={`inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md bg-orange-800 px-4 py-2 text-sm font-semibold text-white hover:bg-orange-900 ${busy ? 'pointer-events-none opacity-60' : ''}`}
      >
        <Upload className="h-4 w-4" aria-hidden /> {t.upload.label}
      </label>
      <p id={`${id}-hint`} className="mt-2 text-xs text-stone-600">
        {t.upload.hint}
      </p>
      {progress.length > 0 && (
        <ul className="mt-3 space-y-2" aria-live="polite" data-testid="upload-progress">
          {busy && (
            <li className="text-sm font-semibold">
              {t.upload.uploading(
                progress.filter((p) => p.percent === 100).length,
                progress.length,
              )}
            </li>
          )}
          {progress.map((p, i) => (
            <li key={`${p.name}-${i}`} className="text-sm">
              {p.error ? (
                <span className="text-red-700">{p.error}</span>
              ) : (
                <>
                  <span className="block truncate">{p.name}</span>
                  <span
                    role="progressbar"
                    aria-label={t.upload.progress(p.name, p.percent)}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={p.percent}
                    className="mt-1 block h-1.5 overflow-hidden rounded-full bg-stone-200"
                  >
                    <span
                      className="block h-full bg-orange-700"
                      style={{ width: `${p.percent}%` }}
                    />
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
