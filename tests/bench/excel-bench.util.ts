import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

/** Shared set-up of the Excel benchmarks (B2, B3, B13): their files' folder; an app per database (bench-databases.util.ts). */
export const BENCH_DIR = resolve('.tmp/bench-excel');
mkdirSync(BENCH_DIR, { recursive: true });
export { benchDatabases, type BenchDb } from './bench-databases.util';

/** Samples the process RSS every 20 ms while `work` runs; returns its result, time and peak RSS. */
export async function measure<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; peakRss: number; startRss: number }> {
  const startRss = process.memoryUsage().rss;
  let peakRss = startRss;
  const timer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
  const t0 = performance.now();
  try {
    const value = await work();
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    return { value, ms: performance.now() - t0, peakRss, startRss };
  } finally {
    clearInterval(timer);
  }
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
export const gc = () => (globalThis as { gc?: () => void }).gc?.();
