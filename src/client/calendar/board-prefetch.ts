/**
 * The board's first reads, started as soon as its route matches (routes.tsx), while the board's code is
 * still loading: the frame (the range's days and lines, no bar) and the windows of the first view (the
 * first lines over the first days, board-windows.ts). The page then takes the reads under way instead
 * of asking again once it has rendered (B5 first usable). Kept small: it sits in the shell's chunk.
 */
import { boardFromWindow, type BoardWindow, type BoardWindowQuery, type BoardWindowRead } from '../../model/board-window';
import type { BoardData } from '../../model/schedule-board';
import { api, request } from '../api/client';
import { parseOffThread, startParser } from './board-window-parse';
import { FIRST_SPAN, requestRange, requestsFor, tilesFor, type WindowRequest } from './board-windows';

type Query = Omit<BoardWindowQuery, 'frame'>;

/** The whole board of a range in one read (the live bars under a scenario). `lines` narrows it to those lines. */
export function readBoard(path: string, q: Query): Promise<BoardData> {
  return api.get<BoardWindow>(path, q, { quiet: true }).then(boardFromWindow);
}

/** The board's frame: the range's days and the lines, no bar (`frame=1`). */
export function readFrame(path: string, q: Query): Promise<BoardWindow> {
  return api.get<BoardWindow>(path, { ...q, frame: '1' }, { quiet: true });
}

/**
 * One window of the board (a block of lines over a run of days), cancellable; its reply parsed off the
 * main thread, but for the first view's (`onPage`), which nothing is drawing beside and which need not
 * wait for the worker to start.
 */
export function readWindow(path: string, q: Query, signal?: AbortSignal, onPage = false): Promise<BoardWindowRead> {
  return request<BoardWindowRead>(path, { method: 'GET', query: q, signal, ...(onPage ? {} : { parse: parseOffThread }) }, { quiet: true });
}

/** A read older than this is not taken: the page reads again. */
const FRESH_MS = 15_000;
/** Days the board shows (issue 31: a group's board over two years): from a week back. */
export const BOARD_DAYS = 731;

const dayFrom = (now: Date, n: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + n)).toISOString().slice(0, 10);

/** The board page's range: a week back and two years on from today (UTC dates, as the server's). */
export function boardRange(now = new Date()): { from: string; to: string } {
  return { from: dayFrom(now, -7), to: dayFrom(now, BOARD_DAYS - 8) };
}

/** The planning horizon (a week back, 120 days on): what the Excel export and auto-schedule take by default. */
export function horizonRange(now = new Date()): { from: string; to: string } {
  return { from: dayFrom(now, -7), to: dayFrom(now, 120) };
}

export type FirstReads = { frame: Promise<BoardWindow>; first: Promise<{ req: WindowRequest; reply: Promise<BoardWindowRead> }[]> };

/** The frame and, once it is read, the first view's windows of a range. */
export function firstReads(path: string, q: Query): FirstReads {
  const frame = readFrame(path, q);
  // The parser of the windows after the first view starts while the frame is read.
  startParser();
  const first = frame.then((f) => {
    const bounds = { days: f.days.length, lines: f.lines.length };
    const ids = f.lines.map((l) => l.id);
    return requestsFor(tilesFor(FIRST_SPAN, bounds), bounds, ids).map((req) => {
      const reply = readWindow(path, { ...q, ...requestRange(f, req), lines: req.lineIds.join(',') }, undefined, true);
      reply.catch(() => undefined);
      return { req, reply };
    });
  });
  frame.catch(() => undefined);
  first.catch(() => undefined);
  return { frame, first };
}

let pending: { key: string; at: number; reads: FirstReads } | null = null;

const keyOf = (path: string, range: { from: string; to: string }) => `${path}?${range.from}..${range.to}`;

/** Starts the live board's first reads of the default range; a failure is left for the page's own read to show. */
export function prefetchBoard(path: string): void {
  const range = boardRange();
  pending = { key: keyOf(path, range), at: Date.now(), reads: firstReads(path, range) };
}

/** The prefetched reads of exactly this path and range, once; null when there are none or they are stale. */
export function takePrefetchedBoard(path: string, range: { from: string; to: string }): FirstReads | null {
  const p = pending;
  pending = null;
  if (!p || p.key !== keyOf(path, range) || Date.now() - p.at > FRESH_MS) return null;
  return p.reads;
}
