/**
 * What the control tower and the declared dashboards share: reloading live (on the company socket's
 * messages, after the write has settled, and every five minutes on a wall; by dataset), full screen
 * for a wall display, and the organisation choice of their filters.
 */
import { Button, Select, Tooltip } from '@fluentui/react-components';
import { ArrowClockwiseRegular, FullScreenMaximizeRegular, FullScreenMinimizeRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { Label } from '../../../model';
import { DateBox } from '../../form/widgets/date-input';
import { T } from './dashboard-texts';
import { onSocketMessage } from '../../session/notification-socket';
import { dropEarly, type EarlyMark } from '../../api/early-calls';
import { datasetRefresh, orgOptions, type DashboardOrg } from './dashboard.logic';

/**
 * Loads now and whenever `load` changes; again 1.5 s after a socket message `wanted` accepts, and every
 * five minutes. `drewEarly`: the page's first frame already drew the reply of the document's early
 * call under that mark (read with `peekEarlyNow`), so at mount that call is taken and the first load
 * is not asked again.
 */
export function useLiveReload(load: () => Promise<void>, wanted: (message: unknown) => boolean, drewEarly: EarlyMark | null = null): void {
  const skip = useRef(drewEarly);
  useEffect(() => {
    if (skip.current) dropEarly(skip.current);
    else void load();
    skip.current = null;
    const every = setInterval(() => void load(), 5 * 60 * 1000);
    return () => clearInterval(every);
  }, [load]);
  useSocketReload(wanted, load, 1500);
}

/**
 * Reads again `delay` ms after the last socket message `wanted` accepts (a burst of writes reloads
 * once): a dashboard, and one widget of a board (a personal board's tower widgets and designed tiles).
 */
export function useSocketReload(wanted: (message: unknown) => boolean, reload: () => unknown, delay: number): void {
  const live = useRef({ wanted, reload });
  live.current = { wanted, reload };
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onSocketMessage((m) => {
      if (!live.current.wanted(m)) return;
      clearTimeout(timer);
      timer = setTimeout(() => void live.current.reload(), delay);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [delay]);
}

/**
 * Live widgets: a committed write names the reports it changed (`report.dataset`); only the widgets
 * reading them are asked again (`reload(keys)`, once for those named within 300 ms), the rest stay
 * drawn. Returns the keys being asked again.
 */
export function useReloadByDataset(widgets: ReadonlyArray<{ key: string; report: string }>, reload: (keys: string[]) => Promise<void>): string[] {
  const [reloading, setReloading] = useState<string[]>([]);
  useEffect(() => {
    const due = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onSocketMessage((m) => {
      const keys = datasetRefresh(m, widgets);
      if (!Array.isArray(keys)) return;
      for (const k of keys) due.add(k);
      clearTimeout(timer);
      timer = setTimeout(async () => {
        const only = [...due];
        due.clear();
        setReloading(only);
        // A failure waits for the next change or the five-minute reload.
        await reload(only).catch(() => undefined);
        setReloading([]);
      }, 300);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [widgets, reload]);
  return reloading;
}

/** Whether `root` fills the screen, and a toggle in and out of full screen. */
export function useFullScreen(root: RefObject<HTMLElement | null>): [boolean, () => void] {
  const [full, setFull] = useState(false);
  useEffect(() => {
    const on = () => setFull(document.fullscreenElement === root.current);
    document.addEventListener('fullscreenchange', on);
    return () => document.removeEventListener('fullscreenchange', on);
  }, [root]);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void root.current?.requestFullscreen?.();
  };
  return [full, toggle];
}

/** The organisation filter: the whole company, or one organisation (indented under its parent). */
export function OrgSelect(props: { orgs: DashboardOrg[] | null; value: string; onChange: (value: string) => void; label: string; wholeCompany: string; testId: string; width: number }) {
  return (
    <Select data-testid={props.testId} aria-label={props.label} value={props.value} onChange={(_, d) => props.onChange(d.value)} style={{ width: props.width }}>
      <option value="">{props.wholeCompany}</option>
      {orgOptions(props.orgs ?? []).map((o) => (
        <option key={o.id} value={String(o.id)}>
          {`${'\u3000'.repeat(o.depth)}${o.name}`}
        </option>
      ))}
    </Select>
  );
}

/**
 * A wall's controls, in its header after the page's own heading: the date range, the organisation,
 * the page's own actions, refresh and (on a wall) full screen. Test ids `<ids>-from`, `-to`, `-org`,
 * `-fullscreen`.
 */
export function WallControls(props: {
  ids: string;
  tr: (l: Label | string) => string;
  colours: { text: string; muted: string };
  range: { from: string; to: string };
  onRange: (side: 'from' | 'to', value: string) => void;
  dateWidth?: number;
  orgs: DashboardOrg[] | null;
  org: string;
  onOrg: (value: string) => void;
  orgWidth: number;
  actions?: ReactNode;
  onRefresh: () => void;
  fullScreen?: { full: boolean; toggle: () => void };
}) {
  const { ids, tr, colours, range, onRange, dateWidth, fullScreen } = props;
  const label = { display: 'inline-flex', alignItems: 'center', gap: 6, fontSize: 13, color: colours.muted } as const;
  return (
    <>
      <label style={label}>
        {tr(T.from)}
        <DateBox ariaLabel={tr(T.from)} testId={`${ids}-from`} value={range.from} onChange={(v) => onRange('from', v)} width={dateWidth} />
        {tr(T.to)}
        <DateBox ariaLabel={tr(T.to)} testId={`${ids}-to`} value={range.to} onChange={(v) => onRange('to', v)} width={dateWidth} />
      </label>
      <label style={label}>
        {tr(T.org)}
        <OrgSelect testId={`${ids}-org`} label={tr(T.org)} wholeCompany={tr(T.wholeCompany)} orgs={props.orgs} value={props.org} onChange={props.onOrg} width={props.orgWidth} />
      </label>
      {props.actions}
      <Tooltip content={tr(T.refresh)} relationship="label">
        <Button size="small" appearance="subtle" icon={<ArrowClockwiseRegular />} onClick={props.onRefresh} style={{ color: colours.text }} />
      </Tooltip>
      {fullScreen ? (
        <Tooltip content={tr(fullScreen.full ? T.exitFullscreen : T.fullscreen)} relationship="label">
          <Button data-testid={`${ids}-fullscreen`} size="small" appearance="subtle" icon={fullScreen.full ? <FullScreenMinimizeRegular /> : <FullScreenMaximizeRegular />} onClick={fullScreen.toggle} style={{ color: colours.text }} />
        </Tooltip>
      ) : null}
    </>
  );
}
