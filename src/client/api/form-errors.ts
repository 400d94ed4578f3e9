import { ApiError } from './client';
import { fieldErrorsOf } from './reactions';

/**
 * Spec 8: a 11000 reply's per-field errors are mapped onto the form's fields. Give it the form's
 * `setError` (react-hook-form) and, where the server's field key differs from the form's, a map.
 * Example: `catch (e) { applyServerFieldErrors(e, setError, { new_password: 'password' }) }`.
 * Returns true when at least one field got an error.
 */
export function applyServerFieldErrors<F extends string>(
  error: unknown,
  setError: (field: F, e: { type: string; message: string }) => void,
  rename: Partial<Record<string, F>> = {},
  known?: readonly F[],
): boolean {
  if (!(error instanceof ApiError) || !error.errors) return false;
  let any = false;
  for (const [key, message] of Object.entries(fieldErrorsOf(error.errors))) {
    const field = (rename[key] ?? key) as F;
    if (known && !known.includes(field)) continue;
    setError(field, { type: 'server', message });
    any = true;
  }
  return any;
}
