import type { FastifyRequest } from 'fastify';
import { validationError } from '../http/errors';
import { parsePaging } from '../http/paging';

/**
 * Reading access-call input. Bodies come form-encoded (spec 7) or as JSON, so a value may be a
 * string, a number, a repeated key (array) or, in JSON, anything. Every reader answers a string or
 * undefined; a value of the wrong shape is a field error (11000), never a crash.
 */
export type Input = Record<string, unknown>;

/** The body merged over the query string (GET calls carry their parameters in the query). */
export function inputOf(req: FastifyRequest): Input {
  const query = req.query && typeof req.query === 'object' ? (req.query as Input) : {};
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) && !Buffer.isBuffer(req.body) ? (req.body as Input) : {};
  return { ...query, ...body };
}

/** Reads a text field. `trim` is off for passwords (spaces are part of a password). */
export function text(input: Input, key: string, options: { trim?: boolean; max?: number } = {}): string | undefined {
  const raw = input[key];
  if (raw === undefined || raw === null) return undefined;
  let value: string;
  if (typeof raw === 'string') value = raw;
  else if (typeof raw === 'number' && Number.isFinite(raw)) value = String(raw);
  else throw validationError({ [key]: { key: 'access.invalidValue' } });
  if (options.trim !== false) value = value.trim();
  if (value.length > (options.max ?? 200)) throw validationError({ [key]: { key: 'rule.maxLength', params: { max: options.max ?? 200 } } });
  return value === '' ? undefined : value;
}

/** The first present key of several spellings (the spec's clients use snake_case or short names). */
export function textOf(input: Input, keys: string[], options: { trim?: boolean; max?: number } = {}): string | undefined {
  for (const key of keys) {
    const v = text(input, key, options);
    if (v !== undefined) return v;
  }
  return undefined;
}

/** A positive integer id (client_id, sign-up id). */
export function intOf(input: Input, key: string): number | undefined {
  const v = text(input, key, { max: 12 });
  if (v === undefined) return undefined;
  if (!/^[1-9]\d{0,9}$/.test(v) || Number(v) > 2147483647) throw validationError({ [key]: { key: 'access.invalidValue' } });
  return Number(v);
}

/** Paging parameters for list calls: page from 1, size 1..100; anything else is a 400 (parsePaging). */
export function pagingOf(input: Input): { page: number; size: number } {
  return parsePaging(text(input, 'page', { max: 20 }), text(input, 'size', { max: 20 }) ?? text(input, 'pageSize', { max: 20 }), { defaultSize: 20, maxSize: 100 });
}
