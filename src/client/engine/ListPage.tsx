import {
  Badge,
  Button,
  makeStyles,
  Menu,
  MenuItem,
  MenuItemCheckbox,
  MenuList,
  MenuPopover,
  MenuTrigger,
  SearchBox,
  Tab,
  TabList,
  Text,
  Title3,
  Toolbar,
  ToolbarButton,
  ToolbarDivider,
  tokens,
} from '@fluentui/react-components';
import {
  AddRegular,
  ArrowClockwiseRegular,
  ColumnTripleEditRegular,
  DeleteRegular,
  DocumentPrintRegular,
  EditRegular,
  EyeRegular,
  HistoryRegular,
  PlayRegular,
} from '@fluentui/react-icons';
import type { GridApi } from 'ag-grid-community';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { TransitionDef } from '../../model/entity';
import type { StatusTab, ToolbarAction } from '../../model/page';
import type { ResolvedPage } from '../../model/page-resolve';
import { ConfirmDialog, TransitionDialog } from '../form/dialogs';
import { FormDrawer, type DrawerState } from '../form/FormDrawer';
import { EntityGrid } from '../grid/EntityGrid';
import { storeSavedTable } from '../grid/column-state';
import { tabParams, tabsCountedByServer, type QueryParams } from '../grid/filter-params';
import { access } from '../session/access-state';
import { toast } from '../shell/toast-bus';
import { entityApi, type PageReply, type Row } from './entity-api';
import { ListExcelActions } from './ListExcelActions';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '8px', padding: '12px 16px', height: '100%', boxSizing: 'border-box', minHeight: 0 },
  head: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  grow: { flex: 1 },
  toolbar: { flexWrap: 'wrap', '& button': { whiteSpace: 'nowrap' } },
  bar: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap', background: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium, padding: '2px 6px', boxShadow: tokens.shadow2 },
  foot: { display: 'flex', gap: '16px', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

/** Fixed filters from the URL of a sub-index page: `?f.vendor_id.eq=3` or `?vendor_id=3`. */
export function fixedFiltersOf(params: URLSearchParams, known: readonly string[]): QueryParams {
  const out: QueryParams = {};
  params.forEach((v, k) => {
    if (k.startsWith('f.')) out[k] = v;
    else if (known.includes(k)) out[`f.${k}.eq`] = v;
  });
  return out;
}

function transitionsFor(resolved: ResolvedPage, actions: ToolbarAction[], roles: readonly string[]): TransitionDef[] {
  return actions
    .filter((a): a is { kind: 'transition'; action: string } => a.kind === 'transition')
    .map((a) => resolved.transitions.find((t) => t.action === a.action))
    .filter((t): t is TransitionDef => Boolean(t))
    // Buttons show for roles that may run them (the server checks again).
    .filter((t) => !t.roles?.length || t.roles.some((r) => roles.includes(r)));
}

/**
 * A generated list page (spec 2 `/{cata}/index/{opt}` and its siblings): title, toolbar of the
 * page's actions and the entity's transitions, quick search, status tabs with counts, the grid,
 * and the form drawer over it.
 */
export function ListPage({ resolved, subindex }: { resolved: ResolvedPage; subindex?: boolean }) {
  const s = useStyles();
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const { dashroles, username } = useSnapshot(access);
  const api = useMemo(() => entityApi(resolved), [resolved]);
  const gridApi = useRef<GridApi<Row> | null>(null);
  const lastQuery = useRef<QueryParams>({});
  const [selected, setSelected] = useState<Row[]>([]);
  const [quickText, setQuickText] = useState('');
  const [quick, setQuick] = useState('');
  const [tabKey, setTabKey] = useState<string>(resolved.statusTabs[0]?.key ?? '');
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [total, setTotal] = useState<number | null>(null);
  const [drawer, setDrawer] = useState<DrawerState>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [transition, setTransition] = useState<TransitionDef | null>(null);
  const [hidden, setHidden] = useState<string[]>(resolved.columns.filter((c) => c.hide).map((c) => c.field));
  const tab: StatusTab | null = resolved.statusTabs.find((x) => x.key === tabKey) ?? null;
  const fixed = useMemo(() => (subindex ? fixedFiltersOf(search, resolved.entity.fields.map((f) => f.key)) : {}), [subindex, search, resolved]);
  const actions = resolved.actions;
  const has = (kind: ToolbarAction['kind']) => actions.some((a) => a.kind === kind);
  const transitions = transitionsFor(resolved, actions, dashroles);

  // Quick search waits for the typing to pause.
  useEffect(() => {
    const timer = setTimeout(() => setQuick(quickText), 350);
    return () => clearTimeout(timer);
  }, [quickText]);

  // Deep link: ?open=<id> opens that record's drawer.
  useEffect(() => {
    const open = search.get('open');
    if (open && /^\d+$/.test(open)) setDrawer({ action: 'edit', id: Number(open) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const refresh = () => {
    const g = gridApi.current;
    if (g && !g.isDestroyed()) {
      g.deselectAll();
      g.refreshInfiniteCache();
    }
  };

  /** Spec 8 "select rows before action": every row action needs a selection. */
  const withSelection = (run: (rows: Row[]) => void) => {
    if (selected.length === 0) {
      toast.warning(t('form.selectRowsFirst'));
      return;
    }
    run(selected);
  };

  const onLoaded = (reply: PageReply, query: QueryParams) => {
    lastQuery.current = query;
    setTotal(reply.total);
    if (!resolved.statusTabs.length) return;
    if (tabsCountedByServer(resolved) && reply.tabs) {
      const stateField = resolved.entity.states!.field;
      const next: Record<string, number> = {};
      for (const tb of resolved.statusTabs) {
        const state = tb.filter[stateField];
        next[tb.key] = state === undefined ? (reply.tabs.all ?? 0) : (reply.tabs[String(state)] ?? 0);
      }
      setCounts(next);
      return;
    }
    // Tabs that filter other fields are counted with one small query each, under the same filters.
    const base: QueryParams = {};
    for (const [k, v] of Object.entries(query)) if (!['page', 'size', 'sort', 'tabs', 'tab'].includes(k)) base[k] = v;
    for (const [k] of Object.entries(tabParams(resolved, tab))) delete base[k];
    void Promise.all(
      resolved.statusTabs.map((tb) =>
        api
          .page({ ...base, ...tabParams(resolved, tb), page: '1', size: '1' }, { quiet: true })
          .then((r) => [tb.key, r.total] as const)
          .catch(() => [tb.key, NaN] as const),
      ),
    ).then((pairs) => setCounts(Object.fromEntries(pairs.filter(([, n]) => Number.isFinite(n)))));
  };

  const removeSelected = async () => {
    setConfirmRemove(false);
    try {
      await api.remove(selected.map((r) => Number(r.id)));
      toast.success(t('engine.removed'));
      setSelected([]);
      refresh();
    } catch {
      /* the API reactions showed the reason */
    }
  };

  const runTransition = async (tr: TransitionDef, params: Record<string, unknown>) => {
    setTransition(null);
    try {
      const single = selected.length === 1 ? selected[0] : null;
      await api.action(tr.action, selected.map((r) => Number(r.id)), params, single ? Number(single.version) : null);
      toast.success(t('engine.actionDone'));
      refresh();
    } catch {
      /* shown by the API reactions */
    }
  };

  // A transition with parameters or a confirmation asks first; a plain one runs at once.
  const startTransition = (tr: TransitionDef) =>
    withSelection(() => {
      if (tr.params?.length || tr.confirm) setTransition(tr);
      else void runTransition(tr, {});
    });

  const title = en ? resolved.page.title.en : resolved.page.title.zh;
  return (
    <div className={s.page} data-testid={`list-${resolved.page.opt}`}>
      <div className={s.head}>
        <Title3 as="h1">{title}</Title3>
        {resolved.statusTabs.length > 0 && (
          <TabList selectedValue={tabKey} onTabSelect={(_, d) => setTabKey(String(d.value))} size="small">
            {resolved.statusTabs.map((tb) => (
              <Tab key={tb.key} value={tb.key} data-testid={`tab-${tb.key}`}>
                {en ? tb.label.en : tb.label.zh}{' '}
                {counts[tb.key] !== undefined && (
                  <Badge appearance="tint" size="small" color={tb.key === tabKey ? 'brand' : 'informative'}>{counts[tb.key]}</Badge>
                )}
              </Tab>
            ))}
          </TabList>
        )}
        <span className={s.grow} />
        <SearchBox
          placeholder={t('engine.quickSearch')}
          value={quickText}
          onChange={(_, d) => setQuickText(d.value)}
          style={{ minWidth: 240 }}
          data-testid="quick-search"
        />
      </div>
      <div className={s.bar}>
        <Toolbar aria-label={title} size="small" className={s.toolbar}>
          {has('create') && (
            <ToolbarButton appearance="primary" icon={<AddRegular />} onClick={() => setDrawer({ action: 'add', id: null })} data-testid="action-create">
              {t('engine.create')}
            </ToolbarButton>
          )}
          {has('edit') && (
            <ToolbarButton icon={<EditRegular />} onClick={() => withSelection((rows) => setDrawer({ action: 'edit', id: Number(rows[0].id) }))} data-testid="action-edit">
              {t('engine.edit')}
            </ToolbarButton>
          )}
          {has('view') && (
            <ToolbarButton icon={<EyeRegular />} onClick={() => withSelection((rows) => navigate(`/page/view/${resolved.page.opt}?id=${String(rows[0].id)}`))} data-testid="action-view">
              {t('engine.view')}
            </ToolbarButton>
          )}
          {has('remove') && (
            <ToolbarButton icon={<DeleteRegular />} onClick={() => withSelection(() => setConfirmRemove(true))} data-testid="action-remove">
              {t('engine.remove')}
            </ToolbarButton>
          )}
          {transitions.length > 0 && <ToolbarDivider />}
          {transitions.map((tr) => (
            <ToolbarButton key={tr.action} icon={<PlayRegular />} onClick={() => startTransition(tr)} data-testid={`action-${tr.action}`}>
              {en ? tr.label.en : tr.label.zh}
            </ToolbarButton>
          ))}
          <ToolbarDivider />
          {has('history') && (
            <ToolbarButton icon={<HistoryRegular />} onClick={() => withSelection((rows) => setDrawer({ action: 'edit', id: Number(rows[0].id), tab: 'history' }))} data-testid="action-history">
              {t('engine.history')}
            </ToolbarButton>
          )}
          <ToolbarButton icon={<DocumentPrintRegular />} onClick={() => withSelection((rows) => navigate(`/page/document/${resolved.page.opt}?id=${String(rows[0].id)}`))} data-testid="action-document">
            {t('engine.document')}
          </ToolbarButton>
          <ListExcelActions
            resolved={resolved}
            listQuery={() => lastQuery.current}
            visibleColumns={() => gridApi.current?.getAllDisplayedColumns().map((c) => c.getColId()).filter((id) => resolved.columns.some((c) => c.field === id)) ?? []}
          />
          <ToolbarButton icon={<ArrowClockwiseRegular />} onClick={refresh} aria-label={t('engine.refresh')} />
          <Menu checkedValues={{ cols: resolved.columns.map((c) => c.field).filter((f) => !hidden.includes(f)) }}
            onCheckedValueChange={(_, d) => {
              const visible = d.checkedItems;
              const nextHidden = resolved.columns.map((c) => c.field).filter((f) => !visible.includes(f));
              setHidden(nextHidden);
              gridApi.current?.setColumnsVisible(resolved.columns.map((c) => c.field).filter((f) => visible.includes(f)), true);
              gridApi.current?.setColumnsVisible(nextHidden, false);
            }}
          >
            <MenuTrigger disableButtonEnhancement>
              <ToolbarButton icon={<ColumnTripleEditRegular />}>{t('engine.columns')}</ToolbarButton>
            </MenuTrigger>
            <MenuPopover>
              <MenuList>
                {resolved.columns.map((c) => (
                  <MenuItemCheckbox key={c.field} name="cols" value={c.field}>
                    {en ? c.label.en : c.label.zh}
                  </MenuItemCheckbox>
                ))}
                <MenuItem
                  onClick={() => {
                    storeSavedTable(username, resolved.page.opt, null);
                    gridApi.current?.resetColumnState();
                    setHidden(resolved.columns.filter((c) => c.hide).map((c) => c.field));
                  }}
                >
                  {t('engine.resetColumns')}
                </MenuItem>
              </MenuList>
            </MenuPopover>
          </Menu>
        </Toolbar>
        <span className={s.grow} />
        <div className={s.foot}>
          {selected.length > 0 && <Text size={200} data-testid="selected-count">{t('engine.selected', { count: selected.length })}</Text>}
          {total !== null && <Text size={200} data-testid="row-total">{t('engine.rowsTotal', { count: total })}</Text>}
        </div>
      </div>
      <EntityGrid
        resolved={resolved}
        tab={tab}
        quick={quick}
        fixed={fixed}
        onSelectionChange={setSelected}
        onOpen={(row) => setDrawer({ action: has('edit') ? 'edit' : 'view', id: Number(row.id) })}
        onLoaded={onLoaded}
        onReady={(g) => {
          gridApi.current = g;
        }}
      />
      <FormDrawer
        resolved={resolved}
        state={drawer}
        onClose={() => {
          setDrawer(null);
          if (search.has('open')) {
            search.delete('open');
            setSearch(search, { replace: true });
          }
        }}
        onSaved={() => {
          setDrawer(null);
          refresh();
        }}
      />
      <ConfirmDialog open={confirmRemove} text={t('engine.confirmRemove', { count: selected.length })} onConfirm={() => void removeSelected()} onCancel={() => setConfirmRemove(false)} />
      {transition && (
        <TransitionDialog
          transition={transition}
          count={selected.length}
          onRun={(params) => void runTransition(transition, params)}
          onCancel={() => setTransition(null)}
        />
      )}
    </div>
  );
}
