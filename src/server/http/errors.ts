import type { Language } from '../../model/i18n';
import { translate } from '../../model/i18n';
import { labelIn } from '../../model/label-text';

import { ERROR_KINDS, ERRORS, type ErrorAlsoAs, type ErrorKey, type ErrorKeyOf, type ErrorKind, type ErrorParams } from '../../model/errors';

export { ERROR_CODES, isErrorKey, type ErrorKey, type ErrorKeyOf, type ErrorKind, type ErrorParams } from '../../model/errors';

/** A field error: a message key with parameters, translated when the reply is written. */
export type FieldError = { key: string; params?: Record<string, unknown> } | string;

/**
 * Message parameters in the reader's language: a parameter given as a label in both languages (a
 * dictionary value's, `dictValueLabel`) reads as the reader's, so a message never shows a raw code.
 */
function inLanguage(params: Record<string, unknown> | undefined, language: Language): Record<string, unknown> | undefined {
  if (!params) return params;
  const isLabel = (v: unknown): v is { zh: string; en: string } => !!v && typeof v === 'object' && typeof (v as { zh?: unknown }).zh === 'string' && typeof (v as { en?: unknown }).en === 'string' && Object.keys(v).length === 2;
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, isLabel(v) ? labelIn(v, language) : v]));
}

type ErrorOptions<K extends ErrorKey> = {
  /** Field errors (validation), by field key; a child row's field is `lines[3].qty`. */
  fields?: Record<string, FieldError>;
  extra?: Record<string, unknown>;
  /** Another kind than the table's for this site (one of the entry's `alsoAs`). */
  as?: ErrorAlsoAs<K>;
};

/** The options of an error: `params` required when its text has placeholders, refused when not. */
export type ErrorArgs<K extends ErrorKey> = [keyof ErrorParams<K>] extends [never]
  ? [options?: ErrorOptions<K> & { params?: undefined }]
  : [options: ErrorOptions<K> & { params: ErrorParams<K> }];

/** The parameters of `key` as a helper's last argument: an object when its text has placeholders, none when not. */
export type ParamsArg<K extends ErrorKey> = [keyof ErrorParams<K>] extends [never] ? [params?: undefined] : [params: ErrorParams<K>];

/**
 * A typed error (STYLE habit 7): a key of the error table (src/model/errors) with its parameters,
 * checked by tsc; the table gives the kind, hence the envelope code and HTTP status. The error
 * handler in envelope.ts turns it into the reply envelope `{ code, message, data }`.
 */
export class AppError<K extends ErrorKey = ErrorKey> extends Error {
  readonly kind: ErrorKind;
  readonly messageKey: K;
  readonly params?: Record<string, unknown>;
  /** Field errors (validation), by field key; a child row's field is `lines[3].qty`. */
  readonly fields?: Record<string, FieldError>;
  readonly extra?: Record<string, unknown>;

  constructor(key: K, ...[options]: ErrorArgs<K>) {
    super(key);
    const o: ErrorOptions<K> & { params?: Record<string, unknown> } = options ?? {};
    this.kind = (o.as as ErrorKind | undefined) ?? ERRORS[key].kind;
    this.messageKey = key;
    this.params = o.params;
    this.fields = o.fields;
    this.extra = o.extra;
  }

  get status(): number {
    return ERROR_KINDS[this.kind].status;
  }

  get code(): number {
    return ERROR_KINDS[this.kind].code;
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

/** The table's key for an error of `kind` without a message of its own. */
export const DEFAULT_KEY = {
  validation: 'err.validation',
  unauthorized: 'err.unauthorized',
  forbidden: 'err.forbidden',
  notFound: 'err.notFound',
  staleVersion: 'err.staleVersion',
  duplicateNumber: 'err.duplicateNumber',
  conflict: 'err.stateConflict',
  precheck: 'err.precheckFailed',
  approval: 'err.inApproval',
  duplicate: 'err.duplicateRecord',
  inUse: 'err.inUse',
  tooManyRequests: 'err.tooManyRequests',
  badRequest: 'err.badRequest',
  payloadTooLarge: 'err.payloadTooLarge',
  unsupportedMediaType: 'err.unsupportedMediaType',
  uriTooLong: 'err.uriTooLong',
  headersTooLarge: 'err.headersTooLarge',
  requestTimeout: 'err.requestTimeout',
  serviceUnavailable: 'err.serviceUnavailable',
  internal: 'err.internal',
} as const satisfies Record<ErrorKind, ErrorKey>;

/** An error of `kind` with the kind's default message (a framework error, a client error). */
export const errorOfKind = (kind: ErrorKind): AppError => new AppError(DEFAULT_KEY[kind]);

/** The helpers below give the kind themselves; their key parameter is typed by that kind. */
const OfKind = AppError as unknown as new (key: ErrorKey, options: { as: ErrorKind; fields?: Record<string, FieldError> }) => AppError;
const ofKind = (kind: ErrorKind, key: ErrorKey) => new OfKind(key, { as: kind });
/**
 * An error of a key with its parameters and field errors, for the helpers that take the key as an
 * argument (`precheck(key, params)`, `validation(key, field, params)`): their own signature types
 * the key and its parameters with `ParamsArg`; `as` another kind the table allows for it.
 */
export const keyedError = <K extends ErrorKey>(key: K, params: ParamsArg<K>[0], options: { fields?: Record<string, FieldError>; as?: ErrorAlsoAs<K> } = {}): AppError<K> =>
  new (AppError as unknown as new (key: K, options: object) => AppError<K>)(key, { ...options, params });

export const validationError = (fields: Record<string, FieldError>, messageKey?: ErrorKeyOf<'validation'>) => new OfKind(messageKey ?? 'err.validation', { as: 'validation', fields });
export const forbidden = (messageKey?: ErrorKeyOf<'forbidden'>) => ofKind('forbidden', messageKey ?? 'err.forbidden');
export const unauthorized = (messageKey?: ErrorKeyOf<'unauthorized'>) => ofKind('unauthorized', messageKey ?? 'err.unauthorized');
export const notFound = (messageKey?: ErrorKeyOf<'notFound'>) => ofKind('notFound', messageKey ?? 'err.notFound');
