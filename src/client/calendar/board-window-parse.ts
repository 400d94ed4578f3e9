/**
 * A window reply's body parsed in a worker (board-window.worker.ts), so the main thread of a scrolling
 * board only takes the parsed value; `response.json()` where no worker can run (unit tests in Node, a
 * browser refusing it). One worker for the page, started by the board's first reads (board-prefetch.ts)
 * so that it is up before the first window's reply comes.
 *
 * Example: `request(path, { query, parse: parseOffThread })`
 */
type Waiting = { ok: (v: unknown) => void; fail: (e: Error) => void };

let worker: Worker | null = null;
let broken = false;
let next = 1;
const waiting = new Map<number, Waiting>();

/** The page's parser worker, started once; null where workers cannot run. */
export function startParser(): Worker | null {
  if (worker || broken) return worker;
  if (typeof Worker === 'undefined' || typeof TextDecoder === 'undefined') {
    broken = true;
    return null;
  }
  try {
    worker = new Worker(new URL('./board-window.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    broken = true;
    return null;
  }
  worker.onmessage = (e: MessageEvent<{ id: number; value?: unknown; error?: string }>) => {
    const w = waiting.get(e.data.id);
    waiting.delete(e.data.id);
    if (!w) return;
    if (e.data.error !== undefined) w.fail(new SyntaxError(e.data.error));
    else w.ok(e.data.value);
  };
  // A worker that fails to start or dies: the replies it holds fail (the reader asks again), the next ones are parsed here.
  worker.onerror = () => {
    broken = true;
    worker = null;
    for (const w of waiting.values()) w.fail(new Error('the window parser stopped'));
    waiting.clear();
  };
  return worker;
}

/** The body of a reply as JSON, parsed in the worker when there is one (its bytes transferred to it). */
export async function parseOffThread(response: Response): Promise<unknown> {
  const w = startParser();
  if (!w) return response.json();
  const body = await response.arrayBuffer();
  const id = next++;
  return new Promise((ok, fail) => {
    waiting.set(id, { ok, fail });
    w.postMessage({ id, body }, [body]);
  });
}
