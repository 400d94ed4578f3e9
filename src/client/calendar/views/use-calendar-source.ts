import { useCallback, useEffect, useRef, useState } from 'react';
import { onSocketMessage } from '../../session/notification-socket';

/** Reloads when the view's socket message arrives for the live schedule (not a draft scenario). */
export function useSocketReload(socketType: string | undefined, reload: () => void): void {
  const ref = useRef(reload);
  ref.current = reload;
  useEffect(
    () =>
      onSocketMessage((m) => {
        const msg = m as { type?: string; scenario_id?: number | null };
        if (msg?.type === socketType && (msg.scenario_id ?? null) === null) ref.current();
      }),
    [socketType],
  );
}

/**
 * A calendar view's reply: read with `read` (a typed call of src/model/calls) whenever it changes,
 * again on the declaration's socket message; `set` takes a write's reply in its place.
 */
export function useCalendarSource<T>(read: () => Promise<T>, socketType: string | undefined) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(async () => {
    try {
      setError('');
      setData(await read());
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, [read]);
  useEffect(() => {
    void load();
  }, [load]);
  useSocketReload(socketType, () => void load());
  return { data, error, load, set: setData };
}
