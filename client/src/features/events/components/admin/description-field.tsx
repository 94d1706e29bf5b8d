// The event description: the kit's rich text editor (TipTap; toolbar of spec §2: bold,
// italic, strike, lists, quote, alignment, undo, redo). HTML in, HTML out; the database
// sanitises what is stored and pages show it through SafeHtml.
import { RichTextEditor } from '@/components/rich-text';

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
    <RichTextEditor
      label={label}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      required
      maxLength={max}
      minHeight="10rem"
    />
  );
}
