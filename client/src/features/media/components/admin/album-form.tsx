// An album's details: title, description, the event it belongs to, date, published.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { adminText as t } from '@/features/media/admin-text';
import { useSaveAlbum, type AdminAlbum } from '@/features/media/api/admin-media';
import { EventField } from './event-field';
import { EditorCheckbox } from '@/components/editor-form';

const schema = z.object({
  title: z.string().trim().min(1, t.album.titleRequired).max(200, t.album.titleMax),
  description: z.string().max(2000, t.album.descriptionMax),
  event_id: z.string(),
  album_date: z.string(),
  is_published: z.boolean(),
});
type Values = z.infer<typeof schema>;

export function AlbumForm({
  album,
  onSaved,
  onCancel,
}: {
  album?: AdminAlbum;
  onSaved: (id: string) => void;
  onCancel?: () => void;
}) {
  const save = useSaveAlbum();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      title: album?.title ?? '',
      description: album?.description ?? '',
      event_id: album?.event_id ?? '',
      album_date: album?.album_date ?? '',
      is_published: album?.is_published ?? false,
    },
  });
  const submit = handleSubmit((v) =>
    save.mutate(
      {
        id: album?.id,
        input: {
          title: v.title,
          description: v.description.trim() || null,
          event_id: v.event_id || null,
          album_date: v.album_date || null,
          is_published: v.is_published,
        },
      },
      {
        onSuccess: (saved) => {
          toast({ title: album ? t.album.saved : t.album.created, variant: 'success' });
          reset(v);
          onSaved(saved.id);
        },
      },
    ),
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={album ? album.title : t.newAlbum}
      className="space-y-4 rounded-lg border border-stone-200 bg-white p-4 sm:p-6"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t.album.title} error={errors.title?.message}>
          <input {...register('title')} />
        </Field>
        <EventField label={t.album.event} reg={register('event_id')} />
        <Field label={t.album.date}>
          <input type="date" {...register('album_date')} />
        </Field>
        <EditorCheckbox
          label={t.album.published}
          reg={register('is_published')}
          className="self-end pb-2"
        />
      </div>
      <Field label={t.album.description} error={errors.description?.message}>
        <textarea rows={2} {...register('description')} />
      </Field>
      <div className="flex flex-wrap justify-end gap-3">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            {t.cancel}
          </Button>
        )}
        <Button type="submit" disabled={save.isPending || (!!album && !isDirty)}>
          {album ? t.album.save : t.album.create}
        </Button>
      </div>
    </form>
  );
}
