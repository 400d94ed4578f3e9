import { forwardRef, useEffect, useImperativeHandle, useLayoutEffect, useRef, type CSSProperties } from 'react';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';

type EChartsCore = { init: (el: HTMLElement, theme?: string | object | null, opts?: { renderer?: 'canvas' | 'svg'; width?: number; height?: number }) => EChartsType };
/** An event's handler: ECharts hands each event its own parameter shape, which the handler names. */
type EventHandler = (params: never) => void;
type Listener = (params: unknown) => void;

/** What a parent may ask of a drawn chart (the report page's PNG download). */
export type EChartHandle = { getEchartsInstance: () => EChartsType | undefined };

export type EChartProps = {
  /** The `echarts/core` module with the charts and components this chart uses registered. */
  echarts: EChartsCore;
  option: object;
  /** Replace the previous option instead of merging into it (a new data set, not an edit). */
  notMerge?: boolean;
  opts?: { renderer?: 'canvas' | 'svg' };
  onEvents?: Record<string, EventHandler>;
  style?: CSSProperties;
  className?: string;
  testId?: string;
};

/** A chart waiting for its instance: measured with the others of its commit, then drawn. */
type Waiting = { el: HTMLElement; start: (size: { width: number; height: number }) => void; gone: boolean };

const waiting: Waiting[] = [];

/**
 * Starts every chart mounted in one commit together, after the commit: every box measured first (one
 * layout for all), then each instance created at its known size and drawn (no DOM read in between,
 * so the browser lays the page out once, not once per chart).
 */
function startWhenCommitted(w: Waiting): void {
  waiting.push(w);
  if (waiting.length > 1) return;
  queueMicrotask(() => {
    const batch = waiting.splice(0).filter((x) => !x.gone);
    const sizes = batch.map((x) => ({ width: x.el.clientWidth, height: x.el.clientHeight }));
    batch.forEach((x, i) => x.start(sizes[i]!));
  });
}

/** The page's own font (index.html's body), read once: a chart's words drawn in it, as the page's are. */
let font: string | undefined;
function pageFont(): string {
  font ??= typeof document === 'undefined' ? 'sans-serif' : getComputedStyle(document.body).fontFamily || 'sans-serif';
  return font;
}

/**
 * The option with the page's font as every text's default, unless it names its own. ECharts' default,
 * `sans-serif`, makes the browser look up a fallback font for each new Chinese word on the canvas;
 * the page's font list names the Chinese fonts, so the words are measured in the first.
 */
function withPageFont(option: object): EChartsCoreOption {
  const o = option as EChartsCoreOption & { textStyle?: { fontFamily?: string } };
  return o.textStyle?.fontFamily ? o : { ...o, textStyle: { ...o.textStyle, fontFamily: pageFont() } };
}

/** One observer for every chart's box: a chart is resized when its box is, never polled. */
const resized = new Map<Element, (width: number, height: number) => void>();
let observer: ResizeObserver | undefined;
function observeSize(el: HTMLElement, onSize: (width: number, height: number) => void): () => void {
  if (typeof ResizeObserver !== 'function') return () => undefined;
  observer ??= new ResizeObserver((entries) => {
    for (const e of entries) resized.get(e.target)?.(Math.round(e.contentRect.width), Math.round(e.contentRect.height));
  });
  resized.set(el, onSize);
  observer.observe(el);
  return () => {
    resized.delete(el);
    observer?.unobserve(el);
  };
}

/**
 * One ECharts instance in a box (the product's own binding; docs/architecture.md "Browser"): created
 * once, at the box's size measured with the other charts of the same commit; the option set on it
 * (merged, or replaced with `notMerge`) whenever it changes; the events bound to the current
 * handlers; resized with its box; disposed with the component.
 *
 * Example: `<EChart echarts={echarts} option={option} notMerge style={{ height: 240 }} onEvents={{ click }} />`.
 */
export const EChart = forwardRef<EChartHandle, EChartProps>(function EChart({ echarts, option, notMerge = false, opts, onEvents, style, className, testId }, ref) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | undefined>(undefined);
  const latest = useRef({ option, notMerge, onEvents });
  latest.current = { option, notMerge, onEvents };
  const bound = useRef<Record<string, EventHandler>>({});
  const renderer = opts?.renderer ?? 'canvas';
  useImperativeHandle(ref, () => ({ getEchartsInstance: () => chart.current }), []);

  const bind = (c: EChartsType, events: Record<string, EventHandler> | undefined) => {
    for (const [name, fn] of Object.entries(bound.current)) c.off(name, fn as Listener);
    bound.current = { ...(events ?? {}) };
    for (const [name, fn] of Object.entries(bound.current)) c.on(name, fn as Listener);
  };

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    let size = { width: 0, height: 0 };
    const w: Waiting = {
      el,
      gone: false,
      start: (s) => {
        size = s;
        const c = echarts.init(el, null, { renderer, width: s.width, height: s.height });
        chart.current = c;
        c.setOption(withPageFont(latest.current.option), { notMerge: true });
        bind(c, latest.current.onEvents);
      },
    };
    startWhenCommitted(w);
    const unobserve = observeSize(el, (width, height) => {
      if (!chart.current || (width === size.width && height === size.height)) return;
      size = { width, height };
      chart.current.resize({ width, height });
    });
    return () => {
      w.gone = true;
      unobserve();
      chart.current?.dispose();
      chart.current = undefined;
    };
  }, [echarts, renderer]);

  // A later option (the first is set when the instance starts).
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    chart.current?.setOption(withPageFont(option), { notMerge });
  }, [option, notMerge]);

  useEffect(() => {
    if (chart.current) bind(chart.current, onEvents);
  }, [onEvents]);

  return <div ref={box} className={className} data-testid={testId} style={{ height: 300, ...style }} />;
});
