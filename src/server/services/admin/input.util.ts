import { validationError } from '../../http/errors';
import type { Input } from '../../access/input.util';

/**
 * A list value of an admin call: a JSON array, a JSON array sent as text (spec 7: form bodies send
 * lists as JSON text, empty lists as empty strings) or a repeated form key.
 */
export function listOf(input: Input, key: string, max = 500): unknown[] {
  const raw = input[key];
  if (raw === undefined || raw === null || raw === '') return [];
  if (Array.isArray(raw)) {
    if (raw.length > max) throw validationError({ [key]: { key: 'access.invalidValue' } });
    return raw;
  }
  if (typeof raw === 'string') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = raw.split(',').map((s) => s.trim()).filter(Boolean);
    }
    if (Array.isArray(parsed) && parsed.length <= max) return parsed;
  }
  throw validationError({ [key]: { key: 'access.invalidValue' } });
}

/** A positive integer (ids, versions) or undefined; anything else is a field error. */
export function idOf(input: Input, key: string): number | undefined {
  const raw = Array.isArray(input[key]) ? (input[key] as unknown[]).at(-1) : input[key];
  if (raw === undefined || raw === null || raw === '') return undefined;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(n) || n <= 0 || n > 2147483647) throw validationError({ [key]: { key: 'access.invalidValue' } });
  return n;
}

/** A boolean flag from JSON or a form body ('1', 'true', 'on'). */
export function flagOf(input: Input, key: string): boolean | undefined {
  const raw = input[key];
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw === 'boolean') return raw;
  if (raw === 1 || raw === '1' || raw === 'true' || raw === 'on') return true;
  if (raw === 0 || raw === '0' || raw === 'false' || raw === 'off') return false;
  throw validationError({ [key]: { key: 'access.invalidValue' } });
}
