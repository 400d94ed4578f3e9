/**
 * The declared calls of the API (issue 30): one typed descriptor per call, shared by the server,
 * which serves it (`serveCall`, src/server/http/calls.ts), and the browser, which calls it
 * (`callApi` / `useCall`, src/client/api/calls.ts). A call's request and reply types live here, once;
 * a component never writes an API address.
 *
 * Example:
 * ```ts
 * // src/model/calls/tickets.ts
 * export const ticketCalls = {
 *   byDocument: getCall<{ doc_type: string; doc_id: number }, { rows: Ticket[] }>('/crossapi/ticketapi/ticket/by-doc'),
 *   move: postCall<{ action: 'close' | 'finish'; id: number; version: number }, Ticket>('/crossapi/ticketapi/ticket/:action'),
 * };
 * // server: serveCall(app, ticketCalls.byDocument, guard, async (req) => ticketsOfDocument(...));
 * // browser: const { data } = useCall(ticketCalls.byDocument, { doc_type, doc_id }); await callApi(ticketCalls.move, { action: 'close', id, version });
 * ```
 *
 * A path may hold `:name` segments (Fastify's syntax): the browser fills them from the input's
 * fields of that name, which are then not sent again in the query or body.
 *
 * A call may declare its input's shape (`{ input: is.object({...}) }`, src/model/calls/input-shape.ts):
 * the server then reads the input by it before the handler runs and refuses anything else with 400,
 * under the call's `refuse` error (one whose text has a `{{reason}}`) or `err.badInput`.
 */
import type { ErrorKey, ErrorParams } from '../errors';
import type { Reader } from './input-shape';

export type CallMethod = 'GET' | 'POST' | 'DELETE';

/** How the input travels: as the query (GET, DELETE), a JSON body (POST) or a multipart form (uploads). */
export type CallBody = 'query' | 'json' | 'form';

export type Call<In, Out> = {
  readonly method: CallMethod;
  /** The address under `/api`, as the server registers it. */
  readonly path: string;
  readonly body: CallBody;
  /** The input's shape, read by the server before the handler (see above). */
  readonly input?: Reader<In>;
  /** The refusal of an input that does not hold its shape (default `err.badInput`). */
  readonly refuse?: ReasonErrorKey;
  /** Phantom fields carrying the types; never set at run time. */
  readonly __in?: In;
  readonly __out?: Out;
};

/** The errors whose only parameter is `reason`: a call's refusal of a bad input. */
export type ReasonErrorKey = { [K in ErrorKey]: [keyof ErrorParams<K>] extends ['reason'] ? K : never }[ErrorKey];

/** What a declaration may add to its address: the input's shape and its refusal. */
export type CallShape<In> = { input: Reader<In>; refuse?: ReasonErrorKey };

/** A call with a declared input shape: its handler gets the input read by it. */
export type ShapedCall<In, Out> = Call<In, Out> & { readonly input: Reader<In> };

/** What a call's handler gets as input: the read input of a shaped call, else the untrusted query or body. */
export type HandlerInput<C> = C extends { readonly input: Reader<infer In> } ? In : Record<string, unknown>;

/** The input of a call (what `callApi` takes). */
export type CallIn<C> = C extends Call<infer In, unknown> ? In : never;
/** The reply's data of a call (the envelope's `data`). */
export type CallOut<C> = C extends Call<unknown, infer Out> ? Out : never;

/** A query value as it travels in an address. */
export type QueryValue = string | number | boolean | null | undefined;

/** Reads: the input travels as the query string. */
export function getCall<In extends Record<string, QueryValue> | void = void, Out = unknown>(path: string): Call<In, Out>;
export function getCall<In extends Record<string, QueryValue> | void = void, Out = unknown>(path: string, shape: CallShape<In>): ShapedCall<In, Out>;
export function getCall<In extends Record<string, QueryValue> | void = void, Out = unknown>(path: string, shape?: CallShape<In>): Call<In, Out> {
  return { method: 'GET', path, body: 'query', ...shape };
}

/** Writes: the input travels as a JSON body. */
export function postCall<In extends object | void = void, Out = unknown>(path: string): Call<In, Out>;
export function postCall<In extends object | void = void, Out = unknown>(path: string, shape: CallShape<In>): ShapedCall<In, Out>;
export function postCall<In extends object | void = void, Out = unknown>(path: string, shape?: CallShape<In>): Call<In, Out> {
  return { method: 'POST', path, body: 'json', ...shape };
}

/** Removals addressed by query (`DELETE ...?id=`). */
export function deleteCall<In extends Record<string, QueryValue>, Out = unknown>(path: string): Call<In, Out>;
export function deleteCall<In extends Record<string, QueryValue>, Out = unknown>(path: string, shape: CallShape<In>): ShapedCall<In, Out>;
export function deleteCall<In extends Record<string, QueryValue>, Out = unknown>(path: string, shape?: CallShape<In>): Call<In, Out> {
  return { method: 'DELETE', path, body: 'query', ...shape };
}

/** Uploads: the input's fields travel as a multipart form (a File or Blob under its field name). */
export function uploadCall<In extends Record<string, Blob | string | number>, Out = unknown>(path: string): Call<In, Out> {
  return { method: 'POST', path, body: 'form' };
}

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** The names of a path's `:name` segments. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(PARAM)].map((m) => m[1]);
}

/**
 * The address of one call for one input, and the input left once the path's segments took their
 * fields. A missing or empty segment value is a programming error: it throws rather than call a
 * wrong address.
 */
export function resolveCallPath(path: string, input: Record<string, unknown> | undefined): { path: string; rest: Record<string, unknown> } {
  const rest: Record<string, unknown> = { ...(input ?? {}) };
  const resolved = path.replace(PARAM, (_m, name: string) => {
    const v = rest[name];
    if (v === undefined || v === null || v === '') throw new Error(`call ${path}: no value for :${name}`);
    delete rest[name];
    return encodeURIComponent(String(v));
  });
  return { path: resolved, rest };
}
