// The description (rich text). INTERIM: a plain textarea until the kit's RichTextEditor
// (client/src/components/rich-text/) lands on main; it is then used here.
import { Field } from '@/components/ui/field';
import { htmlText } from '@/features/events/lib/description';
import { adminText as t } from '@/features/events/admin-text';

export function DescriptionField({
  label,
  value,
  onChange,
  onBlur,
  error,
  max,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  onBlur: () => void;
  error?: string;
  max: number;
}) {
  return (
    <div>
      <Field label={label} error={error}>
        <textarea
          rows={8}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
      </Field>
      <p className="mt-1 text-right text-xs text-stone-500">
        {t.characters(htmlText(value).length, max)}
      </p>
    </div>
  );
}
