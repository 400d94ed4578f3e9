import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListGroupsReply } from '../../model/calls/list-groups';
import { groupFilter, withGroupFilter, type ListGrouping } from '../../model/list-groups';
import type { ResolvedPage } from '../../model/page-resolve';
import { entityApi } from '../api/entity-api';
import { listGroups } from '../api/list-groups';
import { groupGridRows, groupId, totalGridRow, type OpenGroup } from './group-rows';

/** A group's rows are read this many at a time. */
export const GROUP_PAGE = 100;

export type GroupedListInput = {
  resolved: ResolvedPage;
  grouping: ListGrouping;
  /** The list's own query without paging (filters, sort, quick search, state tab). */
  query: Readonly<Record<string, string>>;
  /** Changes whenever the list is refreshed (a save, an action, a live change): groups and open groups are read again. */
  generation: number;
};

export type GroupedListStatus = 'loading' | 'ready' | 'failed';

/**
 * A grouped list's data: the groups with their counts and subtotals from the server, the groups
 * open and their rows (each read through the list call with the group's filter, `GROUP_PAGE` at a
 * time), and the rows the grid shows. A new grouping or query closes every group; a refresh keeps
 * them open and reads them again.
 *
 * Example: `const g = useGroupedList({ resolved, grouping: { field: 'category' }, query, generation }); g.expand(row.__group)`.
 */
export function useGroupedList({ resolved, grouping, query, generation }: GroupedListInput) {
  const api = useMemo(() => entityApi(resolved), [resolved]);
  // Group names come in the interface's language: a switch reads them again.
  const { i18n } = useTranslation();
  const [reply, setReply] = useState<ListGroupsReply | null>(null);
  const [status, setStatus] = useState<GroupedListStatus>('loading');
  const [open, setOpen] = useState<ReadonlyMap<string, OpenGroup>>(new Map());
  const queryKey = JSON.stringify([grouping, query]);
  // The answer of an older query or refresh is dropped when it comes late.
  const epoch = useRef(0);
  const openRef = useRef(open);
  openRef.current = open;
  const keys = useMemo(() => new Map((reply?.groups ?? []).map((g) => [groupId(g.key), g.key])), [reply]);

  const readGroup = useCallback(
    (id: string, key: string | null, from: number, at: number) => {
      // Rows already shown stay while a refresh reads them again (no flicker); the answer replaces them.
      setOpen((prev) => new Map(prev).set(id, { rows: prev.get(id)?.rows ?? [], total: prev.get(id)?.total ?? 0, loading: true }));
      const params = { ...withGroupFilter(query, groupFilter(resolved.entity, grouping, key)), page: String(from / GROUP_PAGE + 1), size: String(GROUP_PAGE) };
      api
        .page(params, { quiet: true })
        .then((page) => {
          if (epoch.current !== at) return;
          setOpen((prev) => (prev.has(id) ? new Map(prev).set(id, { rows: [...(from ? (prev.get(id)?.rows ?? []) : []), ...page.rows], total: page.total, loading: false }) : prev));
        })
        .catch(() => {
          if (epoch.current === at) setOpen((prev) => (prev.has(id) ? new Map(prev).set(id, { ...prev.get(id)!, loading: false }) : prev));
        });
    },
    [api, query, resolved.entity, grouping],
  );

  // A new grouping or query: every group closes.
  useEffect(() => setOpen(new Map()), [queryKey]);

  useEffect(() => {
    const at = ++epoch.current;
    setStatus('loading');
    listGroups(resolved, grouping, query, { quiet: true })
      .then((r) => {
        if (epoch.current !== at) return;
        setReply(r);
        setStatus('ready');
        // Groups still open (a refresh) are read again from their start; groups gone are dropped.
        const present = new Set(r.groups.map((g) => groupId(g.key)));
        for (const [id] of openRef.current) {
          if (present.has(id)) readGroup(id, r.groups.find((g) => groupId(g.key) === id)!.key, 0, at);
          else setOpen((prev) => new Map([...prev].filter(([k]) => k !== id)));
        }
      })
      .catch(() => epoch.current === at && setStatus('failed'));
    // queryKey stands for grouping and query (a new object of the same content is no new query).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by queryKey and the refresh counter on purpose
  }, [queryKey, generation, resolved, i18n.language]);

  const expand = useCallback((id: string) => {
    if (!keys.has(id) || openRef.current.has(id)) return;
    readGroup(id, keys.get(id) ?? null, 0, epoch.current);
  }, [keys, readGroup]);
  const collapse = useCallback((id: string) => setOpen((prev) => new Map([...prev].filter(([k]) => k !== id))), []);
  const more = useCallback((id: string) => {
    const state = openRef.current.get(id);
    if (state && !state.loading && state.rows.length < state.total) readGroup(id, keys.get(id) ?? null, state.rows.length, epoch.current);
  }, [keys, readGroup]);
  const toggle = useCallback((id: string) => (openRef.current.has(id) ? collapse(id) : expand(id)), [collapse, expand]);

  const rows = useMemo(() => groupGridRows(reply, open), [reply, open]);
  const total = useMemo(() => totalGridRow(reply), [reply]);
  return { reply, status, rows, total, expand, collapse, toggle, more };
}

export type GroupedList = ReturnType<typeof useGroupedList>;
