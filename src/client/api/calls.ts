import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import { resolveCallPath, type Call, type CallIn, type CallOut, type QueryValue } from '../../model/calls/call';
import { request, type RequestOptions } from './client';
import type { FailureKind } from './reactions';

/**
 * The browser's side of the declared calls (src/model/calls): one function that calls any declared
 * call with its typed input and returns its typed reply, and one swr hook for reads. Components call
 * these with a call of src/model/calls, never with an address.
 */
/** `failure`: what the call does when it is not a save, named by its failure toast (spec 8). */
export type CallBehaviour = { quiet?: boolean; signal?: AbortSignal; timeoutMs?: number; failure?: FailureKind };

function formOf(input: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined || v === null) continue;
    if (v instanceof File) form.append(k, v, v.name);
    else if (v instanceof Blob) form.append(k, v);
    else form.append(k, String(v));
  }
  return form;
}

/** The request one call with one input makes (exported for tests and for links). */
export function requestOf<C extends Call<unknown, unknown>>(call: C, input: CallIn<C>): { path: string; options: RequestOptions } {
  const { path, rest } = resolveCallPath(call.path, (input ?? undefined) as Record<string, unknown> | undefined);
  if (call.body === 'query') return { path, options: { method: call.method, query: rest as Record<string, QueryValue> } };
  if (call.body === 'form') return { path, options: { method: call.method, body: formOf(rest) } };
  return { path, options: { method: call.method, body: rest } };
}

/** The address the app's client asks for one call with one input (`/api` + path + the query in its order): what an early call must ask to be taken (api/early-calls.ts). */
export function addressOf<C extends Call<unknown, unknown>>(call: C, input: CallIn<C>): string {
  const { path, options } = requestOf(call, input);
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined && v !== null) params.set(k, String(v));
  return `/api${path}?${params.toString()}`;
}

/** Calls a declared call; the reply's data, typed, or an ApiError (spec 8 reactions run unless quiet). */
export function callApi<C extends Call<unknown, unknown>>(call: C, ...args: CallIn<C> extends void ? [input?: undefined, behaviour?: CallBehaviour] : [input: CallIn<C>, behaviour?: CallBehaviour]): Promise<CallOut<C>> {
  const [input, behaviour = {}] = args as [CallIn<C>, CallBehaviour | undefined];
  const { path, options } = requestOf(call, input);
  return request<CallOut<C>>(path, { ...options, signal: behaviour.signal, timeoutMs: behaviour.timeoutMs }, { quiet: behaviour.quiet, failure: behaviour.failure });
}

/**
 * swr over a declared read. `input` null means "not now" (nothing is fetched: a dependent read whose
 * key is not known yet). The cache key is the call's path and its input, so two components reading
 * the same call with the same input share one request and one cached reply; `mutateCall` refreshes it.
 */
export function useCall<C extends Call<unknown, unknown>>(call: C, input: CallIn<C> | null, options: SWRConfiguration<CallOut<C>> & { quiet?: boolean } = {}): SWRResponse<CallOut<C>> {
  const { quiet, ...swr } = options;
  return useSWR<CallOut<C>>(input === null ? null : callKey(call, input), () => callApi(call, ...([input, { quiet }] as never)), swr);
}

/** The swr key of one call and input (for `mutate` after a write). */
export function callKey<C extends Call<unknown, unknown>>(call: C, input: CallIn<C>): readonly [string, string, string] {
  return ['call', call.path, JSON.stringify(input ?? {})] as const;
}
