import { labelIn } from '../label-text';
/**
 * The error table's vocabulary (isomorphic, no texts): each kind's envelope code and HTTP status,
 * and the shape of one table entry. The browser's first chunks import this file only (the codes),
 * never the texts (bench B7); the texts are in the area part files next to this one.
 */
export const ERROR_KINDS = {
  validation: { code: 11000, status: 400 },
  unauthorized: { code: 401, status: 401 },
  forbidden: { code: 403, status: 403 },
  notFound: { code: 404, status: 404 },
  staleVersion: { code: 11409, status: 409 },
  // Spec 8 "order number already exists, cannot create": 11001 is that one refusal and no other.
  duplicateNumber: { code: 11001, status: 409 },
  // The other refusals of a 409, each family its own code (docs/architecture.md "Errors"):
  // the document's state does not allow it (locked, closed, read-only, not in the right state);
  conflict: { code: 11002, status: 409 },
  // a pre-check before advancing failed: something must be done or exist first (spec 8's pre-checks);
  precheck: { code: 11003, status: 409 },
  // the approval flow holds, or refuses, the step (in approval, rejected, no approver, no return);
  approval: { code: 11004, status: 409 },
  // the thing asked for exists already (an application, a friend, a bound account; not a number);
  duplicate: { code: 11005, status: 409 },
  // the record is used by others and cannot be removed or changed so.
  inUse: { code: 11006, status: 409 },
  tooManyRequests: { code: 429, status: 429 },
  badRequest: { code: 400, status: 400 },
  payloadTooLarge: { code: 413, status: 413 },
  unsupportedMediaType: { code: 415, status: 415 },
  uriTooLong: { code: 414, status: 414 },
  headersTooLarge: { code: 431, status: 431 },
  requestTimeout: { code: 408, status: 408 },
  serviceUnavailable: { code: 503, status: 503 },
  internal: { code: 500, status: 500 },
} as const;

export type ErrorKind = keyof typeof ERROR_KINDS;

/** The envelope code of each kind (`ERROR_CODES.staleVersion` is 11409). */
export const ERROR_CODES = Object.fromEntries(Object.entries(ERROR_KINDS).map(([k, v]) => [k, v.code])) as { [K in ErrorKind]: (typeof ERROR_KINDS)[K]['code'] };

/**
 * One error: the kind it is thrown as (its envelope code and HTTP status), the other kinds a site
 * may throw it as (`alsoAs`, given at the site with `as`), and its message in both languages with
 * `{{name}}` parameters. The parameters a site must pass are the placeholders of both texts (a
 * text may use a parameter the other does not, as `status_zh` and `status_en`).
 */
export type ErrorEntry = { readonly kind: ErrorKind; readonly alsoAs?: readonly ErrorKind[]; readonly zh: string; readonly en: string };

/** An area's part of the table; `const` keeps the texts literal so that their parameters are typed. */
export function defineErrors<const T extends Record<string, ErrorEntry>>(part: T): T {
  return part;
}

/** The `{{name}}` placeholders of a message text, as a union of names. */
export type Placeholders<S extends string> = S extends `${string}{{${infer P}}}${infer R}` ? P | Placeholders<R> : never;

/** The placeholders of a text at run time (the table test compares zh with en). */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]))].sort();
}

/** A part's texts in one language, for the catalogue part of the same area (the one source). */
export function errorTexts(part: Record<string, ErrorEntry>, language: 'zh-CN' | 'en'): Record<string, string> {
  return Object.fromEntries(Object.entries(part).map(([key, e]) => [key, labelIn(e, language)]));
}
