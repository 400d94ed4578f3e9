import { makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ResolvedPage } from '../../model/page-resolve';
import { openedAddress } from '../../model/page';
import { ConfirmDialog, TransitionDialog } from '../form/dialogs';
import { FormDrawer, type DrawerSlots } from '../form/FormDrawer';
// Every record drawer of a list offers a link to its record (spec 8 "copy link").
import './copy-link-extension';
// A page's declared commands of a record (PageDef.commands) in its drawer's footer.
import './record-commands-extension';
import { EntityGrid } from '../grid/EntityGrid';
import { GroupedGrid } from '../grid/GroupedGrid';
import { ActiveFilterBar } from './ActiveFilterBar';
import { EmptyList } from './EmptyList';
import { DrillBar } from './DrillBar';
import { ListHead } from './ListHead';
import { ListToolbar } from './ListToolbar';
import { ListViewPicker } from './ListViewPicker';
import { SecretOnceDialog } from './SecretOnceDialog';
import { useListActions, type ListActions } from './use-list-actions';
import { useListController, type ListController } from './use-list-controller';
import { useListViews } from './use-list-views';
import { useListGrouping } from './use-list-grouping';
import { useActiveFilters, type ActiveFilters } from './use-active-filters';

export { fixedFiltersOf } from './use-list-controller';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '8px', height: '100%', boxSizing: 'border-box', minHeight: 0 },
  bar: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap', background: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium, padding: '2px 6px', boxShadow: tokens.shadow2 },
});

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
  /** The page's own buttons after the declared ones, for what is not a record's action (an invitation by mail). */
  tools?: (list: ListController) => ReactNode;
  /** What the page adds to the form drawer (given the list, to refresh it after an action). */
  drawer?: (list: ListController) => DrawerSlots;
  /** Anything else the page needs mounted beside the list (a live-update listener). */
  extras?: (list: ListController) => ReactNode;
};

/** The grid's state without rows: what the list holds and its first actions (issue 21). */
function ListEmptyState({ resolved, list, has, filters }: { resolved: ResolvedPage; list: ListController; has: ListActions['has']; filters: ActiveFilters }) {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  const navigate = useNavigate();
  return (
    <EmptyList
      title={en ? resolved.page.title.en : resolved.page.title.zh}
      purpose={resolved.page.purpose ? (en ? resolved.page.purpose.en : resolved.page.purpose.zh) : undefined}
      filtered={Boolean(list.quick) || filters.chips.length > 0 || Object.keys(list.fixed ?? {}).length > 0 || Boolean(list.tab && Object.keys(list.tab.filter).length)}
      onCreate={has('create') ? () => list.openDrawer({ action: 'add', id: null }) : undefined}
      onImport={has('import') && !resolved.entity.childOnly ? () => navigate(`/page/upload/view?opt=${encodeURIComponent(resolved.page.opt)}&entity=${encodeURIComponent(resolved.entity.name)}`) : undefined}
    />
  );
}

/** The list's confirmations: removing the selected records, and a transition's parameters. */
function ListDialogs({ actions, count, one }: { actions: ListActions; count: number; one: Record<string, unknown> | null }) {
  const { t } = useTranslation();
  const { confirmRemove, setConfirmRemove, removeSelected, transition, setTransition, runTransition } = actions;
  return (
    <>
      <ConfirmDialog open={confirmRemove} text={t('engine.confirmRemove', { count })} onConfirm={() => void removeSelected()} onCancel={() => setConfirmRemove(false)} />
      {transition && (
        <TransitionDialog
          transition={transition}
          count={count}
          record={transition.cells ? one : undefined}
          onRun={(params) => runTransition(transition, params)}
          onCancel={() => setTransition(null)}
        />
      )}
    </>
  );
}

/** A value a save's or an action's reply carries this once (a new API key, a new signing secret): shown until the user closes it. */
function useSecretOnce(resolved: ResolvedPage) {
  const once = resolved.page.secretOnce;
  const [secret, setSecret] = useState<string | null>(null);
  const reveal = (r: unknown) => {
    const v = once && r && typeof r === 'object' ? (r as Record<string, unknown>)[once.field] : undefined;
    if (typeof v === 'string') setSecret(v);
  };
  return { once, secret, reveal, setSecret };
}

/**
 * A generated list page (spec 2 `/{cata}/index/{opt}` and its siblings): title, toolbar of the
 * page's actions and the entity's transitions, quick search, status tabs with counts, the grid,
 * and the form drawer over it. The logic is `useListController`'s; pages add through `slots`.
 */
export function ListPage({ resolved, subindex, slots = {} }: { resolved: ResolvedPage; subindex?: boolean; slots?: ListSlots }) {
  const s = useStyles();
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  const list = useListController(resolved, { subindex });
  const { refresh } = list;
  const { once, secret, reveal, setSecret } = useSecretOnce(resolved);
  const actions = useListActions(resolved, list, (reply) => reveal(reply.data?.[0]));
  const grouping = useListGrouping(resolved, list);
  const filters = useActiveFilters(resolved);
  const views = useListViews({ resolved, tabKey: list.tabKey, setTabKey: list.setTabKey, grouping, fixedByRoute: Boolean(subindex) });
  const { has } = actions;
  const setDrawer = list.openDrawer;
  const drawerSlots = slots.drawer?.(list);
  const navigate = useNavigate();
  const opens = resolved.page.opens;
  // A row opens its drawer, or the address the page declares for it (a form's filled records).
  const openRow = (row: Record<string, unknown>) => (opens ? navigate(openedAddress(opens, row)) : setDrawer({ action: has('edit') ? 'edit' : 'view', id: Number(row.id) }));

  const title = en ? resolved.page.title.en : resolved.page.title.zh;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <div className={s.page} data-testid={slots.testId ?? `list-${resolved.page.opt}`}>
      <ListHead resolved={resolved} list={list} title={title} />
      <div className={s.bar}>
        <ListViewPicker views={views} />
        <ListToolbar resolved={resolved} list={list} actions={actions} title={title} pageActions={slots.actions} pageTools={slots.tools} grouping={grouping} />
      </div>
      {subindex && <DrillBar entity={resolved.entity} filters={list.fixed} onRemove={list.removeFixed} />}
      <ActiveFilterBar filters={filters} />
      {grouping.value && (
        <GroupedGrid
          resolved={resolved}
          grouping={grouping.value}
          query={grouping.query}
          generation={list.generation}
          fieldLabel={grouping.label ? (en ? grouping.label.en : grouping.label.zh) : ''}
          onSelectionChange={list.setSelected}
          onOpen={openRow}
        />
      )}
      {/* The flat list stays mounted while grouped: its column filters and sort apply to the groups and are there on return. */}
      <div style={{ display: grouping.value ? 'none' : 'contents' }}>
      <EntityGrid
        resolved={resolved}
        tab={list.tab}
        quick={list.quick}
        fixed={list.fixed}
        onSelectionChange={list.setSelected}
        onOpen={openRow}
        onLoaded={list.onLoaded}
        onReady={(g) => [list.onReady, views.attach, filters.attach].forEach((attach) => attach(g))}
        keepsLayout={views.keepsLayout}
        empty={() => <ListEmptyState resolved={resolved} list={list} has={has} filters={filters} />}
      />
      </div>
      <FormDrawer
        resolved={resolved}
        state={list.drawer}
        slots={drawerSlots}
        onClose={list.closeDrawer}
        onChanged={refresh}
        onSaved={(row) => {
          if (!drawerSlots?.keepOpenAfterSave) list.closeDrawer();
          refresh();
          reveal(row);
        }}
      />
      {once && <SecretOnceDialog secret={secret} title={en ? once.title.en : once.title.zh} explain={en ? once.explain.en : once.explain.zh} onClose={() => setSecret(null)} testId="secret-once" />}
      {slots.extras?.(list)}
      <ListDialogs actions={actions} count={list.selected.length} one={list.one} />
    </div>
  );
}
