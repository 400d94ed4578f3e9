import { useEffect, useState } from 'react';
import type { Call, CallIn, CallOut } from '../../model/calls/call';
import { useCall } from './calls';

export type PreviewCall<T> = { data: T | null; error: unknown; loading: boolean };

/**
 * A form's preview through a declared call: asked once the input has rested for `ms` (compared by its
 * JSON text; none while it is null), the last answer kept on screen while the next loads, no retry
 * and no asking again on focus. `loading` holds from the change until the answer (a test waits for it).
 *
 * Example: `const { data, loading } = usePreviewCall(tileCalls.preview, spec.report ? spec : null);`
 */
export function usePreviewCall<C extends Call<unknown, unknown>>(call: C, input: CallIn<C> | null, ms = 400): PreviewCall<CallOut<C>> {
  const key = JSON.stringify(input);
  const [settled, setSettled] = useState({ key, input });
  useEffect(() => {
    const timer = setTimeout(() => setSettled({ key, input }), ms);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the input's text (the object is rebuilt every render)
  }, [key, ms]);
  const reply = useCall(call, settled.input, { quiet: true, keepPreviousData: true, revalidateOnFocus: false, shouldRetryOnError: false });
  if (input === null) return { data: null, error: null, loading: false };
  return { data: reply.error ? null : (reply.data ?? null), error: reply.error ?? null, loading: settled.key !== key || reply.isValidating };
}
