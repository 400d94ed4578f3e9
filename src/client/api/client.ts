import { ERROR_CODES } from '../../model/errors/define';
import { readPreference, readStoredSession } from '../kernel/storage';
import type { FailureKind } from './reactions';

/** The server's reply envelope (ARCHITECTURE "The API"). */
export type Envelope<T = unknown> = { code: number; message: string; data: T };

/** Spec 7 / 9: the request timeout is 200000 ms. */
export const REQUEST_TIMEOUT_MS = 200000;
export const OK_CODE = 200;
/** The envelope codes the browser reacts to, from the error table (src/model/errors). */
export const VALIDATION_CODE = ERROR_CODES.validation;
export const STALE_VERSION_CODE = ERROR_CODES.staleVersion;

/**
 * A failed call. `status` is the HTTP status (0 when no response came), `code` and `message` the
 * envelope's, `errors` the per-field messages of a 11000 reply, `network` true for a network error.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    message: string,
    readonly errors: Record<string, string | string[]> | null,
    readonly network: boolean,
    readonly data: unknown = null,
    /** The path called (its entity names the fields of `errors`). */
    readonly path: string = '',
    /** What the call was doing when it was not a save (its toast names that failure, spec 8). */
    readonly failure: FailureKind | null = null,
  ) {
    super(message);
  }
}

/** How a call behaves on failure: `quiet` skips the spec 8 reactions, `failure` names what failed in the toast. */
export type FailureBehaviour = { quiet?: boolean; failure?: FailureKind };

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'DELETE' | 'PUT';
  query?: Record<string, string | number | boolean | null | undefined>;
  /** JSON body (objects), or FormData for uploads. */
  body?: unknown;
  /** Send the token as the `token` query parameter as spec 7 marks some calls. */
  tokenInQuery?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The request outlives the page (a last save while the tab closes). */
  keepalive?: boolean;
  /** Reads the reply's body as JSON in place of `response.json()` (the board's windows: parsed off the main thread). */
  parse?: (response: Response) => Promise<unknown>;
};

/** Hooks the session layer installs: what to do on a 401 and on every failure (toasts, spec 8). */
export const apiHooks: { onUnauthorized: (e: ApiError) => void; onError: (e: ApiError) => void } = {
  onUnauthorized: () => {},
  onError: () => {},
};

function url(path: string, query: RequestOptions['query'], token: string | null): string {
  const u = new URL(path.startsWith('/api') ? path : `/api${path.startsWith('/') ? '' : '/'}${path}`, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) u.searchParams.set(k, String(v));
  if (token) u.searchParams.set('token', token);
  return u.pathname + u.search;
}

/**
 * Calls the API and returns the envelope's data; throws ApiError otherwise (after calling the
 * hooks, so the spec 8 reactions happen in one place). Pass `{ quiet: true }` to skip them.
 */
export async function request<T>(path: string, options: RequestOptions = {}, behaviour: FailureBehaviour = {}): Promise<T> {
  const { token } = readStoredSession();
  const headers: Record<string, string> = { 'x-lang': readPreference('language') ?? 'zh-CN' };
  if (token && !options.tokenInQuery) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  options.signal?.addEventListener('abort', () => controller.abort());
  let response: Response;
  try {
    response = await fetch(url(path, options.query, options.tokenInQuery ? token : null), {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: controller.signal,
      ...(options.keepalive ? { keepalive: true } : {}),
    });
  } catch (e) {
    clearTimeout(timer);
    const aborted = e instanceof DOMException && e.name === 'AbortError' && !options.signal?.aborted;
    const err = new ApiError(0, null, aborted ? 'timeout' : String(e), null, !aborted, null, path, behaviour.failure ?? null);
    if (!behaviour.quiet) apiHooks.onError(err);
    throw err;
  }
  clearTimeout(timer);
  let envelope: Envelope<T> | null = null;
  try {
    envelope = (await (options.parse ? options.parse(response) : response.json())) as Envelope<T>;
  } catch {
    envelope = null;
  }
  if (response.ok && envelope && envelope.code === OK_CODE) return envelope.data;
  const data = envelope?.data as { errors?: Record<string, string | string[]> } | null | undefined;
  const err = new ApiError(response.status, envelope?.code ?? null, envelope?.message ?? '', data?.errors ?? null, false, envelope?.data ?? null, path, behaviour.failure ?? null);
  if (response.status === 401) apiHooks.onUnauthorized(err);
  // A refusal that asks (`needsConfirm`, TransitionDef.ask) is the page's question, not a failure to toast.
  else if (!behaviour.quiet && !(data as { needsConfirm?: boolean } | null)?.needsConfirm) apiHooks.onError(err);
  throw err;
}

export const api = {
  get: <T>(path: string, query?: RequestOptions['query'], behaviour?: FailureBehaviour) => request<T>(path, { method: 'GET', query }, behaviour),
  post: <T>(path: string, body?: unknown, behaviour?: FailureBehaviour) => request<T>(path, { method: 'POST', body: body ?? {} }, behaviour),
};
