import {
  Badge,
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
  ToolbarButton,
  ToolbarDivider,
  tokens,
  Tooltip,
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
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { TransitionDef } from '../../model/entity';
import type { ToolbarAction } from '../../model/page';
import type { ResolvedPage } from '../../model/page-resolve';
import { ConfirmDialog, TransitionDialog } from '../form/dialogs';
import { FormDrawer, type DrawerSlots } from '../form/FormDrawer';
import { EntityGrid } from '../grid/EntityGrid';
import { storeSavedTable } from '../grid/column-state';
import { access } from '../session/access-state';
import { toast } from '../kernel/toast-bus';
import { ApiError } from '../api/client';
import { fieldErrorsOf } from '../api/reactions';
import { EmptyList } from './EmptyList';
import { OverflowToolbar } from './OverflowToolbar';
import { PageHead } from './PageHead';
import { ListExcelActions } from './ListExcelActions';
import { DrillBar } from './DrillBar';
import { useListController, type ListController } from './use-list-controller';

export { fixedFiltersOf } from './use-list-controller';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '8px', height: '100%', boxSizing: 'border-box', minHeight: 0 },
  bar: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap', background: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium, padding: '2px 6px', boxShadow: tokens.shadow2 },
});

function transitionsFor(resolved: ResolvedPage, actions: ToolbarAction[], roles: readonly string[]): TransitionDef[] {
  return actions
    .filter((a): a is { kind: 'transition'; action: string } => a.kind === 'transition')
    .map((a) => resolved.transitions.find((t) => t.action === a.action))
    .filter((t): t is TransitionDef => Boolean(t))
    // Buttons show for roles that may run them (the server checks again).
    .filter((t) => !t.roles?.length || t.roles.some((r) => roles.includes(r)));
}

/**
 * What a page adds to the generic list instead of writing its own (the orders' state actions and
 * order drawer). Every slot is optional.
 *
 * Example: `<ListPage resolved={r} slots={{ testId: 'orders-prorder', actions: (list) => <OrderActions list={list} />, drawer: () => ({ keepOpenAfterSave: true }) }} />`.
 */
export type ListSlots = {
  /** The page's test id; default `list-<opt>`. */
  testId?: string;
  /** Replaces the buttons of the declared transitions (with any dialogs they need). */
  actions?: (list: ListController) => ReactNode;
  /** What the page adds to the form drawer (given the list, to refresh it after an action). */
  drawer?: (list: ListController) => DrawerSlots;
  /** Anything else the page needs mounted beside the list (a live-update listener). */
  extras?: (list: ListController) => ReactNode;
};

/**
 * A generated list page (spec 2 `/{cata}/index/{opt}` and its siblings): title, toolbar of the
 * page's actions and the entity's transitions, quick search, status tabs with counts, the grid,
 * and the form drawer over it. The logic is `useListController`'s; pages add through `slots`.
 */
export function ListPage({ resolved, subindex, slots = {} }: { resolved: ResolvedPage; subindex?: boolean; slots?: ListSlots }) {
  const s = useStyles();
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const navigate = useNavigate();
  const { dashroles, username } = useSnapshot(access);
  const list = useListController(resolved, { subindex });
  const { api, gridApi, selected, refresh, withSelection } = list;
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [transition, setTransition] = useState<TransitionDef | null>(null);
  const [hidden, setHidden] = useState<string[]>(resolved.columns.filter((c) => c.hide).map((c) => c.field));
  const actions = resolved.actions;
  const has = (kind: ToolbarAction['kind']) => actions.some((a) => a.kind === kind);
  const transitions = transitionsFor(resolved, actions, dashroles);
  const setDrawer = list.openDrawer;
  const drawerSlots = slots.drawer?.(list);

  const removeSelected = async () => {
    setConfirmRemove(false);
    try {
      await api.remove(selected.map((r) => ({ id: Number(r.id), version: Number(r.version) })));
      toast.success(t('engine.removed'));
      list.setSelected([]);
      refresh({ deselect: true });
    } catch {
      /* the API reactions showed the reason */
    }
  };

  /** Runs an action; a refused parameter comes back as field errors for the still open dialog. */
  const runTransition = async (tr: TransitionDef, params: Record<string, unknown>): Promise<Record<string, string> | null> => {
    try {
      const single = list.one;
      await api.action(tr.action, selected.map((r) => Number(r.id)), params, single ? Number(single.version) : null);
      setTransition(null);
      toast.success(t('engine.actionDone'));
      refresh();
      return null;
    } catch (e) {
      /* the API reactions showed the reason; a parameter's error also lands on its field */
      const fields = e instanceof ApiError ? fieldErrorsOf(e.errors) : {};
      if ((tr.params ?? []).some((p) => fields[p.key])) return fields;
      setTransition(null);
      return null;
    }
  };

  // A transition with parameters or a confirmation asks first; a plain one runs at once.
  const startTransition = (tr: TransitionDef) =>
    withSelection(() => {
      if (tr.params?.length || tr.confirm) setTransition(tr);
      else void runTransition(tr, {});
    });

  const title = en ? resolved.page.title.en : resolved.page.title.zh;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <div className={s.page} data-testid={slots.testId ?? `list-${resolved.page.opt}`}>
      <PageHead
        title={title}
        aside={
          <>
            {selected.length > 0 && <Text size={200} data-testid="selected-count">{t('engine.selected', { count: selected.length })}</Text>}
            {list.total !== null && <Text size={200} data-testid="row-total">{t('engine.rowsTotal', { count: list.total })}</Text>}
            <SearchBox
              placeholder={t('engine.quickSearch')}
              value={list.quickText}
              onChange={(_, d) => list.setQuickText(d.value)}
              style={{ minWidth: 240 }}
              data-testid="quick-search"
            />
          </>
        }
      >
        {resolved.statusTabs.length > 0 && (
          <TabList selectedValue={list.tabKey} onTabSelect={(_, d) => list.setTabKey(String(d.value))} size="small">
            {resolved.statusTabs.map((tb) => (
              <Tab key={tb.key} value={tb.key} data-testid={`tab-${tb.key}`}>
                {en ? tb.label.en : tb.label.zh}{' '}
                {list.counts[tb.key] !== undefined && (
                  <Badge appearance="tint" size="small" color={tb.key === list.tabKey ? 'brand' : 'informative'} data-testid={`tab-count-${tb.key}`}>
                    {list.counts[tb.key]}
                  </Badge>
                )}
              </Tab>
            ))}
          </TabList>
        )}
      </PageHead>
      <div className={s.bar}>
        <OverflowToolbar label={title} testId="list-toolbar">
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
          {(slots.actions || transitions.length > 0) && <ToolbarDivider />}
          {slots.actions
            ? slots.actions(list)
            : transitions.map((tr) => (
                <ToolbarButton key={tr.action} icon={<PlayRegular />} onClick={() => startTransition(tr)} data-testid={`action-${tr.action}`}>
                  {en ? tr.label.en : tr.label.zh}
                </ToolbarButton>
              ))}
          <ToolbarDivider />
          {has('history') && (
            <Tooltip content={t('engine.history')} relationship="label">
              <ToolbarButton icon={<HistoryRegular />} onClick={() => withSelection((rows) => setDrawer({ action: 'edit', id: Number(rows[0].id), tab: 'history' }))} data-testid="action-history" />
            </Tooltip>
          )}
          <Tooltip content={t('engine.document')} relationship="label">
            <ToolbarButton icon={<DocumentPrintRegular />} onClick={() => withSelection((rows) => navigate(`/page/document/${resolved.page.opt}?id=${String(rows[0].id)}`))} data-testid="action-document" />
          </Tooltip>
          <ListExcelActions
            resolved={resolved}
            listQuery={() => list.lastQuery.current ?? {}}
            visibleColumns={() => gridApi.current?.getAllDisplayedColumns().map((c) => c.getColId()).filter((id) => resolved.columns.some((c) => c.field === id)) ?? []}
          />
          <Tooltip content={t('engine.refresh')} relationship="label">
            <ToolbarButton icon={<ArrowClockwiseRegular />} onClick={() => refresh()} data-testid="action-refresh" />
          </Tooltip>
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
              <ToolbarButton icon={<ColumnTripleEditRegular />} aria-label={t('engine.columns')} title={t('engine.columns')} data-testid="action-columns" data-overflow-keep="" />
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
        </OverflowToolbar>
      </div>
      {subindex && <DrillBar entity={resolved.entity} filters={list.fixed} onRemove={list.removeFixed} />}
      <EntityGrid
        resolved={resolved}
        tab={list.tab}
        quick={list.quick}
        fixed={list.fixed}
        onSelectionChange={list.setSelected}
        onOpen={(row) => setDrawer({ action: has('edit') ? 'edit' : 'view', id: Number(row.id) })}
        onLoaded={list.onLoaded}
        onReady={list.onReady}
        empty={() => (
          <EmptyList
            title={en ? resolved.page.title.en : resolved.page.title.zh}
            purpose={resolved.page.purpose ? (en ? resolved.page.purpose.en : resolved.page.purpose.zh) : undefined}
            filtered={Boolean(list.quick) || Object.keys(list.fixed ?? {}).length > 0 || Boolean(list.tab && Object.keys(list.tab.filter).length)}
            onCreate={has('create') ? () => setDrawer({ action: 'add', id: null }) : undefined}
            onImport={has('import') && !resolved.entity.childOnly ? () => navigate(`/page/upload/view?opt=${encodeURIComponent(resolved.page.opt)}&entity=${encodeURIComponent(resolved.entity.name)}`) : undefined}
          />
        )}
      />
      <FormDrawer
        resolved={resolved}
        state={list.drawer}
        slots={drawerSlots}
        onClose={list.closeDrawer}
        onChanged={refresh}
        onSaved={() => {
          if (!drawerSlots?.keepOpenAfterSave) list.closeDrawer();
          refresh();
        }}
      />
      {slots.extras?.(list)}
      <ConfirmDialog open={confirmRemove} text={t('engine.confirmRemove', { count: selected.length })} onConfirm={() => void removeSelected()} onCancel={() => setConfirmRemove(false)} />
      {transition && (
        <TransitionDialog
          transition={transition}
          count={selected.length}
          onRun={(params) => runTransition(transition, params)}
          onCancel={() => setTransition(null)}
        />
      )}
    </div>
  );
}
