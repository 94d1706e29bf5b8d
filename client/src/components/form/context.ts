// The form kit's shared context: each field records its label and control id, so the error
// summary can name fields and link to them.
import { createContext, useContext, useEffect } from 'react';

export interface FieldInfo {
  id: string;
  label: string;
}

export type FieldRegistry = Map<string, FieldInfo>;

export const FieldRegistryContext = createContext<FieldRegistry | null>(null);

/** Records a field's id and label with the enclosing Form (for the error summary). */
export function useRegisterField(name: string, id: string, label: string) {
  const registry = useContext(FieldRegistryContext);
  useEffect(() => {
    if (!registry) return;
    registry.set(name, { id, label });
    return () => {
      if (registry.get(name)?.id === id) registry.delete(name);
    };
  }, [registry, name, id, label]);
}
