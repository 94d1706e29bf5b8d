// useForm with a zod schema: values typed from the schema's input, submit handlers receive its
// parsed output; errors show after a field is left (then as people type), and on submit.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/** The form a schema describes: `UseFormReturn<input, unknown, output>`. */
export type ZodForm<S extends z.ZodType<unknown, FieldValues>> = UseFormReturn<
  z.input<S>,
  unknown,
  z.output<S>
>;

/**
 * `const form = useZodForm(schema, { defaultValues })` → pass to `<Form form={form}
 * onSubmit={…}>`; `onSubmit` gets the schema's output (trimmed, converted, '' → null).
 */
export function useZodForm<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): ZodForm<S> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onTouched',
    shouldFocusError: true,
    ...options,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the resolver's overloads need the concrete schema type
    resolver: zodResolver(schema as any),
  });
}
