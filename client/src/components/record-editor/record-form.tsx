// The form of one site content record, drawn from its field list. Image fields upload into the
// content bucket, resized in the browser to fit 1920x1080 as JPEG 0.8.
import { zodResolver } from '@hookform/resolvers/zod';
import { ImagePlus, Loader2, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { EditorForm } from '@/components/editor-form';
import { Button } from '@/components/ui/button';
import { Field, OptionList } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { imageUrl } from '@/lib/images';
import { uploadRefusal } from '@/lib/upload-refusal';
import { text as t } from './text';
import { uploadSiteImage, IMAGE_TYPES, IMAGE_MAX_BYTES } from './upload';
import { formToRow, rowToForm, schemaFor, type FieldSpec, type FormValues } from './fields';

function ImageField({
  value,
  onChange,
  label,
  folder,
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  label: string;
  folder: string;
  error?: string;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const pick = async (file?: File) => {
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) {
      toast({
        title: t.image.invalidType,
        description: t.image.invalidTypeBody,
        variant: 'destructive',
      });
      return;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      toast({ title: t.image.tooLarge, description: t.image.tooLargeBody, variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      onChange(await uploadSiteImage(file, folder));
      toast({ title: t.image.uploaded, variant: 'success' });
    } catch (error) {
      // The storage service's refusals in the image picker's words (spec §5).
      const refusal = uploadRefusal(error);
      if (refusal === 'size') {
        toast({
          title: t.image.tooLarge,
          description: t.image.tooLargeBody,
          variant: 'destructive',
        });
      } else if (refusal === 'type') {
        toast({
          title: t.image.invalidType,
          description: t.image.invalidTypeBody,
          variant: 'destructive',
        });
      } else {
        toast({ title: t.image.failed, description: t.image.failedBody, variant: 'destructive' });
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <p className="mb-1 text-sm font-semibold text-stone-800" id={`${id}-label`}>
        {label}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {value ? (
          <img
            src={imageUrl(value, { width: 240, height: 160 })}
            alt={t.image.preview(label)}
            className="h-20 w-32 rounded border border-stone-200 object-cover"
          />
        ) : (
          <div className="flex h-20 w-32 items-center justify-center rounded border border-dashed border-stone-300 text-stone-400">
            <ImagePlus className="h-6 w-6" aria-hidden />
          </div>
        )}
        <input
          id={id}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          className="sr-only"
          aria-labelledby={`${id}-label ${id}-button`}
          disabled={busy}
          onChange={(e) => void pick(e.target.files?.[0])}
        />
        <label
          id={`${id}-button`}
          htmlFor={id}
          className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-md border border-stone-300 bg-white px-3 py-2 text-sm font-semibold hover:bg-stone-100"
        >
          {busy ? (
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
          ) : (
            <ImagePlus className="h-4 w-4" aria-hidden />
          )}
          {busy ? t.image.uploading : value ? t.image.replace : t.image.upload}
        </label>
        {value && !busy && (
          <Button variant="ghost" className="!min-h-10" onClick={() => onChange('')}>
            <Trash2 className="h-4 w-4" aria-hidden /> {t.image.remove}
          </Button>
        )}
      </div>
      {error && <p className="mt-1 text-sm text-red-700">{error}</p>}
    </div>
  );
}

function Control_({
  f,
  control,
  folder,
}: {
  f: FieldSpec;
  control: Control<FormValues>;
  folder: string;
}) {
  return (
    <Controller
      control={control}
      name={f.name}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        if (f.kind === 'image') {
          return (
            <ImageField
              value={String(field.value ?? '')}
              onChange={field.onChange}
              label={f.label}
              folder={folder}
              error={error}
            />
          );
        }
        if (f.kind === 'checkbox') {
          return (
            <label className="flex items-center gap-2 self-end pb-2">
              <input
                type="checkbox"
                className="h-5 w-5 accent-orange-800"
                checked={!!field.value}
                onChange={(e) => field.onChange(e.target.checked)}
                onBlur={field.onBlur}
              />
              {f.label}
            </label>
          );
        }
        const common = {
          name: field.name,
          value: String(field.value ?? ''),
          onChange: field.onChange,
          onBlur: field.onBlur,
        };
        const control =
          f.kind === 'textarea' ? (
            <textarea rows={3} {...common} />
          ) : f.kind === 'select' ? (
            <select {...common}>
              <OptionList options={f.options ?? []} />
            </select>
          ) : (
            <input
              {...common}
              type={
                {
                  number: 'number',
                  date: 'date',
                  datetime: 'datetime-local',
                  email: 'email',
                  phone: 'tel',
                  url: 'text',
                }[f.kind as string] ?? 'text'
              }
              inputMode={f.kind === 'number' || f.kind === 'pincode' ? 'numeric' : undefined}
            />
          );
        return (
          <Field label={f.label} error={error} hint={f.hint}>
            {control}
          </Field>
        );
      }}
    />
  );
}

export function RecordForm({
  fields,
  row,
  folder,
  title,
  saving,
  onSave,
  onCancel,
}: {
  fields: FieldSpec[];
  row?: Record<string, unknown>;
  folder: string;
  title: string;
  saving: boolean;
  onSave: (values: Record<string, unknown>) => Promise<void> | void;
  onCancel: () => void;
}) {
  const { control, handleSubmit } = useForm<FormValues>({
    resolver: zodResolver(schemaFor(fields)) as never,
    defaultValues: rowToForm(fields, row),
  });
  return (
    <EditorForm
      label={title}
      title={title}
      onSubmit={handleSubmit((values) => onSave(formToRow(fields, values)))}
      cancelLabel={t.cancel}
      onCancel={onCancel}
      saveLabel={saving ? t.saving : t.save}
      saveDisabled={saving}
      className="sm:p-6"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((f) => (
          <div
            key={f.name}
            className={f.wide || f.kind === 'textarea' || f.kind === 'image' ? 'sm:col-span-2' : ''}
          >
            <Control_ f={f} control={control} folder={folder} />
          </div>
        ))}
      </div>
    </EditorForm>
  );
}
