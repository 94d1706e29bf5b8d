// The magazine's advertisement rate card: add, edit, activate, delete.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '@/components/ui/field';
import { QueryState } from '@/components/ui/query-state';
import { LoadingState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { isEmail, isPhone, messages } from '@/lib/validation/validators';
import { adminText } from '@/features/sandesha/admin-text';
import {
  useAds,
  useDeleteAd,
  useSaveAd,
  type Advertisement,
} from '@/features/sandesha/api/admin-sandesha';
import { AddOrEdit } from '@/components/add-or-edit';
import { EditorCheckbox, EditorForm } from '@/components/editor-form';
import { DeleteButton, EditButton } from '@/components/row-actions';

const t = adminText.ad;

const schema = z.object({
  title: z
    .string()
    .trim()
    .min(1, messages.required(t.titleName))
    .max(200, messages.max(t.titleName, 200)),
  ad_size: z.string().trim().max(100, messages.max(t.size, 100)),
  rate_per_insertion: z
    .string()
    .trim()
    .refine((v) => /^\d{1,10}(\.\d{1,2})?$/.test(v), t.rateInvalid),
  advertiser_name: z.string().trim().max(200, messages.max(t.advertiser, 200)),
  contact_phone: z
    .string()
    .trim()
    .refine((v) => v === '' || isPhone(v), messages.phone),
  contact_email: z
    .string()
    .trim()
    .refine((v) => v === '' || isEmail(v), messages.email),
  is_active: z.boolean(),
});
type Values = z.infer<typeof schema>;

const rupees = (n: number) =>
  new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    maximumFractionDigits: 2,
  }).format(n);

function AdForm({ ad, onDone }: { ad?: Advertisement; onDone: () => void }) {
  const save = useSaveAd();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      title: ad?.title ?? '',
      ad_size: ad?.ad_size ?? '',
      rate_per_insertion: ad ? String(ad.rate_per_insertion) : '',
      advertiser_name: ad?.advertiser_name ?? '',
      contact_phone: ad?.contact_phone ?? '',
      contact_email: ad?.contact_email ?? '',
      is_active: ad?.is_active ?? true,
    },
  });
  const submit = handleSubmit((v) =>
    save.mutate(
      {
        id: ad?.id,
        input: {
          title: v.title,
          ad_size: v.ad_size || null,
          rate_per_insertion: Number(v.rate_per_insertion),
          advertiser_name: v.advertiser_name || null,
          contact_phone: v.contact_phone || null,
          contact_email: v.contact_email || null,
          is_active: v.is_active,
        },
      },
      {
        onSuccess: () => {
          toast({ title: t.saved, variant: 'success' });
          onDone();
        },
      },
    ),
  );
  return (
    <EditorForm
      label={t.title}
      onSubmit={submit}
      cancelLabel={adminText.cancel}
      onCancel={onDone}
      saveLabel={t.save}
      saveDisabled={save.isPending}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t.title} error={errors.title?.message}>
          <input {...register('title')} />
        </Field>
        <Field label={t.size} error={errors.ad_size?.message}>
          <input {...register('ad_size')} placeholder={t.sizePlaceholder} />
        </Field>
        <Field label={t.rate} error={errors.rate_per_insertion?.message}>
          <input inputMode="decimal" {...register('rate_per_insertion')} />
        </Field>
        <Field label={t.advertiser} error={errors.advertiser_name?.message}>
          <input {...register('advertiser_name')} />
        </Field>
        <Field label={t.phone} error={errors.contact_phone?.message}>
          <input type="tel" {...register('contact_phone')} />
        </Field>
        <Field label={t.email} error={errors.contact_email?.message}>
          <input type="email" {...register('contact_email')} />
        </Field>
      </div>
      <EditorCheckbox label={t.active} reg={register('is_active')} />
    </EditorForm>
  );
}

export function AdsPanel() {
  const ads = useAds();
  const remove = useDeleteAd();
  const [editing, setEditing] = useState<Advertisement | 'new' | null>(null);
  return (
    <div className="space-y-4">
      <AddOrEdit
        editing={editing}
        setEditing={setEditing}
        addLabel={t.add}
        form={(row, done) => <AdForm ad={row} onDone={done} />}
      />
      <QueryState
        query={ads}
        loading={<LoadingState rows={2} height="h-14" />}
        errorTitle={t.loadError}
        empty={t.empty}
      >
        {(data) => (
          <ul className="space-y-2">
            {data.map((ad) => (
              <li
                key={ad.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-stone-200 bg-white p-4"
              >
                <div>
                  <p className="font-semibold">
                    {ad.title}
                    {!ad.is_active && (
                      <span className="ml-2 rounded-full bg-stone-200 px-2 py-0.5 text-xs">
                        {t.inactive}
                      </span>
                    )}
                  </p>
                  <p className="text-sm text-stone-600">
                    {[
                      ad.ad_size,
                      t.perInsertion(rupees(Number(ad.rate_per_insertion))),
                      ad.advertiser_name,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <div className="flex gap-1">
                  <EditButton
                    label={`${adminText.edit} ${ad.title}`}
                    onClick={() => setEditing(ad)}
                    className="!min-h-9"
                  />
                  <DeleteButton
                    className="!min-h-9 text-red-700"
                    aria-label={`${adminText.delete} ${ad.title}`}
                    confirm={{ title: t.confirmDelete(ad.title), confirmLabel: adminText.delete }}
                    action={() => remove.mutateAsync(ad.id)}
                    done={t.deleted}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}
