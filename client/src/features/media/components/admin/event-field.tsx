// The event an album or a video belongs to: a select of the events, or none.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { formatDate } from '@/lib/display-format';
import { adminText } from '../../admin-text';
import { useEventOptions } from '../../api/admin-media';

export function EventField({ label, reg }: { label: string; reg: UseFormRegisterReturn }) {
  const events = useEventOptions();
  return (
    <Field label={label}>
      <select {...reg}>
        <option value="">{adminText.album.noEvent}</option>
        {(events.data ?? []).map((e) => (
          <option key={e.id} value={e.id}>
            {e.title} ({formatDate(e.event_date)})
          </option>
        ))}
      </select>
    </Field>
  );
}
