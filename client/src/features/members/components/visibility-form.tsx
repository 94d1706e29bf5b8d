// The member's own choices (member_directory_visibility, saved by upsert): listed in the
// directory, and contact details shown to every member or only to connections.
import { z } from 'zod';
import { CheckboxField, Form, FormActions, FormSubmit, useZodForm } from '@/components/form';
import { toast } from '@/components/ui/toast';
import { useSaveVisibility } from '../api/network';
import { text } from '../text';

const schema = z.object({ showInDirectory: z.boolean(), showContactDetails: z.boolean() });

export function VisibilityForm({
  userId,
  memberId,
  initial,
}: {
  userId: string;
  memberId: string;
  initial: { show_in_directory: boolean; show_contact_details: boolean };
}) {
  const save = useSaveVisibility(userId);
  const form = useZodForm(schema, {
    defaultValues: {
      showInDirectory: initial.show_in_directory,
      showContactDetails: initial.show_contact_details,
    },
  });
  return (
    <Form
      form={form}
      aria-label={text.yourEntry}
      fieldsClassName="space-y-4"
      onSubmit={async (v) => {
        await save.mutateAsync({ memberId, ...v });
        form.reset(v);
        toast({ title: text.visibilitySaved, variant: 'success' });
      }}
    >
      <CheckboxField
        name="showInDirectory"
        label={text.showInDirectory}
        description={text.showInDirectoryHint}
      />
      <CheckboxField
        name="showContactDetails"
        label={text.showContactDetails}
        description={text.showContactDetailsHint}
      />
      <FormActions>
        <FormSubmit pendingLabel={text.savingVisibility}>{text.saveVisibility}</FormSubmit>
      </FormActions>
    </Form>
  );
}
