import { createContext, useContext } from 'react';

/**
 * Messages of the parts of a form's values (`options[1].value`), by path: a form that holds them
 * (ValueForm: its page's own check, as one types) provides them, and a widget that draws parts (a
 * record list's rows) shows each beside its part. Empty where no form provides any.
 */
export const PartErrorsContext = createContext<Record<string, string>>({});

/** The messages of the parts of the form's values, by path. */
export function usePartErrors(): Record<string, string> {
  return useContext(PartErrorsContext);
}
