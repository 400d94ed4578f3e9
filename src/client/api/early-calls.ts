import { readPreference } from '../kernel/storage';

/**
 * The replies of the calls the document asked before the app's code loaded (src/client/early/early-calls.js):
 * a mark on `window` per call, with the address asked, its language, the reply's data (null when it
 * failed) and who asked. The app takes a reply once, and only when it would have asked the same
 * address in the same language; else it asks itself.
 */
export type EarlyCall<T> = { url: string; lang: string; reply: Promise<T | null>; by: 'document' | 'app'; done?: boolean; data?: T | null };
export type EarlyMark = '__profileEarly' | '__towerEarly' | '__tilesEarly';
type Marks = Partial<Record<EarlyMark, EarlyCall<unknown>>>;

const marks = (): Marks => (typeof window === 'undefined' ? {} : (window as unknown as Marks));

/** The language the app's client sends (`x-lang`). */
export const requestLanguage = () => readPreference('language') ?? 'zh-CN';

/** Whether a call has been asked early under `mark` (taken or not). */
export const askedEarly = (mark: EarlyMark): boolean => marks()[mark] !== undefined;

/** Leaves the mark of a call the app itself asked early (so the document's script, if late, asks nothing). */
export function markEarly<T>(mark: EarlyMark, call: Omit<EarlyCall<T>, 'lang'>): void {
  const m = marks();
  if (typeof window !== 'undefined') m[mark] = { ...call, lang: requestLanguage() } as EarlyCall<unknown>;
}

/** The early reply under `mark` when it asked `url` in the app's language, taken once; else null. */
export function takeEarly<T>(mark: EarlyMark, url: string): Promise<T | null> | null {
  const m = marks();
  const early = m[mark] as EarlyCall<T> | undefined;
  if (!early) return null;
  // Taken once: the mark stays (nothing more to give), so no asker asks again.
  m[mark] = { ...early, url: '', reply: Promise.resolve(null) };
  return early.url === url && early.lang === requestLanguage() ? early.reply : null;
}

/**
 * The early reply's data under `mark` when it is already in (the document's script notes it), for a
 * page's first frame: taken once, only when it asked `url` in the app's language and succeeded; else
 * null and the mark is left for `takeEarly`.
 */
export function takeEarlyNow<T>(mark: EarlyMark, url: string): T | null {
  const data = peekEarlyNow<T>(mark, url);
  if (data !== null) dropEarly(mark);
  return data;
}

/**
 * What `takeEarlyNow` would give, without taking it: for a render, which React may run again or throw
 * away before it commits (a render interrupted by another update starts over, and a reply taken in the
 * lost one would be lost). The page takes it once committed (`dropEarly`).
 */
export function peekEarlyNow<T>(mark: EarlyMark, url: string): T | null {
  const early = marks()[mark] as EarlyCall<T> | undefined;
  if (!early?.done || early.data === null || early.data === undefined || early.url !== url || early.lang !== requestLanguage()) return null;
  return early.data;
}

/** The early call under `mark` taken (a page drew its reply): nobody takes it again. */
export function dropEarly(mark: EarlyMark): void {
  const m = marks();
  const early = m[mark];
  if (early) m[mark] = { ...early, url: '', reply: Promise.resolve(null), data: null };
}

/**
 * Resolves once the document's early call under `mark` has answered (at once when there is none or
 * it is in), or when `untilMs` after the navigation's start have passed, whichever is first. A page
 * whose first frame draws that reply (takeEarlyNow) waits for it before it mounts, instead of
 * drawing without it and being pushed about when it comes.
 */
export function earlySettled(mark: EarlyMark, untilMs: number): Promise<void> {
  const early = marks()[mark];
  if (!early || early.done || early.by !== 'document') return Promise.resolve();
  const left = Math.max(0, untilMs - (typeof performance === 'undefined' ? 0 : performance.now()));
  return new Promise<void>((done) => {
    const timer = setTimeout(done, left);
    void early.reply.then(() => {
      clearTimeout(timer);
      done();
    });
  });
}
