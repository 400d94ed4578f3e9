/**
 * Input shapes of the declared calls (issue 30): what a call accepts, declared once beside its types
 * and read by the server before the handler runs (`serveMenuCall`), so a handler gets its input
 * checked and typed instead of parsing an untrusted body itself. A reader's result type is the
 * call's input type: `postCall<In, Out>(path, { input })` takes only a reader of an `In`.
 *
 * A reader keeps the fields it declares and drops the rest. The first field that does not hold
 * refuses the call with 400 and a reason naming it (`move.start: a date YYYY-MM-DD`), under the
 * call's own error (`refuse`) or `err.badInput`. A list of ids longer than MAX_IDS_PER_CALL is
 * refused with `res.tooManyIds` before any entry is read, as every bulk call is (src/server/http/id-list.ts).
 *
 * Example:
 * ```ts
 * const move = is.object({ bar_id: is.id, version: is.int, start: is.date, push: is.optional(is.bool) });
 * const command = is.tagged('op', { move, lock: is.object({ bar_id: is.id, version: is.int }) });
 * readInput(command, { op: 'lock', bar_id: 7, version: 2 }); // { ok: true, value: { op: 'lock', bar_id: 7, version: 2 } }
 * readInput(command, { op: 'lock', bar_id: 0 });             // { ok: false, reason: 'lock.bar_id: an id' }
 * ```
 */

/** How many ids one call may name: a longer list is refused, not half done. */
export const MAX_IDS_PER_CALL = 1000;

/** A call's own refusal of a field (its error key and parameters), where a call answers one per field. */
export type FieldRefusal = { key: string; params?: Record<string, unknown> };

/** Why a value does not hold: where (a dotted path), what was expected there and, when declared, the call's own refusal. */
export type InputMiss = { at: string; expected: string; tooMany?: boolean; refusal?: FieldRefusal };

/** Reads one value: its typed form, or a miss. */
export type Reader<T> = { readonly expected: string; read(value: unknown, at: string): T | Missed };

/** The type a reader gives. */
export type ReadOf<R> = R extends Reader<infer T> ? T : never;

class Missed {
  constructor(readonly miss: InputMiss) {}
}

const miss = (at: string, expected: string, tooMany?: boolean): Missed => new Missed({ at, expected, ...(tooMany ? { tooMany } : {}) });
const isMissed = (v: unknown): v is Missed => v instanceof Missed;
const under = (at: string, key: string | number): string => (at ? `${at}.${key}` : String(key));

function reader<T>(expected: string, accept: (v: unknown) => v is T): Reader<T> {
  return { expected, read: (v, at) => (accept(v) ? v : miss(at, expected)) };
}

/** A real calendar day written YYYY-MM-DD. */
export function isDay(v: unknown): v is string {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** The entries of a list as a body or a query sends it: a list, JSON text of a list, comma-separated text, or one value. */
export function listEntries(raw: unknown): unknown[] {
  let v = raw;
  if (typeof v === 'string' && v.trim().startsWith('[')) {
    try {
      v = JSON.parse(v);
    } catch {
      v = null;
    }
  }
  return Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : v === undefined || v === null ? [] : [v];
}

/** One id: a positive whole number (as a number or plain decimal text) up to `maxId`, else null. */
export function idEntry(raw: unknown, maxId: number = Number.MAX_SAFE_INTEGER): number | null {
  const v = typeof raw === 'string' ? raw.trim() : raw;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 && n <= maxId ? n : null;
}

type Fields = Record<string, Reader<unknown>>;
/** Keys whose reader may give `undefined` are optional in the result. */
type OptionalKeys<S extends Fields> = { [K in keyof S]: undefined extends ReadOf<S[K]> ? K : never }[keyof S];
type ObjectOf<S extends Fields> = { [K in Exclude<keyof S, OptionalKeys<S>>]: ReadOf<S[K]> } & { [K in OptionalKeys<S>]?: Exclude<ReadOf<S[K]>, undefined> };
type Flat<T> = { [K in keyof T]: T[K] } & {};

export const is = {
  /** A positive whole number. */
  id: reader('an id', (v): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0),
  /** An id as a query string carries it too: a positive whole number, or plain decimal text of one. */
  queryId: { expected: 'an id', read: (v, at) => idEntry(v) ?? miss(at, 'an id') } as Reader<number>,
  /** A finite number. */
  number: reader('a number', (v): v is number => typeof v === 'number' && Number.isFinite(v)),
  /** A whole number. */
  int: reader('a whole number', (v): v is number => typeof v === 'number' && Number.isSafeInteger(v)),
  /** A real day, YYYY-MM-DD. */
  date: reader('a date YYYY-MM-DD', isDay),
  bool: reader('true or false', (v): v is boolean => typeof v === 'boolean'),
  /**
   * A record's field as a save's body carries it: text, a number, or null (emptied); absent, it is
   * left out. Its rules are the field's own, run by the writer (11000 under the field).
   */
  fieldValue: {
    expected: 'text, a number or null',
    read: (v, at) => (v === undefined || v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)) ? v : miss(at, 'text, a number or null')),
  } as Reader<string | number | null | undefined>,

  /** Absent, null or empty text reads as undefined (the field is left out of the result). */
  optional<T>(r: Reader<T>): Reader<T | undefined> {
    return { expected: `${r.expected} or nothing`, read: (v, at) => (v === undefined || v === null || v === '' ? undefined : r.read(v, at)) };
  },

  /** Absent, null or empty text reads as null (the field is kept, as null). */
  nullable<T>(r: Reader<T>): Reader<T | null> {
    return { expected: `${r.expected} or null`, read: (v, at) => (v === undefined || v === null || v === '' ? null : r.read(v, at)) };
  },

  /** Null or empty text reads as null; absent is refused (a field that must be sent, null meaning "none"). */
  orNull<T>(r: Reader<T>): Reader<T | null> {
    return { expected: `${r.expected} or null`, read: (v, at) => (v === null || v === '' ? null : v === undefined ? miss(at, `${r.expected} or null`) : r.read(v, at)) };
  },

  /** Absent or null reads as undefined (left out); anything else, empty text too, is read by `r`. */
  present<T>(r: Reader<T>): Reader<T | undefined> {
    return { expected: `${r.expected} or nothing`, read: (v, at) => (v === undefined || v === null ? undefined : r.read(v, at)) };
  },

  /** Text matching `pattern` as sent (not trimmed). */
  matching(pattern: RegExp, expected: string): Reader<string> {
    return reader(expected, (v): v is string => typeof v === 'string' && pattern.test(v));
  },

  /** A number or true/false read as its text (a form body and a JSON body send a code either way), then by `r`. */
  asText<T>(r: Reader<T>): Reader<T> {
    return { expected: r.expected, read: (v, at) => r.read(typeof v === 'number' || typeof v === 'boolean' ? String(v) : v, at) };
  },

  /** Yes or no as a JSON or a form body sends it: true/false, 'true'/'false', 1/0 or '1'/'0'. */
  flag: {
    expected: 'true or false',
    read: (v, at) => ([true, 'true', '1', 1].includes(v as never) ? true : [false, 'false', '0', 0].includes(v as never) ? false : miss(at, 'true or false')),
  } as Reader<boolean>,

  /**
   * Codes as a body sends a list: a list, JSON text of one, or comma-separated text (empty text is the
   * empty list); each text matching `pattern`, a repeated one kept once. More than `max` is refused
   * first, with `tooMany` (the call's own refusal) when given.
   */
  codes(pattern: RegExp, max: number, tooMany?: FieldRefusal): Reader<string[]> {
    const expected = `at most ${max} codes`;
    return {
      expected,
      read: (v, at) => {
        let list: unknown = v;
        if (typeof v === 'string') {
          const text = v.trim();
          if (!text.startsWith('[')) list = text.split(',').map((c) => c.trim()).filter(Boolean);
          else {
            try {
              list = JSON.parse(text);
            } catch {
              return miss(at, expected);
            }
          }
        }
        if (!Array.isArray(list)) return miss(at, expected);
        if (list.length > max) return new Missed({ at, expected, ...(tooMany ? { refusal: tooMany } : {}) });
        if (list.some((c) => typeof c !== 'string' || !pattern.test(c))) return miss(at, expected);
        return [...new Set(list as string[])];
      },
    };
  },

  /** One of these texts. */
  oneOf<const V extends readonly string[]>(...values: V): Reader<V[number]> {
    return reader(values.join(' | '), (v): v is V[number] => typeof v === 'string' && values.includes(v));
  },

  /** Text, trimmed, of at most `max` characters once trimmed. */
  text(max: number): Reader<string> {
    const expected = `text of at most ${max} characters`;
    return { expected, read: (v, at) => (typeof v === 'string' && v.trim().length <= max ? v.trim() : miss(at, expected)) };
  },

  /** Only the values of `r` for which `holds` is true; `expected` says what that means. */
  check<T>(r: Reader<T>, holds: (value: T) => boolean, expected: string): Reader<T> {
    return {
      expected,
      read: (v, at) => {
        const got = r.read(v, at);
        return isMissed(got) || holds(got) ? got : miss(at, expected);
      },
    };
  },

  /** JSON text of a value read by `r`, or that value itself (a form body carries a list as JSON text). */
  json<T>(r: Reader<T>): Reader<T> {
    return {
      expected: r.expected,
      read: (v, at) => {
        if (typeof v !== 'string') return r.read(v, at);
        try {
          return r.read(JSON.parse(v), at);
        } catch {
          return miss(at, r.expected);
        }
      },
    };
  },

  /** A list of `min` to `max` entries, each read by `r`. */
  list<T>(r: Reader<T>, bounds: { min?: number; max: number }): Reader<T[]> {
    const min = bounds.min ?? 0;
    const expected = `a list of ${min} to ${bounds.max} (${r.expected})`;
    return {
      expected,
      read: (v, at) => {
        if (!Array.isArray(v) || v.length < min || v.length > bounds.max) return miss(at, expected);
        const out: T[] = [];
        for (let i = 0; i < v.length; i++) {
          const got = r.read(v[i], under(at, i));
          if (isMissed(got)) return got;
          out.push(got);
        }
        return out;
      },
    };
  },

  /**
   * Ids as every bulk call reads them (a list, JSON text of one, or comma-separated text; an entry a
   * number or plain decimal text), `min` to `max` of them and, with `distinct`, no id twice. More
   * than MAX_IDS_PER_CALL is refused first, as too many.
   */
  ids(bounds: { min?: number; max?: number; distinct?: boolean } = {}): Reader<number[]> {
    const min = bounds.min ?? 0;
    const max = Math.min(bounds.max ?? MAX_IDS_PER_CALL, MAX_IDS_PER_CALL);
    const expected = `${min} to ${max}${bounds.distinct ? ' distinct' : ''} ids`;
    return {
      expected,
      read: (v, at) => {
        const entries = listEntries(v);
        if (entries.length > MAX_IDS_PER_CALL) return miss(at, expected, true);
        const ids = entries.map((e) => idEntry(e));
        if (ids.some((id) => id === null) || ids.length < min || ids.length > max) return miss(at, expected);
        if (bounds.distinct && new Set(ids).size !== ids.length) return miss(at, expected);
        return ids as number[];
      },
    };
  },

  /** An object with these fields (others are dropped). */
  object<S extends Fields>(fields: S): Reader<Flat<ObjectOf<S>>> {
    const expected = `{ ${Object.keys(fields).join(', ')} }`;
    return {
      expected,
      read: (v, at) => {
        if (!v || typeof v !== 'object' || Array.isArray(v)) return miss(at, expected);
        const out: Record<string, unknown> = {};
        for (const [key, r] of Object.entries(fields)) {
          const got = r.read((v as Record<string, unknown>)[key], under(at, key));
          if (isMissed(got)) return got;
          if (got !== undefined) out[key] = got;
        }
        return out as Flat<ObjectOf<S>>;
      },
    };
  },

  /** One of several objects, told apart by the text of their `tag` field; the result keeps the tag. */
  tagged<K extends string, V extends Record<string, Reader<object>>>(tag: K, variants: V): Reader<{ [T in keyof V & string]: Flat<{ [P in K]: T } & ReadOf<V[T]>> }[keyof V & string]> {
    const names = Object.keys(variants);
    const expected = names.join(' | ');
    return {
      expected,
      read: (v, at) => {
        const name = v && typeof v === 'object' ? (v as Record<string, unknown>)[tag] : undefined;
        if (typeof name !== 'string' || !Object.hasOwn(variants, name)) return miss(under(at, tag), expected);
        const got = variants[name].read(v, at ? `${at}.${name}` : name);
        return isMissed(got) ? got : ({ [tag]: name, ...got } as never);
      },
    };
  },
};

/**
 * Reads every field of `fields` from the object `value` and keeps every field's miss, not only the
 * first: a call that answers each field's error at once (11000 with its field errors, spec 7's
 * save-setting) names them all. Fields that hold are in `value`; a field's miss is under its key.
 */
export function readEachField<S extends Fields>(fields: S, value: Record<string, unknown>): { value: Partial<Flat<ObjectOf<S>>>; misses: Record<string, InputMiss> } {
  const out: Record<string, unknown> = {};
  const misses: Record<string, InputMiss> = {};
  for (const [key, r] of Object.entries(fields)) {
    const got = r.read(value[key], key);
    if (isMissed(got)) misses[key] = got.miss;
    else if (got !== undefined) out[key] = got;
  }
  return { value: out as Partial<Flat<ObjectOf<S>>>, misses };
}

/** Reads `value` by `r`: the typed value, or why not (the first miss). */
export function readInput<T>(r: Reader<T>, value: unknown): { ok: true; value: T } | { ok: false; miss: InputMiss; reason: string } {
  const got = r.read(value, '');
  if (!isMissed(got)) return { ok: true, value: got };
  return { ok: false, miss: got.miss, reason: got.miss.at ? `${got.miss.at}: ${got.miss.expected}` : got.miss.expected };
}
