import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import type { ResolvedPage } from '../../model/page-resolve';
import { onSocketMessage } from '../session/notification-socket';
import { documentStateOf } from './document-events';

/**
 * Live lists (issue 29): a document of this list changed state, by this company or by another through
 * a share. `refresh` reads the rows again (the tabs' counts with them), and an open drawer of that
 * document revalidates its record (swr key `['record', apiBase, id, visit]`). An entity that names a
 * message in `refreshOn` (a view of computed figures) reads its rows, and an open drawer its record
 * (with its lines), again on that message too.
 * Called once, by the generated list's controller, so every list and drawer follows without a page
 * subscribing on its own.
 */
export function useLiveRows(resolved: Pick<ResolvedPage, 'entity' | 'apiBase'>, refresh: () => void): void {
  const { mutate } = useSWRConfig();
  const live = useRef({ refresh, mutate });
  live.current = { refresh, mutate };
  const entity = resolved.entity.name;
  const apiBase = resolved.apiBase;
  const refreshOn = resolved.entity.refreshOn;
  useEffect(
    () =>
      onSocketMessage((message) => {
        if (refreshOn && (message as { type?: unknown } | null)?.type === refreshOn) {
          // The open drawer's record too: its figures and lines are computed with the rows (a tracked order's nodes).
          void live.current.mutate((key) => Array.isArray(key) && key[0] === 'record' && key[1] === apiBase);
          return live.current.refresh();
        }
        const e = documentStateOf(message);
        if (!e || e.entity !== entity) return;
        live.current.refresh();
        void live.current.mutate((key) => Array.isArray(key) && key[0] === 'record' && key[1] === apiBase && key[2] === e.id);
      }),
    [entity, apiBase, refreshOn],
  );
}
