/**
 * Runs `fn` once the browser is idle, at most `timeoutMs` later (`requestIdleCallback`); where the
 * browser has none, after `fallbackMs`. Returns the function that cancels it (a no-op once it ran).
 *
 * Example: `useEffect(() => whenIdle(() => void load(), 1000), [load]);`
 */
export function whenIdle(fn: () => void, timeoutMs: number, fallbackMs = 0): () => void {
  const w = (typeof window === 'undefined' ? {} : window) as {
    requestIdleCallback?: (cb: () => void, o: { timeout: number }) => number;
    cancelIdleCallback?: (id: number) => void;
  };
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const id = w.requestIdleCallback(fn, { timeout: timeoutMs });
    return () => w.cancelIdleCallback!(id);
  }
  const t = setTimeout(fn, fallbackMs);
  return () => clearTimeout(t);
}
