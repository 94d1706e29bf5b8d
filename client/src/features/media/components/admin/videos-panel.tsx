// Standalone videos: a link or an uploaded file, linked to an event; new ones are drafts and
// only published ones are public. The list: search, status, sort and page in the URL (v.*),
// cards below 768 px.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ResourceList, useResourceList } from '@/components/resource-list';
import { Field, Options } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { dataMessage } from '@/lib/errors';
import { errorText } from '@/lib/text';
import { adminText } from '../../admin-text';
import {
  mediaKind,
  uploadMedia,
  useSaveVideo,
  VIDEO_MAX_BYTES,
  videoPages,
  type AdminVideo,
} from '../../api/admin-media';
import { videoColumns } from '../../resources/videos/columns';
import { VIDEO_STATUSES, videoList } from '../../resources/videos/filters';
import { AddOrEdit } from '@/components/add-or-edit';
import { EditorForm, UploadProgress } from '@/components/editor-form';
import { EventField } from './event-field';

const t = adminText.video;

const schema = z.object({
  title: z.string().trim().min(1, t.titleRequired).max(200, t.titleMax),
  description: z.string().max(2000, adminText.album.descriptionMax),
  video_url: z
    .string()
    .trim()
    .refine((v) => v === '' || /^(https?:\/\/|\/)\S+$/.test(v), t.urlInvalid),
  event_id: z.string(),
  status: z.enum(VIDEO_STATUSES),
});
type Values = z.infer<typeof schema>;

function VideoForm({ video, onDone }: { video?: AdminVideo; onDone: () => void }) {
  const save = useSaveVideo();
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
      toast({ title: errorText.title, description: dataMessage(error), variant: 'destructive' });
    } finally {
      setUploading(null);
    }
  });
  return (
    <EditorForm
      label={video ? t.edit(video.title) : t.add}
      onSubmit={submit}
      cancelLabel={adminText.cancel}
      onCancel={onDone}
      saveLabel={t.save}
      saveDisabled={save.isPending || uploading !== null}
    >
      <p className="text-sm text-stone-600">{t.draftHint}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t.title} error={errors.title?.message}>
          <input {...register('title')} />
        </Field>
        <EventField label={t.event} reg={register('event_id')} />
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
            <Options values={VIDEO_STATUSES} labels={t.statuses} />
          </select>
        </Field>
      </div>
      <Field label={t.description} error={errors.description?.message}>
        <textarea rows={2} {...register('description')} />
      </Field>
      {uploading !== null && <UploadProgress percent={uploading} label={`${uploading}%`} />}
    </EditorForm>
  );
}

/** The videos tab: add or edit one, and the list (search, status, sort, page in the URL as v.*). */
export function VideosPanel() {
  const list = useResourceList(videoList, videoPages.page);
  const [editing, setEditing] = useState<AdminVideo | 'new' | null>(null);
  const columns = useMemo(() => videoColumns(setEditing), []);
  return (
    <div className="space-y-4">
      <AddOrEdit
        editing={editing}
        setEditing={setEditing}
        addLabel={t.add}
        form={(row, done) => <VideoForm video={row} onDone={done} />}
      />
      <ResourceList
        {...list}
        label={t.tableLabel}
        columns={columns}
        empty={{ title: t.empty }}
        noMatch={{ title: t.noMatch }}
      />
    </div>
  );
}
