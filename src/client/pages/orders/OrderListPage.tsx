import { Badge, makeStyles, SearchBox, Tab, TabList, Text, Title3, Toolbar, ToolbarButton, ToolbarDivider, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowClockwiseRegular, DeleteRegular, DocumentPrintRegular, OpenRegular, PlayRegular } from '@fluentui/react-icons';
import type { GridApi } from 'ag-grid-community';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { TransitionDef } from '../../../model/entity';
import type { StatusTab } from '../../../model/page';
import type { ResolvedPage } from '../../../model/page-resolve';
import { entityApi, type PageReply, type Row } from '../../engine/entity-api';
import { resolvedPageOf } from '../../engine/resolved-page';
import { ConfirmDialog, TransitionDialog } from '../../form/dialogs';
import { EntityGrid } from '../../grid/EntityGrid';
import { toast } from '../../shell/toast-bus';
import { orderActions, type OrderAction } from './order-actions';
import { performOrderAction } from './order-run';
import { useOrderStateEvents, type OrderStateEvent } from './order-socket';
import { OrderDrawer, type OrderDrawerState } from './OrderDrawer';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '8px', padding: '12px 16px', height: '100%', boxSizing: 'border-box', minHeight: 0 },
  head: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  grow: { flex: 1 },
  bar: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap', background: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium, padding: '2px 6px', boxShadow: tokens.shadow2 },
  foot: { color: tokens.colorNeutralForeground3 },
});

/**
 * The order lists of issue 6: the brand's requirement orders and the maker's customer orders. Status
 * tabs with counts, quick search and the engine's grid; an order opens in the order drawer (matrix
 * entries); the state actions run from the list on the selected order, with their confirmations; every
 * state change the other company makes arrives over the socket and refreshes the list and the open order.
 */
export function OrderListPage({ opt }: { opt: 'prorder' | 'customerorder' }) {
  const resolved = resolvedPageOf(opt) as ResolvedPage;
  const s = useStyles();
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const api = useMemo(() => entityApi(resolved), [resolved]);
  const grid = useRef<GridApi<Row> | null>(null);
  const [selected, setSelected] = useState<Row[]>([]);
  const [quickText, setQuickText] = useState('');
  const [quick, setQuick] = useState('');
  const [tabKey, setTabKey] = useState(resolved.statusTabs[0]?.key ?? '');
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [total, setTotal] = useState<number | null>(null);
  const [drawer, setDrawer] = useState<OrderDrawerState>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const [confirm, setConfirm] = useState<OrderAction | 'remove' | null>(null);
  const [reject, setReject] = useState<TransitionDef | null>(null);
  const tab: StatusTab | null = resolved.statusTabs.find((x) => x.key === tabKey) ?? null;
  const entity = resolved.entity.name;
  const one = selected.length === 1 ? selected[0] : null;
  const actions = orderActions(entity, one);
  const transition = (name: string) => resolved.transitions.find((x) => x.action === name) ?? resolved.entity.states?.transitions.find((x) => x.action === name) ?? null;
  const title = en ? resolved.page.title.en : resolved.page.title.zh;

  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    const timer = setTimeout(() => setQuick(quickText), 350);
    return () => clearTimeout(timer);
  }, [quickText]);
  // Deep link from a notification or another page: ?open=<id>.
  useEffect(() => {
    const id = search.get('open');
    if (id && /^\d+$/.test(id)) setDrawer({ id: Number(id) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const refresh = () => {
    const g = grid.current;
    if (g && !g.isDestroyed()) {
      g.deselectAll();
      g.refreshInfiniteCache();
    }
  };

  // Live: the other company accepted, rejected, finished, sent or cancelled an order (spec 4).
  useOrderStateEvents(entity, (e: OrderStateEvent) => {
    refresh();
    const state = resolved.entity.states?.states.find((x) => x.code === e.status);
    const stateText = state ? (en ? state.label.en : state.label.zh) : e.status;
    toast.notification(t('orders.live.title'), t('orders.live.changed', { no: e.no ?? `#${e.id}`, status: stateText }));
    if (drawer?.id === e.id) setReloadKey((k) => k + 1);
  });

  const onLoaded = (reply: PageReply) => {
    setTotal(reply.total);
    if (!reply.tabs || !resolved.entity.states) return;
    const field = resolved.entity.states.field;
    const next: Record<string, number> = {};
    for (const tb of resolved.statusTabs) {
      const v = tb.filter[field];
      next[tb.key] = v === undefined ? (reply.tabs.all ?? 0) : (reply.tabs[String(v)] ?? 0);
    }
    setCounts(next);
  };

  const need = (run: (row: Row) => void) => {
    if (!one) {
      toast.warning(t('form.selectRowsFirst'));
      return;
    }
    run(one);
  };

  const runAction = async (a: OrderAction, params: Record<string, unknown> = {}) => {
    setConfirm(null);
    setReject(null);
    if (!one) return;
    try {
      const outcome = await performOrderAction(api, a, one, params, (k, p) => t(k, p ?? {}));
      refresh();
      // The not-joined message is also shown on the order itself.
      if (outcome.manualMessage && outcome.row?.id) setDrawer({ id: Number(outcome.row.id) });
    } catch {
      /* shown by the API reactions */
    }
  };

  const remove = async () => {
    setConfirm(null);
    try {
      await api.remove(selected.map((r) => Number(r.id)));
      toast.success(t('engine.removed'));
      refresh();
    } catch {
      /* shown by the API reactions */
    }
  };

  const actionLabel = (a: OrderAction) => {
    const tr = transition(a);
    return tr ? (en ? tr.label.en : tr.label.zh) : t(`orders.action.${a}`);
  };
  const confirmText = (a: OrderAction | 'remove') => {
    if (a === 'remove') return t('engine.confirmRemove', { count: selected.length });
    const tr = transition(a);
    if (tr?.confirm) return en ? tr.confirm.en : tr.confirm.zh;
    if (a === 'send') return t('orders.confirm.send', { maker: String(one?.maker_vendor_id__label ?? one?.maker_vendor_id ?? '') });
    return t(`orders.confirm.${a}`);
  };
  const offered: OrderAction[] = entity === 'prorder' ? ['send', 'allocate', 'cancel', 'finish'] : ['accept', 'reject', 'finish'];
  const has = (kind: string) => resolved.actions.some((a) => a.kind === kind);

  return (
    <div className={s.page} data-testid={`orders-${opt}`}>
      <div className={s.head}>
        <Title3 as="h1">{title}</Title3>
        <TabList selectedValue={tabKey} onTabSelect={(_, d) => setTabKey(String(d.value))} size="small">
          {resolved.statusTabs.map((tb) => (
            <Tab key={tb.key} value={tb.key} data-testid={`tab-${tb.key}`}>
              {en ? tb.label.en : tb.label.zh}{' '}
              {counts[tb.key] !== undefined && (
                <Badge appearance="tint" size="small" color={tb.key === tabKey ? 'brand' : 'informative'} data-testid={`tab-count-${tb.key}`}>
                  {counts[tb.key]}
                </Badge>
              )}
            </Tab>
          ))}
        </TabList>
        <span className={s.grow} />
        <SearchBox placeholder={t('engine.quickSearch')} value={quickText} onChange={(_, d) => setQuickText(d.value)} style={{ minWidth: 240 }} data-testid="quick-search" />
      </div>
      <div className={s.bar}>
        <Toolbar aria-label={title} size="small">
          {has('create') && (
            <ToolbarButton appearance="primary" icon={<AddRegular />} onClick={() => setDrawer({ id: null })} data-testid="action-create">
              {t('engine.create')}
            </ToolbarButton>
          )}
          <ToolbarButton icon={<OpenRegular />} onClick={() => need((r) => setDrawer({ id: Number(r.id) }))} data-testid="action-open">
            {t('orders.action.open')}
          </ToolbarButton>
          {has('remove') && (
            <ToolbarButton icon={<DeleteRegular />} onClick={() => (selected.length ? setConfirm('remove') : toast.warning(t('form.selectRowsFirst')))} data-testid="action-remove">
              {t('engine.remove')}
            </ToolbarButton>
          )}
          <ToolbarDivider />
          {offered.map((a) => (
            <ToolbarButton
              key={a}
              icon={<PlayRegular />}
              disabled={Boolean(one) && !actions.includes(a)}
              onClick={() => need(() => (a === 'reject' ? setReject(transition('reject')) : setConfirm(a)))}
              data-testid={`action-${a}`}
            >
              {actionLabel(a)}
            </ToolbarButton>
          ))}
          <ToolbarDivider />
          <ToolbarButton icon={<DocumentPrintRegular />} onClick={() => need((r) => navigate(`/page/document/${opt}?id=${String(r.id)}`))}>
            {t('engine.document')}
          </ToolbarButton>
          <ToolbarButton icon={<ArrowClockwiseRegular />} onClick={refresh} aria-label={t('engine.refresh')} />
        </Toolbar>
        <span className={s.grow} />
        {total !== null && (
          <Text size={200} className={s.foot} data-testid="row-total">
            {t('engine.rowsTotal', { count: total })}
          </Text>
        )}
      </div>
      <EntityGrid
        resolved={resolved}
        tab={tab}
        quick={quick}
        onSelectionChange={setSelected}
        onOpen={(row) => setDrawer({ id: Number(row.id) })}
        onLoaded={onLoaded}
        onReady={(g) => {
          grid.current = g;
        }}
      />
      <OrderDrawer
        resolved={resolved}
        state={drawer}
        reloadKey={reloadKey}
        onClose={() => {
          setDrawer(null);
          if (search.has('open')) {
            search.delete('open');
            setSearch(search, { replace: true });
          }
        }}
        onChanged={() => refresh()}
      />
      <ConfirmDialog open={confirm !== null} text={confirm ? confirmText(confirm) : ''} onConfirm={() => (confirm === 'remove' ? void remove() : confirm && void runAction(confirm))} onCancel={() => setConfirm(null)} />
      {reject && <TransitionDialog transition={reject} count={1} onRun={(params) => void runAction('reject', params)} onCancel={() => setReject(null)} />}
    </div>
  );
}

/** The brand's requirement orders (spec 2 business: large-goods requirement orders). */
export function PrOrdersPage() {
  return <OrderListPage opt="prorder" />;
}

/** The maker's customer orders: pending, in progress, finished, cancelled (spec 2, spec 4). */
export function CustomerOrdersPage() {
  return <OrderListPage opt="customerorder" />;
}
