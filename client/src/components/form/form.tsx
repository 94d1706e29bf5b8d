// <Form>: submits through react-hook-form and zod, disables every control while submitting,
// focuses the first invalid field, and shows an error summary (field messages linking to their
// fields, and the server's refusal) after a failed submit.
import { AlertTriangle } from 'lucide-react';
import { useRef, type FormHTMLAttributes, type ReactNode } from 'react';
import {
  FormProvider,
  type FieldErrors,
  type FieldValues,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';
import { dataMessage } from '@/lib/errors';
import { FieldRegistryContext, type FieldRegistry } from './context';
import { text } from './text';
import { UnsavedChangesGuard } from './unsaved-changes';

/** The key of the error `Form` sets when `onSubmit` throws (shown in the summary). */
export const SERVER_ERROR = 'root.server' as const;

export interface FormProps<TIn extends FieldValues, TOut> extends Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'children'
> {
  /** From `useZodForm(schema, …)`. */
  form: UseFormReturn<TIn, unknown, TOut>;
  /** Receives the parsed values; a thrown error shows in the summary (spec §8 wording). */
  onSubmit: (values: TOut) => unknown;
  children: ReactNode;
  /** Show the error summary above the fields (default true). */
  summary?: boolean;
  /** Classes of the fields' container (default 'space-y-6'; e.g. a grid). */
  fieldsClassName?: string;
  /**
   * Ask before leaving while the form has unsaved changes (needs the app's data router and
   * ConfirmProvider, both present in the app).
   */
  guardUnsaved?: boolean;
}

/** Flattens nested RHF errors into [path, message] pairs, in the order they appear. */
export function errorEntries(errors: FieldErrors, prefix = ''): [string, string][] {
  const out: [string, string][] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || key === 'root' || key === 'ref') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string' && message) out.push([path, message]);
    else if (typeof value === 'object') out.push(...errorEntries(value as FieldErrors, path));
  }
  return out;
}

/** Sorts error entries by where their fields sit in the page (unknown fields last). */
function inPageOrder(entries: [string, string][], registry: FieldRegistry) {
  const el = (name: string) => {
    const info = registry.get(name);
    return info ? document.getElementById(info.id) : null;
  };
  return [...entries].sort(([a], [b]) => {
    const ea = el(a);
    const eb = el(b);
    if (!ea || !eb) return ea ? -1 : eb ? 1 : 0;
    return ea.compareDocumentPosition(eb) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
}

/** The summary of what stops the submit; links move focus to the field. */
export function ErrorSummary({
  errors,
  registry,
}: {
  errors: FieldErrors;
  registry: FieldRegistry;
}) {
  const entries = inPageOrder(errorEntries(errors), registry);
  const server = (errors.root as Record<string, { message?: string }> | undefined)?.server?.message;
  if (!entries.length && !server) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm">
      <p className="flex items-center gap-2 font-semibold text-red-900">
        <AlertTriangle className="h-5 w-5 shrink-0" aria-hidden />
        {entries.length ? text.summaryTitle : server}
      </p>
      {entries.length > 0 && (
        <>
          <p className="sr-only">{text.summaryCount(entries.length)}</p>
          <ul className="mt-2 list-disc space-y-1 pl-6 text-red-800">
            {entries.map(([name, message]) => {
              const info = registry.get(name);
              return (
                <li key={name}>
                  {info ? (
                    <a
                      href={`#${info.id}`}
                      className="underline"
                      onClick={(e) => {
                        e.preventDefault();
                        document.getElementById(info.id)?.focus();
                      }}
                    >
                      {message}
                    </a>
                  ) : (
                    message
                  )}
                </li>
              );
            })}
          </ul>
          {server && <p className="mt-2 text-red-900">{server}</p>}
        </>
      )}
    </div>
  );
}

/** A form bound to a `useZodForm` result. Children use the kit's fields by `name`. */
export function Form<TIn extends FieldValues, TOut>({
  form,
  onSubmit,
  children,
  summary = true,
  className = 'space-y-4',
  fieldsClassName = 'space-y-6',
  guardUnsaved = false,
  noValidate = true,
  ...rest
}: FormProps<TIn, TOut>) {
  const registry = useRef<FieldRegistry>(new Map()).current;
  const { isSubmitting, errors, submitCount, isDirty, isSubmitSuccessful } = form.formState;

  const submit: SubmitHandler<TOut> = async (values) => {
    form.clearErrors(SERVER_ERROR);
    try {
      await onSubmit(values);
    } catch (error) {
      form.setError(SERVER_ERROR, { type: 'server', message: dataMessage(error) });
    }
  };

  return (
    <FormProvider {...form}>
      <FieldRegistryContext.Provider value={registry}>
        <form
          noValidate={noValidate}
          className={className}
          aria-busy={isSubmitting || undefined}
          onSubmit={(e) => {
            form.clearErrors(SERVER_ERROR);
            return form.handleSubmit(submit)(e);
          }}
          {...rest}
        >
          {guardUnsaved && (
            <UnsavedChangesGuard when={isDirty && !isSubmitting && !isSubmitSuccessful} />
          )}
          {summary && submitCount > 0 && <ErrorSummary errors={errors} registry={registry} />}
          {/* A disabled fieldset disables every control inside while the submit runs. */}
          <fieldset
            disabled={isSubmitting}
            className={`m-0 min-w-0 border-0 p-0 ${fieldsClassName}`}
          >
            {children}
          </fieldset>
        </form>
      </FieldRegistryContext.Provider>
    </FormProvider>
  );
}
