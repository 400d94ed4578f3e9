import type { GridApi } from 'ag-grid-community';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { ListViewsOfPage } from '../../model/calls/list-views';
import type { ListGrouping } from '../../model/list-groups';
import type { ListView, ListViewPayload } from '../../model/list-views';
import type { ResolvedPage } from '../../model/page-resolve';
import type { Row } from '../api/entity-api';
import { listViewsApi } from '../api/list-views-api';
import { loadSavedTable } from '../grid/column-state';
import { applyViewToGrid, gridPayload, readOpenedView, writeOpenedView } from '../grid/list-view-grid';
import { samePayload, standardPayload } from '../grid/list-view-state';
import { toast } from '../kernel/toast-bus';
import { access } from '../session/access-state';

/** What the views need of their list: the page and its state tab. */
export type ViewedList = {
  resolved: ResolvedPage;
  tabKey: string;
  setTabKey: (key: string) => void;
  /** The list's grouping (the toolbar's group control), kept by a view too. */
  grouping: { value: ListGrouping | null; set: (next: ListGrouping | null) => void };
  /** A drill-down's list: it does not open on a view. */
  fixedByRoute?: boolean;
};

export type ListViews = {
  /** The views of the page the user sees (undefined until they came). */
  data: ListViewsOfPage | undefined;
  /** The view shown; null: the list's own layout. */
  current: ListView | null;
  /** Whether the list shows something else than the current view as saved. */
  modified: boolean;
  choose: (view: ListView | null) => void;
  saveCurrent: () => Promise<void>;
  /** Saves what the list shows as a new private view and shows it (quiet: the dialog shows a refused name). */
  saveAs: (name: string) => Promise<void>;
  rename: (view: ListView, name: string) => Promise<void>;
  remove: (view: ListView) => Promise<void>;
  toggleMyDefault: (view: ListView) => Promise<void>;
  share: (view: ListView, roles: string[]) => Promise<void>;
  setRoleDefaults: (view: ListView, roles: string[]) => Promise<void>;
  /** Called when the grid is ready: applies the view the list opens on and follows the grid's changes. */
  attach: (grid: GridApi<Row>) => void;
  /** False while a named view is shown: its column changes belong to it until saved, not to the running layout. */
  keepsLayout: () => boolean;
};

const GRID_CHANGES = ['sortChanged', 'filterChanged', 'columnMoved', 'columnResized', 'columnVisible', 'columnPinned'] as const;

/**
 * The saved views of a list page (issue 32): which view is shown, applying one to the grid and the
 * tab, telling when the list differs from it, and the picker's commands. The list opens on the view
 * the server names (`opening`); the one last opened on this browser is applied at once meanwhile.
 *
 * Example: `const views = useListViews(list); <EntityGrid onReady={views.attach} keepsLayout={views.keepsLayout} />; <ListViewPicker views={views} />`.
 */
export function useListViews(list: ViewedList): ListViews {
  const { resolved, tabKey } = list;
  const { t } = useTranslation();
  const opt = resolved.page.opt;
  const [data, setData] = useState<ListViewsOfPage>();
  const [current, setCurrentState] = useState<ListView | null>(null);
  const [modified, setModified] = useState(false);
  const live = useRef<LiveState>({ grid: null, current: null, baseline: null, tab: tabKey, group: list.grouping.value, opened: false });
  live.current.tab = tabKey;
  live.current.group = list.grouping.value;

  const check = useCallback(() => {
    const { grid, current: view, baseline } = live.current;
    if (!grid || grid.isDestroyed() || !view || !baseline) return setModified(false);
    setModified(!samePayload(gridPayload(grid, shownOf(live.current), resolved.columns), baseline));
  }, [resolved]);
  useEffect(check, [tabKey, list.grouping.value, check]);

  const adopt = useCallback((view: ListView | null) => {
    live.current.current = view;
    setCurrentState(view);
  }, []);
  const show = useShowView(list, live, adopt, setModified);
  const reload = useCallback(async () => {
    const next = await listViewsApi.ofPage(opt, { quiet: true });
    setData(next);
    return next;
  }, [opt]);
  useOpeningView(list, live, reload, adopt, show);

  const { username } = useSnapshot(access);
  const attach = useCallback(
    (grid: GridApi<Row>) => {
      live.current.grid = grid;
      for (const e of GRID_CHANGES) grid.addEventListener(e, check);
      const cached = list.fixedByRoute ? null : readOpenedView(username, opt);
      if (!live.current.opened && cached?.view) show(cached.view);
      else if (live.current.current) show(live.current.current);
    },
    [username, opt, check, show, list.fixedByRoute],
  );

  const commands = useViewCommands({ opt, data, reload, show, adopt, live, tOk: t('listView.saved'), tRemoved: t('listView.removed'), resolved });
  return useMemo(
    () => ({ data, current, modified, attach, keepsLayout: () => live.current.current === null, ...commands }),
    [data, current, modified, attach, commands],
  );
}

/**
 * Shows a view (null: the list's own layout) on the grid and the tab, remembers it on this browser,
 * and takes what the grid made of it as the view's baseline (widths within the grid's bounds,
 * filter models as its filters keep them), against which a change shows as "modified".
 */
function useShowView(list: ViewedList, live: LiveViews, adopt: (view: ListView | null) => void, setModified: (m: boolean) => void) {
  const { resolved, setTabKey } = list;
  const setGroup = list.grouping.set;
  const { username, savedTables } = useSnapshot(access);
  const opt = resolved.page.opt;
  return useCallback(
    (view: ListView | null, payload?: ListViewPayload) => {
      const l = live.current;
      adopt(view);
      const firstTab = resolved.statusTabs[0]?.key ?? null;
      const shown = payload ?? view?.payload ?? standardPayload(resolved.columns, loadSavedTable(username, opt, savedTables as Record<string, unknown>), firstTab);
      const tab = shown.tab && resolved.statusTabs.some((x) => x.key === shown.tab) ? shown.tab : (firstTab ?? '');
      l.baseline = null;
      if (l.grid && !l.grid.isDestroyed()) applyViewToGrid(l.grid, shown, resolved.columns);
      setTabKey(tab);
      l.tab = tab;
      l.group = shown.group ?? null;
      setGroup(l.group);
      writeOpenedView(username, opt, { id: view?.id ?? null, ...(view ? { view } : {}) });
      setTimeout(() => {
        const g = live.current.grid;
        live.current.baseline = g && !g.isDestroyed() ? gridPayload(g, shownOf(live.current), resolved.columns) : shown;
        setModified(false);
      }, 0);
    },
    [resolved, username, opt, savedTables, setTabKey, setGroup, adopt, live, setModified],
  );
}

/**
 * The list opens on the server's choice (`opening`), once; a view the browser applied already from
 * its last visit is not applied again. A list opened from a figure keeps the figure's question.
 */
function useOpeningView(list: ViewedList, live: LiveViews, reload: () => Promise<ListViewsOfPage>, adopt: (view: ListView | null) => void, show: (view: ListView | null) => void) {
  const showRef = useRef(show);
  showRef.current = show;
  const fixed = Boolean(list.fixedByRoute);
  useEffect(() => {
    let gone = false;
    reload()
      .then((next) => {
        if (gone || live.current.opened) return;
        live.current.opened = true;
        const view = next.views.find((v) => v.id === next.opening) ?? null;
        const shown = live.current.current;
        if (fixed || (!view && !shown)) return;
        if (view && view.id === shown?.id && view.version === shown.version) adopt(view);
        else showRef.current(view);
      })
      .catch(() => undefined);
    return () => {
      gone = true;
    };
  }, [reload, adopt, live, fixed]);
}

type LiveState = { grid: GridApi<Row> | null; current: ListView | null; baseline: ListViewPayload | null; tab: string; group: ListGrouping | null; opened: boolean };
/** The list's tab and grouping as a payload has them. */
const shownOf = (l: LiveState) => ({ tab: l.tab || null, group: l.group });
type LiveViews = RefObject<LiveState>;
type CommandDeps = {
  opt: string;
  data: ListViewsOfPage | undefined;
  reload: () => Promise<ListViewsOfPage>;
  show: (view: ListView | null, payload?: ListViewPayload) => void;
  adopt: (view: ListView | null) => void;
  live: LiveViews;
  tOk: string;
  tRemoved: string;
  resolved: ResolvedPage;
};

/** The picker's commands: each writes through the views' calls, then reads the views again. */
function useViewCommands({ opt, data, reload, show, adopt, live, tOk, tRemoved, resolved }: CommandDeps) {
  return useMemo(() => {
    const shownPayload = () => {
      const { grid } = live.current;
      return grid && !grid.isDestroyed() ? gridPayload(grid, shownOf(live.current), resolved.columns) : null;
    };
    const body = (v: ListView) => ({ id: v.id, version: v.version, page: opt, name: v.name, payload: v.payload, shared_roles: v.shared_roles });
    /** The view saved under its new version, shown as the grid shows it now. */
    const keep = (saved: ListView) => show(saved, shownPayload() ?? saved.payload);
    const refreshCurrent = (next: ListViewsOfPage) => {
      const cur = live.current.current;
      const fresh = cur ? next.views.find((v) => v.id === cur.id) : null;
      if (fresh) adopt(fresh);
    };
    return {
      choose: (view: ListView | null) => {
        show(view);
        void listViewsApi.use(opt, view?.id ?? null).catch(() => undefined);
      },
      saveCurrent: async () => {
        const cur = live.current.current;
        const payload = shownPayload();
        if (!cur || !payload) return;
        keep(await listViewsApi.save({ ...body(cur), payload }));
        toast.success(tOk);
        refreshCurrent(await reload());
      },
      saveAs: async (name: string) => {
        const payload = shownPayload();
        if (!payload) return;
        const saved = await listViewsApi.save({ page: opt, name, payload }, { quiet: true });
        keep(saved);
        // Said saved once the server opens the list on it too: a reload before that reply came
        // found the server's earlier choice and went back to it.
        await listViewsApi.use(opt, saved.id).catch(() => undefined);
        toast.success(tOk);
        await reload();
      },
      rename: async (view: ListView, name: string) => {
        await listViewsApi.save({ ...body(view), name }, { quiet: true });
        refreshCurrent(await reload());
      },
      remove: async (view: ListView) => {
        await listViewsApi.remove(view);
        toast.success(tRemoved);
        if (live.current.current?.id === view.id) show(null);
        await reload();
      },
      toggleMyDefault: async (view: ListView) => {
        await listViewsApi.myDefault(opt, data?.my_default === view.id ? null : view.id);
        await reload();
      },
      share: async (view: ListView, roles: string[]) => {
        await listViewsApi.save({ ...body(view), shared_roles: roles }, { quiet: true });
        refreshCurrent(await reload());
      },
      setRoleDefaults: async (view: ListView, roles: string[]) => {
        for (const role of roles.filter((r) => !view.default_roles.includes(r))) await listViewsApi.roleDefault(opt, role, view.id);
        for (const role of view.default_roles.filter((r) => !roles.includes(r))) await listViewsApi.roleDefault(opt, role, null);
        refreshCurrent(await reload());
      },
    };
  }, [opt, data, reload, show, adopt, live, tOk, tRemoved, resolved]);
}
