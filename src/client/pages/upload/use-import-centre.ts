import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyJobEvent, isActive } from '../../engine/job-state';
import { useJobEvents } from '../../engine/use-job';
import { uploadApi, type JobView } from '../../engine/upload-api';

const PAGE_SIZE = 20;

/**
 * The import centre's history: the user's jobs, newest first, a page at a time ("more" widens it),
 * kept live by socket `job` events and, while a job runs, a slow poll.
 */
export function useImportCentre() {
  const { i18n } = useTranslation();
  const [rows, setRows] = useState<JobView[] | null>(null);
  const [total, setTotal] = useState(0);
  const [size, setSize] = useState(PAGE_SIZE);

  const load = useCallback(async (n: number) => {
    try {
      const r = await uploadApi.jobs(1, n);
      setRows(r.rows);
      setTotal(r.total);
    } catch {
      setRows((cur) => cur ?? []);
    }
  }, []);

  useEffect(() => {
    void load(size);
  }, [load, size, i18n.language]);

  // Live: events move the bars; a job the list does not know yet, or one that ended, reloads it.
  useJobEvents((event) => {
    const known = rows?.find((j) => j.id === event.id);
    if (!known || (known.status !== event.status && !isActive(event.status))) {
      void load(size);
      return;
    }
    setRows((cur) => (cur ? cur.map((j) => applyJobEvent(j, event)) : cur));
  });

  // Without socket news a running job still advances in the list (a slow poll).
  useEffect(() => {
    if (!rows?.some((j) => isActive(j.status))) return;
    const timer = setInterval(() => void load(size), 4000);
    return () => clearInterval(timer);
  }, [rows, load, size]);

  return {
    rows,
    hasMore: rows !== null && rows.length < total,
    reload: () => void load(size),
    more: () => setSize((n) => n + PAGE_SIZE),
  };
}
