// /profile/matrimony: the user's own profile as a form, with the photo (resized, replaced in
// place). After approval the person's identity is locked (the database refuses it too).
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { BackAndSubmit, StepCards } from '@/components/form';
import { ApprovalBadge } from '@/components/registration-page';
import { Card, ErrorState, LoadingState, Page, PageHeader } from '@/components/ui/states';
import { useSubmitState } from '@/components/ui/submit-button';
import { toast } from '@/components/ui/toast';
import { useAuth } from '@/lib/auth';
import { dataMessage, errorToast } from '@/lib/errors';
import { refusedColumn } from '@/lib/errors';
import {
  matrimonyKeys,
  replacePhoto,
  useOwnProfile,
  useUpdateProfile,
  usePhotoLink,
  type OwnProfile,
} from '../api/profiles';
import { PhotoPicker, BiodataPicker } from '../components/photo-picker';
import { matrimonySteps } from '../components/steps';
import { LOCKED_AFTER_APPROVAL, matrimonyChanges, toMatrimonyValues } from '../edit';
import { pagesText as t } from '../pages-text';
import { fieldOfColumn, matrimonySchema, type MatrimonyValues } from '../schema';
import { objectPath, uploadOwnFile } from '@/lib/registration/api';
import { PDFS } from '../api/profiles';
import { text } from '../text';

function EditForm({ profile }: { profile: OwnProfile }) {
  const approved = profile.approval_status === 'approved';
  const locked = approved ? LOCKED_AFTER_APPROVAL : [];
  const initial = useMemo(() => toMatrimonyValues(profile), [profile]);
  const form = useForm<MatrimonyValues>({
    resolver: zodResolver(matrimonySchema) as never,
    defaultValues: initial,
  });
  const [photo, setPhoto] = useState<File | null>(null);
  const [biodata, setBiodata] = useState<File | null>(null);
  const current = usePhotoLink(profile.photo_url);
  const update = useUpdateProfile();
  const submit = useSubmitState();
  const { session } = useAuth();
  const queryClient = useQueryClient();

  const save = async (values: MatrimonyValues) => {
    try {
      await submit.run(async () => {
        const changes = matrimonyChanges(initial, values, locked);
        const userId = session!.user.id;
        if (photo) changes.photo_url = await replacePhoto(userId, photo);
        if (biodata)
          changes.biodata_url = objectPath(
            PDFS,
            await uploadOwnFile(
              PDFS,
              userId,
              'biodata.pdf',
              biodata,
              'application/pdf',
              text.biodataUpload,
            ),
          );
        if (Object.keys(changes).length) await update.mutateAsync({ id: profile.id, changes });
      });
      if (photo) {
        toast({ title: t.photoSaved, variant: 'success' });
        await queryClient.invalidateQueries({ queryKey: ['matrimony', 'photo'] });
      } else toast({ title: t.saved, variant: 'success' });
      setPhoto(null);
      setBiodata(null);
      await queryClient.invalidateQueries({ queryKey: matrimonyKeys.all });
    } catch (error) {
      const column = refusedColumn(error);
      if (column)
        form.setError(fieldOfColumn(column) as keyof MatrimonyValues, {
          message: dataMessage(error),
        });
      toast({ ...errorToast(error), variant: 'destructive' });
    }
  };

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(save)} className="space-y-6">
        <Card>
          <div className="grid gap-6 sm:grid-cols-2">
            <PhotoPicker file={photo} onChange={setPhoto} currentUrl={current.data} />
            <BiodataPicker file={biodata} onChange={setBiodata} />
          </div>
        </Card>
        <StepCards steps={matrimonySteps()} locked={locked} lockedNote={t.lockedAfterApproval} />
        <BackAndSubmit
          back={{ to: '/dashboard/matrimony', label: t.openDashboard }}
          state={submit.state}
          labels={t.saveLabels}
        />
      </form>
    </FormProvider>
  );
}

export function Component() {
  const profile = useOwnProfile();
  const p = profile.data;
  return (
    <Page>
      <div className="mx-auto max-w-3xl">
        <PageHeader title={t.ownTitle}>
          {p && <ApprovalBadge status={p.approval_status} />}
        </PageHeader>
        {profile.isPending && <LoadingState rows={4} />}
        {profile.isError && (
          <ErrorState message={dataMessage(profile.error)} onRetry={() => profile.refetch()} />
        )}
        {p && <EditForm key={`${p.updated_at} ${p.contacts?.updated_at}`} profile={p} />}
      </div>
    </Page>
  );
}
