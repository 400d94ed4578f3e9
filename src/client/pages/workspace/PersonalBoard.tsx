import {
  Badge,
  Button,
  Caption1,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  mergeClasses,
  Spinner,
  Subtitle2,
  Tab,
  TabList,
  Text,
  ToggleButton,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import {
  Add16Regular,
  AppsAddIn20Regular,
  ArrowDown16Regular,
  ArrowReset20Regular,
  ArrowUp16Regular,
  Checkmark16Regular,
  DataBarVertical20Regular,
  EyeOff16Regular,
  LayoutCellFour20Regular,
  Open16Regular,
  ReOrderDotsVertical16Regular,
} from '@fluentui/react-icons';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import useSWR, { mutate as mutateKey } from 'swr';
import { useSnapshot } from 'valtio';
import type { Label } from '../../../model/entity';
import { arrangedBoard, blockOf, defaultBoard, isTowerKey, moveBefore, moveBy, offeredKeys, towerKey, withSettings, withShown, TOWER_PREFIX, type BoardItem, type BoardKind } from '../../../model/workspace';
import { PERIOD_LABELS, WidgetSettingsMenu } from './WidgetSettingsMenu';
import { access } from '../../session/access-state';
import { menuGroupTitle } from '../../shell/menu-lookup';
import { menuIcon } from '../../shell/menu-icons';
import { toast } from '../../kernel/toast-bus';
import { currentLanguage } from '../../kernel/i18n';
import { sourceFor, WIDGETS } from '../visual/control-tower.logic';
import { AnnouncementsBlock, AppsBlock, FavouritesBlock, QuickLinksBlock, ToReadBlock, TodoBlock } from './board-blocks';
import { T } from './board-texts';
import { SETTING_KEYS, workspaceApi, type AppModule, type DashSetting, type HomeSetting } from './workspace-api';

const TowerWidgetBlock = lazy(() => import('./TowerWidgetBlock').then((m) => ({ default: m.TowerWidgetBlock })));

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' },
  grow: { flex: 1 },
  hint: { color: tokens.colorNeutralForeground3 },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    gap: '16px',
    alignItems: 'stretch',
    '@media (max-width: 1100px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
  span1: { gridColumn: 'span 1' },
  span2: { gridColumn: 'span 2' },
  span3: { gridColumn: 'span 3', '@media (max-width: 1100px)': { gridColumn: 'span 2' } },
  card: {
    background: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow4,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    display: 'flex',
    flexDirection: 'column',
    minWidth: 0,
    transitionProperty: 'box-shadow, outline-color',
    transitionDuration: '120ms',
  },
  arranging: { outline: `2px dashed ${tokens.colorBrandStroke2}`, outlineOffset: '2px', cursor: 'grab' },
  dropTarget: { outline: `2px solid ${tokens.colorBrandStroke1}`, boxShadow: tokens.shadow16 },
  head: { display: 'flex', alignItems: 'center', gap: '6px', padding: '12px 14px 8px 16px', minHeight: '32px' },
  headIcon: { color: tokens.colorBrandForeground1, display: 'grid', placeItems: 'center' },
  title: { flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  body: { padding: '0 16px 14px', minWidth: 0 },
  tools: { display: 'flex', gap: '2px' },
  market: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '10px', paddingTop: '12px', maxHeight: '56vh', overflowY: 'auto' },
  offer: {
    display: 'grid',
    gridTemplateColumns: '36px 1fr auto',
    gap: '10px',
    alignItems: 'center',
    padding: '10px 12px',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  offerIcon: { width: '36px', height: '36px', borderRadius: '10px', display: 'grid', placeItems: 'center', background: tokens.colorBrandBackground2, color: tokens.colorBrandForeground1 },
});

type Offer = { key: string; title: Label; span: 1 | 2 | 3; source?: (typeof WIDGETS)[number]['sources'][number] };

/** The widgets the session is offered now, with their titles and sizes (blocks, then tower widgets). */
function useOffers(): { offers: Offer[]; keys: string[]; towerPage: boolean } {
  const user = useSnapshot(access);
  return useMemo(() => {
    const codes = new Set(user.menus.flatMap((g) => g.children.map((c) => c.CODE)));
    const tower = WIDGETS.map((w) => ({ w, source: sourceFor(w, codes) })).filter((x) => x.source);
    const keys = offeredKeys({ roles: user.dashroles, hasCompany: user.clientId !== null }, tower.map((x) => x.w.key));
    const offers = keys.map((key): Offer => {
      if (isTowerKey(key)) {
        const x = tower.find((y) => towerKey(y.w.key) === key)!;
        return { key, title: x.w.title, span: x.w.span === 2 ? 2 : 1, source: x.source };
      }
      const b = blockOf(key)!;
      return { key, title: b.title, span: b.span };
    });
    // The tower's own page opens from its widgets only for those with its menu entry.
    return { offers, keys, towerPage: codes.has('rpt.control-tower') };
  }, [user.menus, user.dashroles, user.clientId]);
}

/**
 * A board as the user arranged it (saved per user and company on the server), and the arranging:
 * each change is shown at once and saved; a refused save goes back to the stored board.
 */
function useBoard(kind: BoardKind) {
  const user = useSnapshot(access);
  const key = user.id !== null && !user.mustChangePassword ? SETTING_KEYS[kind] : null;
  const { data, error } = useSWR<DashSetting | HomeSetting>(key, () => (kind === 'mydash' ? workspaceApi.dashSetting() : workspaceApi.homeSetting()));
  const { offers, keys, towerPage } = useOffers();
  const [local, setLocal] = useState<BoardItem[] | null>(null);
  const items = local ?? (data ? arrangedBoard(kind, data.board, keys, user.dashroles) : null);
  const save = async (next: BoardItem[]) => {
    setLocal(next);
    try {
      const saved = await workspaceApi.saveBoard(kind, next);
      await mutateKey(SETTING_KEYS[kind], (d: DashSetting | HomeSetting | undefined) => (d ? { ...d, board: saved.items } : d), { revalidate: false });
    } catch {
      setLocal(null);
    }
  };
  return { items, offers, towerPage, error, save, canArrange: user.clientId !== null, reset: () => save(defaultBoard(kind, keys, user.dashroles)) };
}

function BoardCard(props: {
  offer: Offer;
  arranging: boolean;
  first: boolean;
  last: boolean;
  dropping: boolean;
  onMove: (delta: -1 | 1) => void;
  onHide: () => void;
  onDragStart: () => void;
  onDragOver: () => void;
  onDrop: () => void;
  onDragEnd: () => void;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const s = useStyles();
  const { i18n } = useTranslation();
  const tr = (l: Label) => (i18n.language === 'en' ? l.en : l.zh);
  const { offer, arranging } = props;
  const title = tr(offer.title);
  return (
    <section
      className={mergeClasses(s.card, s[`span${offer.span}`], arranging && s.arranging, props.dropping && s.dropTarget)}
      data-testid={`board-item-${offer.key}`}
      aria-label={title}
      draggable={arranging}
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', offer.key);
        props.onDragStart();
      }}
      onDragOver={(e) => {
        if (!arranging) return;
        e.preventDefault();
        props.onDragOver();
      }}
      onDrop={(e) => {
        e.preventDefault();
        props.onDrop();
      }}
      onDragEnd={props.onDragEnd}
    >
      <div className={s.head}>
        {arranging ? <ReOrderDotsVertical16Regular aria-hidden /> : null}
        {isTowerKey(offer.key) ? <span className={s.headIcon}><DataBarVertical20Regular /></span> : null}
        <Subtitle2 as="h2" className={s.title} title={title}>
          {title}
        </Subtitle2>
        {arranging ? (
          <div className={s.tools}>
            <Tooltip content={tr(T.moveUp)} relationship="label">
              <Button size="small" appearance="subtle" icon={<ArrowUp16Regular />} disabled={props.first} onClick={() => props.onMove(-1)} data-testid={`move-up-${offer.key}`} />
            </Tooltip>
            <Tooltip content={tr(T.moveDown)} relationship="label">
              <Button size="small" appearance="subtle" icon={<ArrowDown16Regular />} disabled={props.last} onClick={() => props.onMove(1)} data-testid={`move-down-${offer.key}`} />
            </Tooltip>
            <Tooltip content={tr(T.hide)} relationship="label">
              <Button size="small" appearance="subtle" icon={<EyeOff16Regular />} onClick={props.onHide} data-testid={`hide-${offer.key}`} />
            </Tooltip>
          </div>
        ) : (
          props.actions
        )}
      </div>
      <div className={s.body}>{props.children}</div>
    </section>
  );
}

/** The market: widgets the roles offer (shown or to add) and the company's modules to subscribe to. */
function MarketDialog({ open, tab, onTab, onClose, items, offers, onAdd }: {
  open: boolean;
  tab: 'widgets' | 'apps';
  onTab: (t: 'widgets' | 'apps') => void;
  onClose: () => void;
  items: BoardItem[];
  offers: Offer[];
  onAdd: (key: string) => void;
}) {
  const s = useStyles();
  const { i18n } = useTranslation();
  const tr = (l: Label) => (i18n.language === 'en' ? l.en : l.zh);
  const lang = currentLanguage();
  const { data: ws, mutate } = useSWR(open ? SETTING_KEYS.workspace : null, () => workspaceApi.workspaceSetting());
  const [busy, setBusy] = useState<string | null>(null);
  const toggleApp = async (m: AppModule, on: boolean) => {
    setBusy(m.CODE);
    try {
      const r = on ? await workspaceApi.unsubscribe([m.CODE]) : await workspaceApi.subscribe([m.CODE]);
      await mutate((d) => (d ? { ...d, apps: r.apps } : d), { revalidate: false });
      await mutateKey(SETTING_KEYS.home);
      toast.success(tr(on ? T.unsubscribed : T.subscribed));
    } catch {
      // The spec 8 reactions told why.
    } finally {
      setBusy(null);
    }
  };
  return (
    <Dialog open={open} onOpenChange={(_, d) => (d.open ? undefined : onClose())}>
      <DialogSurface style={{ maxWidth: 760, width: '92vw' }} data-testid="board-market">
        <DialogBody>
          <DialogTitle>{tr(T.market)}</DialogTitle>
          <DialogContent>
            <TabList selectedValue={tab} onTabSelect={(_, d) => onTab(d.value as 'widgets' | 'apps')}>
              <Tab value="widgets" data-testid="market-tab-widgets">{tr(T.widgets)}</Tab>
              <Tab value="apps" data-testid="market-tab-apps">{tr(T.apps)}</Tab>
            </TabList>
            {tab === 'widgets' ? (
              <div className={s.market}>
                {offers.map((o) => {
                  const shown = items.some((i) => i.key === o.key && !i.hidden);
                  return (
                    <div key={o.key} className={s.offer} data-testid={`market-widget-${o.key}`}>
                      <div className={s.offerIcon}>{o.key.startsWith(TOWER_PREFIX) ? <DataBarVertical20Regular /> : <LayoutCellFour20Regular />}</div>
                      <div style={{ minWidth: 0 }}>
                        <Text weight="semibold" block truncate wrap={false}>{tr(o.title)}</Text>
                        <Caption1 block>{tr(o.key.startsWith(TOWER_PREFIX) ? T.fromTower : T.personal)}</Caption1>
                      </div>
                      {shown ? (
                        <Badge appearance="tint" color="success" icon={<Checkmark16Regular />}>{tr(T.added)}</Badge>
                      ) : (
                        <Button size="small" appearance="primary" icon={<Add16Regular />} onClick={() => onAdd(o.key)} data-testid={`market-add-${o.key}`}>{tr(T.add)}</Button>
                      )}
                    </div>
                  );
                })}
              </div>
            ) : (
              <div className={s.market}>
                {!ws ? <Spinner size="small" /> : null}
                {ws?.modules.map((m) => {
                  const on = ws.apps.includes(m.CODE);
                  return (
                    <div key={m.CODE} className={s.offer} data-testid={`market-app-${m.CODE}`}>
                      <div className={s.offerIcon}>{menuIcon(m.ICON)}</div>
                      <div style={{ minWidth: 0 }}>
                        <Text weight="semibold" block truncate wrap={false}>{menuGroupTitle({ CODE: m.CODE, TITLE: m.TITLE }, lang)}</Text>
                        <Caption1 block>{tr(T.functions).replace('{n}', String(m.entries))}</Caption1>
                      </div>
                      <Button size="small" appearance={on ? 'secondary' : 'primary'} icon={on ? <Checkmark16Regular /> : <Add16Regular />} disabled={busy === m.CODE} onClick={() => void toggleApp(m, on)} data-testid={`app-toggle-${m.CODE}`} data-subscribed={on ? 'true' : 'false'}>
                        {tr(on ? T.subscribedState : T.subscribe)}
                      </Button>
                    </div>
                  );
                })}
              </div>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose} data-testid="market-close">{tr(T.close)}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/**
 * A personal board (`/mydash` or the workspace home): the widgets the user keeps shown, in the
 * user's order; the market adds widgets and subscribes apps; "arrange" moves (drag, or up and down)
 * and hides widgets. `header` is drawn at the left of the board's tool bar.
 */
export function PersonalBoard({ kind, header }: { kind: BoardKind; header?: ReactNode }) {
  const s = useStyles();
  const { i18n } = useTranslation();
  const tr = (l: Label) => (i18n.language === 'en' ? l.en : l.zh);
  const navigate = useNavigate();
  const { items, offers, towerPage, error, save, canArrange, reset } = useBoard(kind);
  const [arranging, setArranging] = useState(false);
  const [market, setMarket] = useState<null | 'widgets' | 'apps'>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const shown = (items ?? []).filter((i) => !i.hidden).map((i) => offers.find((o) => o.key === i.key)).filter((o): o is Offer => !!o);

  const add = (key: string) => {
    if (!items) return;
    void save(withShown(items, key, true));
    toast.success(tr(T.widgetAdded));
  };
  const blockBody = (o: Offer): { body: ReactNode; actions?: ReactNode } => {
    if (o.source) {
      const w = WIDGETS.find((x) => towerKey(x.key) === o.key)!;
      const settings = items?.find((i) => i.key === o.key)?.settings;
      return {
        body: (
          <Suspense fallback={<Spinner size="small" />}>
            <TowerWidgetBlock widget={w} source={o.source} settings={settings} height={w.key === 'capacity' ? 300 : 240} />
          </Suspense>
        ),
        actions: (
          <>
            {settings?.period ? <Caption1 className={s.hint} data-testid={`widget-period-label-${w.key}`}>{tr(PERIOD_LABELS[settings.period])}</Caption1> : null}
            {canArrange && items ? <WidgetSettingsMenu widgetKey={w.key} settings={settings} onChange={(x) => void save(withSettings(items, o.key, x))} /> : null}
            {!towerPage ? null : (
              <Tooltip content={tr(T.tower)} relationship="label">
                <Button size="small" appearance="subtle" icon={<Open16Regular />} onClick={() => navigate('/visual/control-tower')} />
              </Tooltip>
            )}
          </>
        ),
      };
    }
    const more = (to: string) => (
      <Button size="small" appearance="transparent" onClick={() => navigate(to)}>
        {tr(T.more)}
      </Button>
    );
    switch (o.key) {
      case 'todo':
        return { body: <TodoBlock />, actions: more('/collab/center?tab=tasks') };
      case 'toread':
        return { body: <ToReadBlock />, actions: more('/collab/center?tab=notices') };
      case 'announcements':
        return { body: <AnnouncementsBlock />, actions: more('/collab/center?tab=announcements') };
      case 'apps':
        return { body: <AppsBlock onMarket={() => setMarket('apps')} />, actions: canArrange ? <Button size="small" appearance="transparent" onClick={() => setMarket('apps')} data-testid="apps-market">{tr(T.appMarket)}</Button> : undefined };
      case 'favourites':
        return { body: <FavouritesBlock /> };
      default:
        return { body: <QuickLinksBlock />, actions: more('/workspace/menuguide') };
    }
  };

  return (
    <div style={{ display: 'grid', gap: 16 }} data-testid={`board-${kind}`}>
      <div className={s.bar}>
        {header}
        <div className={s.grow} />
        {arranging ? <Caption1 className={s.hint}>{tr(T.arrangeHint)}</Caption1> : null}
        {arranging ? (
          <Button appearance="subtle" icon={<ArrowReset20Regular />} onClick={() => void reset()} data-testid="board-reset">
            {tr(T.reset)}
          </Button>
        ) : null}
        {canArrange ? (
          <ToggleButton checked={arranging} appearance={arranging ? 'primary' : 'secondary'} icon={<LayoutCellFour20Regular />} onClick={() => setArranging(!arranging)} data-testid="board-arrange">
            {tr(arranging ? T.done : T.arrange)}
          </ToggleButton>
        ) : null}
        {canArrange ? (
          <Button appearance="primary" icon={<AppsAddIn20Regular />} onClick={() => setMarket('widgets')} data-testid="board-market-open">
            {tr(T.market)}
          </Button>
        ) : null}
      </div>
      {error ? <Text className={s.hint}>{tr(T.loadFailed)}</Text> : null}
      {!items && !error ? <Spinner size="small" /> : null}
      {items && !shown.length ? (
        <div className={s.card} style={{ padding: 32, alignItems: 'center', gap: 12 }} data-testid="board-empty">
          <Text>{tr(T.emptyBoard)}</Text>
          <Button appearance="primary" icon={<AppsAddIn20Regular />} onClick={() => setMarket('widgets')}>{tr(T.market)}</Button>
        </div>
      ) : null}
      <div className={s.grid} data-testid="board-grid">
        {shown.map((o, n) => {
          const { body, actions } = blockBody(o);
          return (
            <BoardCard
              key={o.key}
              offer={o}
              arranging={arranging}
              first={n === 0}
              last={n === shown.length - 1}
              dropping={arranging && over === o.key && dragging !== o.key}
              onMove={(d) => items && void save(moveBy(items, o.key, d))}
              onHide={() => items && void save(withShown(items, o.key, false))}
              onDragStart={() => setDragging(o.key)}
              onDragOver={() => setOver(o.key)}
              onDrop={() => {
                if (items && dragging && dragging !== o.key) void save(moveBefore(items, dragging, o.key));
                setDragging(null);
                setOver(null);
              }}
              onDragEnd={() => {
                setDragging(null);
                setOver(null);
              }}
              actions={actions}
            >
              {body}
            </BoardCard>
          );
        })}
      </div>
      {items ? <MarketDialog open={market !== null} tab={market ?? 'widgets'} onTab={setMarket} onClose={() => setMarket(null)} items={items} offers={offers} onAdd={add} /> : null}
    </div>
  );
}
