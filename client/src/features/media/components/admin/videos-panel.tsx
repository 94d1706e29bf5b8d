// Standalone videos: a link or an uploaded file, linked to an event; new ones are drafts and
// only published ones are public.
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { controlClass, Field } from '@/components/ui/field';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { dataMessage } from '@/lib/errors';
import { adminText } from '@/features/media/admin-text';
import {
  mediaKind,
  uploadMedia,
  useAdminVideos,
  useDeleteVideo,
  useEventOptions,
  useSaveVideo,
  VIDEO_MAX_BYTES,
  type AdminVideo,
} from '@/features/media/api/admin-media';

const t = adminText.video;
const STATUSES = ['draft', 'published', 'archived'] as const;

const schema = z.object({
  title: z.string().trim().min(1, t.titleRequired).max(200, t.titleMax),
  description: z.string().max(2000, adminText.album.descriptionMax),
  video_url: z
    .string()
    .trim()
    .refine((v) => v === '' || /^(https?:\/\/|\/)\S+$/.test(v), t.urlInvalid),
  event_id: z.string(),
  status: z.enum(STATUSES),
});
type Values = z.infer<typeof schema>;

function VideoForm({ video, onDone }: { video?: AdminVideo; onDone: () => void }) {
  const save = useSaveVideo();
  const events = useEventOptions();
  const [file, setFile] = useState<File>();
  const [fileError, setFileError] = useState<string>();
  const [uploading, setUploading] = useState<number | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      title: video?.title ?? '',
      description: video?.description ?? '',
      video_url: video?.video_url ?? '',
      event_id: video?.event_id ?? '',
      status: (video?.status as Values['status']) ?? 'draft',
    },
  });
  const submit = handleSubmit(async (v) => {
    if (!file && !v.video_url) {
      setError('video_url', { message: t.urlRequired });
      return;
    }
    if (fileError) return;
    let url = v.video_url;
    try {
      if (file) {
        setUploading(0);
        url = (await uploadMedia(file, 'videos', setUploading)).url;
      }
      await save.mutateAsync({
        id: video?.id,
        input: {
          title: v.title,
          description: v.description.trim() || null,
          video_url: url,
          event_id: v.event_id || null,
          status: v.status,
        },
      });
      toast({ title: t.saved, variant: 'success' });
      onDone();
    } catch (error) {
      toast({ title: 'Error', description: dataMessage(error), variant: 'destructive' });
    } finally {
      setUploading(null);
    }
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={video ? t.edit(video.title) : t.add}
      className="space-y-4 rounded-lg border border-orange-200 bg-orange-50/40 p-4"
    >
      <p className="text-sm text-stone-600">{t.draftHint}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t.title} error={errors.title?.message}>
          <input {...register('title')} />
        </Field>
        <Field label={t.event}>
          <select {...register('event_id')}>
            <option value="">{adminText.album.noEvent}</option>
            {(events.data ?? []).map((e) => (
              <option key={e.id} value={e.id}>
                {e.title} ({e.event_date})
              </option>
            ))}
          </select>
        </Field>
        <Field label={t.url} error={errors.video_url?.message}>
          <input
            type="url"
            {...register('video_url')}
            placeholder="https://www.youtube.com/watch?v=…"
          />
        </Field>
        <Field label={t.file} hint={t.fileHint} error={fileError}>
          <input
            type="file"
            accept="video/mp4,video/webm,video/quicktime,.mov"
            onChange={(e) => {
              const f = e.target.files?.[0];
              setFile(f);
              setFileError(
                f && mediaKind(f) !== 'video'
                  ? adminText.upload.type(f.name)
                  : f && f.size > VIDEO_MAX_BYTES
                    ? adminText.upload.size(f.name)
                    : undefined,
              );
            }}
          />
        </Field>
        <Field label={t.status}>
          <select {...register('status')}>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t.statuses[s]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field label={t.description} error={errors.description?.message}>
        <textarea rows={2} {...register('description')} />
      </Field>
      {uploading !== null && (
        <div
          role="progressbar"
          aria-label={`${uploading}%`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={uploading}
          className="h-2 overflow-hidden rounded-full bg-stone-200"
        >
          <div className="h-full bg-orange-700" style={{ width: `${uploading}%` }} />
        </div>
      )}
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onDone}>
          {adminText.cancel}
        </Button>
        <Button type="submit" disabled={save.isPending || uploading !== null}>
          {t.save}
        </Button>
      </div>
    </form>
  );
}

export function VideosPanel() {
  const videos = useAdminVideos();
  const save = useSaveVideo();
  const remove = useDeleteVideo();
  const [editing, setEditing] = useState<AdminVideo | 'new' | null>(null);
  return (
    <div className="space-y-4">
      {editing === null ? (
        <Button onClick={() => setEditing('new')}>
          <Plus className="h-4 w-4" aria-hidden /> {t.add}
        </Button>
      ) : (
        <VideoForm
          key={editing === 'new' ? 'new' : editing.id}
          video={editing === 'new' ? undefined : editing}
          onDone={() => setEditing(null)}
        />
      )}
      {videos.isPending ? (
        <LoadingState rows={2} height="h-14" />
      ) : videos.isError ? (
        <ErrorState
          title={t.loadError}
          message={dataMessage(videos.error)}
          onRetry={() => void videos.refetch()}
        />
      ) : videos.data.length === 0 ? (
        <EmptyState title={t.empty} />
      ) : (
        <ul className="space-y-2" data-testid="admin-videos">
          {videos.data.map((v) => (
            <li
              key={v.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-stone-200 bg-white p-4"
            >
              <div className="min-w-0">
                <p className="font-semibold">{v.title}</p>
                <a
                  href={v.video_url}
                  target="_blank"
                  rel="noreferrer"
                  className="block truncate text-sm text-orange-900 underline"
                >
                  {v.video_url}
                </a>
              </div>
              <div className="flex items-center gap-1">
                <select
                  aria-label={t.statusOf(v.title)}
                  className={`${controlClass} !w-auto !py-1 text-sm`}
                  value={v.status}
                  onChange={(e) =>
                    save.mutate(
                      { id: v.id, input: { status: e.target.value as Values['status'] } },
                      { onSuccess: () => toast({ title: t.saved, variant: 'success' }) },
                    )
                  }
                >
                  {STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {t.statuses[s]}
                    </option>
                  ))}
                </select>
                <Button
                  variant="ghost"
                  className="!min-h-9"
                  aria-label={t.edit(v.title)}
                  onClick={() => setEditing(v)}
                >
                  <Pencil className="h-4 w-4" aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  className="!min-h-9 text-red-700"
                  aria-label={t.delete(v.title)}
                  onClick={() => {
                    if (!window.confirm(t.confirmDelete(v.title))) return;
                    remove.mutate(v, {
                      onSuccess: () => toast({ title: t.deleted, variant: 'success' }),
                    });
                  }}
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
