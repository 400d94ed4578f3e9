import type { Language } from '../../model/i18n';
import { translate } from '../../model/i18n';

/**
 * Typed errors with a code and a translatable message (STYLE habit 7). The error handler in
 * envelope.ts turns each into the reply envelope `{ code, message, data }`.
 */
export const ERROR_CODES = {
  validation: 11000,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  staleVersion: 11409,
  conflict: 11001,
  tooManyRequests: 429,
  badRequest: 400,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  uriTooLong: 414,
  headersTooLarge: 431,
  requestTimeout: 408,
  serviceUnavailable: 503,
  internal: 500,
} as const;

export type ErrorKind = keyof typeof ERROR_CODES;

const HTTP_STATUS: Record<ErrorKind, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  staleVersion: 409,
  conflict: 409,
  tooManyRequests: 429,
  badRequest: 400,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  uriTooLong: 414,
  headersTooLarge: 431,
  requestTimeout: 408,
  serviceUnavailable: 503,
  internal: 500,
};

const DEFAULT_KEY: Record<ErrorKind, string> = {
  validation: 'err.validation',
  unauthorized: 'err.unauthorized',
  forbidden: 'err.forbidden',
  notFound: 'err.notFound',
  staleVersion: 'err.staleVersion',
  conflict: 'err.duplicateNumber',
  tooManyRequests: 'err.tooManyRequests',
  badRequest: 'err.badRequest',
  payloadTooLarge: 'err.payloadTooLarge',
  unsupportedMediaType: 'err.unsupportedMediaType',
  uriTooLong: 'err.uriTooLong',
  headersTooLarge: 'err.headersTooLarge',
  requestTimeout: 'err.requestTimeout',
  serviceUnavailable: 'err.serviceUnavailable',
  internal: 'err.internal',
};

/** A field error: a message key with parameters, translated when the reply is written. */
export type FieldError = { key: string; params?: Record<string, unknown> } | string;

/**
 * Message parameters in the reader's language: a parameter given as a label in both languages (a
 * dictionary value's, `dictValueLabel`) reads as the reader's, so a message never shows a raw code.
 */
function inLanguage(params: Record<string, unknown> | undefined, language: Language): Record<string, unknown> | undefined {
  if (!params) return params;
  const isLabel = (v: unknown): v is { zh: string; en: string } => !!v && typeof v === 'object' && typeof (v as { zh?: unknown }).zh === 'string' && typeof (v as { en?: unknown }).en === 'string' && Object.keys(v).length === 2;
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, isLabel(v) ? (language === 'en' ? v.en : v.zh) : v]));
}

export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly messageKey: string;
  readonly params?: Record<string, unknown>;
  /** Field errors (validation), by field key; a child row's field is `lines[3].qty`. */
  readonly fields?: Record<string, FieldError>;
  readonly extra?: Record<string, unknown>;

  constructor(kind: ErrorKind, messageKey?: string, options: { params?: Record<string, unknown>; fields?: Record<string, FieldError>; extra?: Record<string, unknown> } = {}) {
    super(messageKey ?? DEFAULT_KEY[kind]);
    this.kind = kind;
    this.messageKey = messageKey ?? DEFAULT_KEY[kind];
    this.params = options.params;
    this.fields = options.fields;
    this.extra = options.extra;
  }

  get status(): number {
    return HTTP_STATUS[this.kind];
  }

  get code(): number {
    return ERROR_CODES[this.kind];
  }

  /** The envelope for this error in the given language. */
  toEnvelope(language: Language): { code: number; message: string; data: Record<string, unknown> | null } {
    const data: Record<string, unknown> = { ...(this.extra ?? {}) };
    if (this.fields) {
      const errors: Record<string, string> = {};
      for (const [field, e] of Object.entries(this.fields)) errors[field] = typeof e === 'string' ? e : translate(language, e.key, inLanguage(e.params, language));
      data.errors = errors;
    }
    return { code: this.code, message: translate(language, this.messageKey, inLanguage(this.params, language)), data: Object.keys(data).length ? data : null };
  }
}

export const validationError = (fields: Record<string, FieldError>, messageKey?: string) => new AppError('validation', messageKey, { fields });
export const forbidden = (messageKey?: string) => new AppError('forbidden', messageKey);
export const unauthorized = (messageKey?: string) => new AppError('unauthorized', messageKey);
export const notFound = (messageKey?: string) => new AppError('notFound', messageKey);
