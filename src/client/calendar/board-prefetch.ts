/**
 * The board's first read, started as soon as its route matches (routes.tsx), while the board's code is
 * still loading: the page then takes the read under way instead of asking again once it has rendered.
 * This overlaps the largest read of the product with the route's chunk download (B5 first paint).
 * Kept tiny and free of the board's own modules: it sits in the shell's chunk.
 */
import { boardFromWindow, type BoardWindow } from '../../model/board-window';
import type { BoardData } from '../../model/schedule-board';
import { api } from '../api/client';

/**
 * The board's read of a range: the window read's columns (src/model/board-window.ts) decoded into the
 * board's data. `lines` narrows it to those lines (a report's drill-down to one line).
 */
export function readBoard(path: string, q: { from: string; to: string; scenario?: number; lines?: string }): Promise<BoardData> {
  return api.get<BoardWindow>(path, q, { quiet: true }).then(boardFromWindow);
}

/** A read older than this is not taken: the page reads again. */
const FRESH_MS = 15_000;

/** The board page's range: a week back and 120 days on from today (UTC dates, as the server's). */
export function boardRange(now = new Date()): { from: string; to: string } {
  const day = (n: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + n)).toISOString().slice(0, 10);
  return { from: day(-7), to: day(120) };
}

let pending: { key: string; at: number; read: Promise<BoardData> } | null = null;

const keyOf = (path: string, range: { from: string; to: string }) => `${path}?${range.from}..${range.to}`;

/** Starts the live board's read of the default range; a failure is left for the page's own read to show. */
export function prefetchBoard(path: string): void {
  const range = boardRange();
  const read = readBoard(path, range);
  read.catch(() => undefined);
  pending = { key: keyOf(path, range), at: Date.now(), read };
}

/** The prefetched read of exactly this path and range, once; null when there is none or it is stale. */
export function takePrefetchedBoard(path: string, range: { from: string; to: string }): Promise<BoardData> | null {
  const p = pending;
  pending = null;
  if (!p || p.key !== keyOf(path, range) || Date.now() - p.at > FRESH_MS) return null;
  return p.read;
}
