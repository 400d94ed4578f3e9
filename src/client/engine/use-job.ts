import { useCallback, useEffect, useRef, useState } from 'react';
import { onSocketMessage } from '../session/notification-socket';
import { applyJobEvent, isActive, isJobEvent, needsReload, type JobEvent } from './job-state';
import { uploadApi, type JobView } from './upload-api';

/** While a job runs without socket news (a dropped connection), it is read again this often. */
const POLL_MS = 3000;

/**
 * Follows one job: socket `job` events move it live (ARCHITECTURE: progress over the socket);
 * a status change reads it again for the translated texts; a slow poll covers a socket that is
 * down. `setJob` adopts a job the page just started.
 *
 * Example: `const { job, setJob } = useJob(Number(search.get('job')) || null)`.
 */
export function useJob(initialId: number | null) {
  const [job, setJobState] = useState<JobView | null>(null);
  const [loading, setLoading] = useState(initialId !== null);
  const current = useRef<JobView | null>(null);
  const lastNews = useRef(0);

  const setJob = useCallback((next: JobView | null) => {
    current.current = next;
    lastNews.current = Date.now();
    setJobState(next);
  }, []);

  const reload = useCallback(async (id: number) => {
    try {
      const fresh = await uploadApi.job(id);
      if (!current.current || current.current.id === id) setJob(fresh);
    } catch {
      /* a vanished job leaves the page as it was */
    }
  }, [setJob]);

  useEffect(() => {
    if (initialId === null) return;
    setLoading(true);
    void reload(initialId).finally(() => setLoading(false));
  }, [initialId, reload]);

  useEffect(
    () =>
      onSocketMessage((message) => {
        const j = current.current;
        if (!j || !isJobEvent(message) || message.id !== j.id) return;
        const event: JobEvent = message;
        if (needsReload(j, event)) void reload(j.id);
        setJob(applyJobEvent(j, event));
      }),
    [reload, setJob],
  );

  useEffect(() => {
    const timer = setInterval(() => {
      const j = current.current;
      if (j && isActive(j.status) && Date.now() - lastNews.current >= POLL_MS) void reload(j.id);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [reload]);

  return { job, setJob, loading, reload };
}

/**
 * Follows every job of a list (the import centre's history): events update matching rows, an
 * unknown id or a finished job asks the caller to read the list again.
 */
export function useJobEvents(onEvent: (event: JobEvent) => void): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(
    () =>
      onSocketMessage((message) => {
        if (isJobEvent(message)) handler.current(message);
      }),
    [],
  );
}
