import { Badge, Button, Caption1, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Tab, TabList, Text, ToggleButton, Tooltip } from '@fluentui/react-components';
import { Add16Regular, AppsAddIn20Regular, ArrowDown16Regular, ArrowReset20Regular, ArrowUp16Regular, Checkmark16Regular, EyeOff16Regular, LayoutCellFour20Regular } from '@fluentui/react-icons';
import type { CSSProperties, ReactNode } from 'react';
import type { Label } from '../../../model/entity';
import { A } from './arrange-texts';
import { useArrangeStyles, useTr, type ArrangedBoard } from './use-arranged-board';

/**
 * The pieces of a board its user arranges (src/client/engine/report/use-arranged-board.ts), drawn by
 * the personal boards (src/client/pages/workspace) and the declared dashboards (Dashboard.tsx):
 * the tool bar (arrange, reset, the widget market), a card's arranging tools (up, down, hide) and the
 * market: the board's catalogue of widgets (shown ones marked, the others to add) with a page's own
 * further tabs. Test ids: `board-arrange`, `board-reset`, `board-market-open`, `move-up-<key>`,
 * `move-down-<key>`, `hide-<key>`, `board-market`, `market-tab-<tab>`, `market-widget-<key>`,
 * `market-add-<key>`, `market-close`.
 */

/** The board's tool bar: the page's header, then arranging (its hint and reset) and the market; `colours`: the hint's and reset's on a dark wall. */
export function ArrangeBar({ board, header, canArrange = true, style, colours }: { board: ArrangedBoard; header?: ReactNode; canArrange?: boolean; style?: CSSProperties; colours?: { text: string; muted: string } }) {
  const s = useArrangeStyles();
  const tr = useTr();
  const { arranging } = board;
  return (
    <div className={s.bar} style={style}>
      {header}
      <div className={s.grow} />
      {arranging ? <Caption1 className={s.hint} style={{ color: colours?.muted }}>{tr(A.arrangeHint)}</Caption1> : null}
      {arranging ? (
        <Button appearance="subtle" icon={<ArrowReset20Regular />} onClick={() => void board.reset()} data-testid="board-reset" style={{ color: colours?.text }}>
          {tr(A.reset)}
        </Button>
      ) : null}
      {canArrange ? (
        <ToggleButton checked={arranging} appearance={arranging ? 'primary' : 'secondary'} icon={<LayoutCellFour20Regular />} onClick={() => board.setArranging(!arranging)} data-testid="board-arrange">
          {tr(arranging ? A.done : A.arrange)}
        </ToggleButton>
      ) : null}
      {canArrange ? (
        <Button appearance="primary" icon={<AppsAddIn20Regular />} onClick={() => board.setCatalogue('widgets')} data-testid="board-market-open">
          {tr(A.market)}
        </Button>
      ) : null}
    </div>
  );
}

/** Nothing shown: the way to the market. */
export function EmptyBoard({ board, className }: { board: ArrangedBoard; className?: string }) {
  const tr = useTr();
  return (
    <div className={className} style={{ padding: 32, alignItems: 'center', gap: 12, display: 'flex', flexDirection: 'column' }} data-testid="board-empty">
      <Text>{tr(A.emptyBoard)}</Text>
      <Button appearance="primary" icon={<AppsAddIn20Regular />} onClick={() => board.setCatalogue('widgets')}>{tr(A.market)}</Button>
    </div>
  );
}

/** A card's arranging tools: up and down among the shown cards, and hide (back to the market); `colour`: the icons' on a dark wall. */
export function ArrangeTools({ board, k, colour }: { board: ArrangedBoard; k: string; colour?: string }) {
  const s = useArrangeStyles();
  const tr = useTr();
  const at = board.shown.indexOf(k);
  return (
    <div className={s.tools}>
      <Tooltip content={tr(A.moveUp)} relationship="label">
        <Button size="small" appearance="subtle" icon={<ArrowUp16Regular />} disabled={at <= 0} onClick={() => board.move(k, -1)} data-testid={`move-up-${k}`} style={{ color: colour }} />
      </Tooltip>
      <Tooltip content={tr(A.moveDown)} relationship="label">
        <Button size="small" appearance="subtle" icon={<ArrowDown16Regular />} disabled={at === board.shown.length - 1} onClick={() => board.move(k, 1)} data-testid={`move-down-${k}`} style={{ color: colour }} />
      </Tooltip>
      <Tooltip content={tr(A.hide)} relationship="label">
        <Button size="small" appearance="subtle" icon={<EyeOff16Regular />} onClick={() => board.hide(k)} data-testid={`hide-${k}`} style={{ color: colour }} />
      </Tooltip>
    </div>
  );
}

/** One offer of the market: its icon, title and kind, and what can be done with it. */
export function CatalogueRow({ testId, icon, title, sub, children }: { testId: string; icon: ReactNode; title: string; sub: string; children: ReactNode }) {
  const s = useArrangeStyles();
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

/** A widget the market offers: its key, title, kind (the line under the title) and icon. */
export type CatalogueOffer = { key: string; title: Label; sub: Label; icon: ReactNode };

/** A page's own tab of the market (the personal home's app modules). */
export type CatalogueTab = { value: string; label: Label; body: (open: boolean) => ReactNode };

/** The market: the board's catalogue (shown widgets marked, the others to add), and the page's own tabs. */
export function CatalogueDialog({ board, offers, tabs = [] }: { board: ArrangedBoard; offers: readonly CatalogueOffer[]; tabs?: readonly CatalogueTab[] }) {
  const s = useArrangeStyles();
  const tr = useTr();
  const open = board.catalogue !== null;
  const tab = board.catalogue ?? 'widgets';
  const own = tabs.find((t) => t.value === tab);
  return (
    <Dialog open={open} onOpenChange={(_, d) => (d.open ? undefined : board.setCatalogue(null))}>
      <DialogSurface style={{ maxWidth: 760, width: '92vw' }} data-testid="board-market">
        <DialogBody>
          <DialogTitle>{tr(A.market)}</DialogTitle>
          <DialogContent>
            {tabs.length ? (
              <TabList selectedValue={tab} onTabSelect={(_, d) => board.setCatalogue(String(d.value))}>
                <Tab value="widgets" data-testid="market-tab-widgets">{tr(A.widgets)}</Tab>
                {tabs.map((t) => (
                  <Tab key={t.value} value={t.value} data-testid={`market-tab-${t.value}`}>{tr(t.label)}</Tab>
                ))}
              </TabList>
            ) : null}
            {own ? (
              own.body(open)
            ) : (
              <div className={s.market}>
                {offers.map((o) => (
                  <CatalogueRow key={o.key} testId={`market-widget-${o.key}`} icon={o.icon} title={tr(o.title)} sub={tr(o.sub)}>
                    {board.shown.includes(o.key) ? (
                      <Badge appearance="tint" color="success" icon={<Checkmark16Regular />}>{tr(A.added)}</Badge>
                    ) : (
                      <Button size="small" appearance="primary" icon={<Add16Regular />} onClick={() => board.add(o.key)} data-testid={`market-add-${o.key}`}>{tr(A.add)}</Button>
                    )}
                  </CatalogueRow>
                ))}
              </div>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={() => board.setCatalogue(null)} data-testid="market-close">{tr(A.close)}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
