// The form kit: react-hook-form + zod with the spec's messages (schemas in lib/validation/fields).
export { useZodForm } from './use-zod-form';
export type { ZodForm } from './use-zod-form';
export { Form, ErrorSummary, SERVER_ERROR, errorEntries } from './form';
export type { FormProps } from './form';
export {
  TextField,
  TextareaField,
  SelectField,
  CheckboxField,
  RadioGroupField,
  DateField,
  NumberField,
  FileField,
  toNumberOrNull,
} from './fields';
export type { BaseFieldProps, Option } from './fields';
export { FormSection, FormActions, FormSubmit, SaveOrCancel } from './layout';
export { useUnsavedChangesGuard, UnsavedChangesGuard } from './unsaved-changes';
export { StepsForm } from './steps-form';
export { StepCards, BackAndSubmit } from './step-cards';
export type { StepSpec } from './steps-form';
export { SpecField, ParsedPreview } from './spec-field';
export type { FieldSpec } from './spec-field';
export { StepProgress } from './step-progress';
export { useSpamCheck, SpamCheckFields } from './spam-check';
export { saveDraft, loadDraft, clearDraft, NEVER_KEPT } from './draft';
