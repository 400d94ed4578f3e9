import { Badge, Button, Caption1, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner, Tab, TabList, Text } from '@fluentui/react-components';
import { Add16Regular, Checkmark16Regular, DataBarVertical20Regular, LayoutCellFour20Regular } from '@fluentui/react-icons';
import { useState, type ReactNode } from 'react';
import useSWR, { mutate as mutateKey } from 'swr';
import { TOWER_PREFIX, type BoardItem } from '../../../model/workspace';
import { currentLanguage } from '../../kernel/i18n';
import { toast } from '../../kernel/toast-bus';
import { menuIcon } from '../../shell/menu-icons';
import { menuGroupTitle } from '../../shell/menu-lookup';
import { useTr } from './board-block-kit';
import { useBoardStyles } from './board-styles';
import { T } from './board-texts';
import type { Offer } from './use-personal-board';
import { workspaceCalls } from '../../../model/calls/workspace';
import { callApi } from '../../api/calls';
import { readSetting, SETTING_KEYS, type AppModule } from './workspace-api';

/** One offer of the market: its icon, title and kind, and what can be done with it. */
function Offered({ testId, icon, title, sub, children }: { testId: string; icon: ReactNode; title: string; sub: string; children: ReactNode }) {
  const s = useBoardStyles();
  return (
    <div className={s.offer} data-testid={testId}>
      <div className={s.offerIcon}>{icon}</div>
      <div style={{ minWidth: 0 }}>
        <Text weight="semibold" block truncate wrap={false}>{title}</Text>
        <Caption1 block>{sub}</Caption1>
      </div>
      {children}
    </div>
  );
}

/** The widgets the roles offer: shown ones marked, the others to add. */
function MarketWidgets({ items, offers, onAdd }: { items: BoardItem[]; offers: Offer[]; onAdd: (key: string) => void }) {
  const s = useBoardStyles();
  const tr = useTr();
  return (
    <div className={s.market}>
      {offers.map((o) => {
        const shown = items.some((i) => i.key === o.key && !i.hidden);
        const chart = o.key.startsWith(TOWER_PREFIX) || o.tile;
        const kind = o.tile ? (o.tile.scope === 'personal' ? T.personalTile : T.designedTile) : chart ? T.fromTower : T.personal;
        return (
          <Offered key={o.key} testId={`market-widget-${o.key}`} icon={chart ? <DataBarVertical20Regular /> : <LayoutCellFour20Regular />} title={tr(o.title)} sub={tr(kind)}>
            {shown ? (
              <Badge appearance="tint" color="success" icon={<Checkmark16Regular />}>{tr(T.added)}</Badge>
            ) : (
              <Button size="small" appearance="primary" icon={<Add16Regular />} onClick={() => onAdd(o.key)} data-testid={`market-add-${o.key}`}>{tr(T.add)}</Button>
            )}
          </Offered>
        );
      })}
    </div>
  );
}

/** The company's modules the user sees, each subscribed to or not (the home's apps). */
function MarketApps({ open }: { open: boolean }) {
  const s = useBoardStyles();
  const tr = useTr();
  const lang = currentLanguage();
  const { data: ws, mutate } = useSWR(open ? SETTING_KEYS.workspace : null, readSetting.workspace);
  const [busy, setBusy] = useState<string | null>(null);
  const toggleApp = async (m: AppModule, on: boolean) => {
    setBusy(m.CODE);
    try {
      const r = await callApi(on ? workspaceCalls.unsubscribe : workspaceCalls.subscribe, { modules: [m.CODE] });
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
    <div className={s.market}>
      {!ws ? <Spinner size="small" /> : null}
      {ws?.modules.map((m) => {
        const on = ws.apps.includes(m.CODE);
        return (
          <Offered key={m.CODE} testId={`market-app-${m.CODE}`} icon={menuIcon(m.ICON)} title={menuGroupTitle({ CODE: m.CODE, TITLE: m.TITLE }, lang)} sub={tr(T.functions).replace('{n}', String(m.entries))}>
            <Button size="small" appearance={on ? 'secondary' : 'primary'} icon={on ? <Checkmark16Regular /> : <Add16Regular />} disabled={busy === m.CODE} onClick={() => void toggleApp(m, on)} data-testid={`app-toggle-${m.CODE}`} data-subscribed={on ? 'true' : 'false'}>
              {tr(on ? T.subscribedState : T.subscribe)}
            </Button>
          </Offered>
        );
      })}
    </div>
  );
}

/** The market: widgets the roles offer (shown or to add) and the company's modules to subscribe to. */
export function MarketDialog({ open, tab, onTab, onClose, items, offers, onAdd }: {
  open: boolean;
  tab: 'widgets' | 'apps';
  onTab: (t: 'widgets' | 'apps') => void;
  onClose: () => void;
  items: BoardItem[];
  offers: Offer[];
  onAdd: (key: string) => void;
}) {
  const tr = useTr();
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
            {tab === 'widgets' ? <MarketWidgets items={items} offers={offers} onAdd={onAdd} /> : <MarketApps open={open} />}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose} data-testid="market-close">{tr(T.close)}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
