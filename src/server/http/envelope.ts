import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, isLanguage, type Language, translate } from '../../model/i18n';
import { AppError } from './errors';

/** The reply envelope of every call (ARCHITECTURE "The API"). */
export type Envelope<T = unknown> = { code: number; message: string; data: T };

export const OK_CODE = 200;

export function ok<T>(data: T): Envelope<T> {
  return { code: OK_CODE, message: 'OK', data };
}

/**
 * The request's language: the `x-lang` header (the language the page shows now; spec 9: the choice is
 * stored in the browser), else the signed-in user's, else Accept-Language.
 */
export function requestLanguage(req: FastifyRequest): Language {
  const header = req.headers['x-lang'];
  if (isLanguage(header)) return header;
  const own = req.auth?.language;
  if (isLanguage(own)) return own;
  const accept = String(req.headers['accept-language'] ?? '');
  if (/^en\b/i.test(accept)) return 'en';
  return DEFAULT_LANGUAGE;
}

function fromFastifyError(error: FastifyError): AppError {
  const code = error.code ?? '';
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) return new AppError('payloadTooLarge');
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.statusCode === 415) return new AppError('unsupportedMediaType');
  if (code === 'FST_ERR_RATE_LIMIT' || error.statusCode === 429) return new AppError('tooManyRequests');
  if (error.validation) {
    const fields: Record<string, string> = {};
    for (const v of error.validation) fields[(v.instancePath || '/').replace(/^\//, '') || 'body'] = v.message ?? 'invalid';
    return new AppError('validation', undefined, { fields });
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return new AppError('badRequest');
  return new AppError('internal');
}

/**
 * Installs the error and not-found handlers so that every failure leaves as the envelope with the
 * right HTTP status, translated, and never with a stack trace.
 */
export function installEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, req: FastifyRequest, reply: FastifyReply) => {
    const appError = error instanceof AppError ? error : fromFastifyError(error as FastifyError);
    if (appError.kind === 'internal') req.log.error({ err: error }, 'request failed');
    else req.log.info({ code: appError.code, msg: appError.messageKey }, 'request refused');
    const language = requestLanguage(req);
    reply.status(appError.status).send(appError.toEnvelope(language));
  });
  app.setNotFoundHandler((req, reply) => {
    const language = requestLanguage(req);
    reply.status(404).send({ code: 404, message: translate(language, 'err.routeNotFound'), data: null });
  });
}
