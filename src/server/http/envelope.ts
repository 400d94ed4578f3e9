import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, isLanguage, type Language, translate } from '../../model/i18n';
import { AppError, errorOfKind, type ErrorKind } from './errors';
import { SECURITY_HEADERS } from './security-headers';

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
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) return new AppError('err.payloadTooLarge');
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.statusCode === 415) return new AppError('err.unsupportedMediaType');
  if (code === 'FST_ERR_RATE_LIMIT' || error.statusCode === 429) return new AppError('err.tooManyRequests');
  if (error.validation) {
    const fields: Record<string, string> = {};
    for (const v of error.validation) fields[(v.instancePath || '/').replace(/^\//, '') || 'body'] = v.message ?? 'invalid';
    return new AppError('err.validation', { fields });
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return new AppError('err.badRequest');
  return new AppError('err.internal');
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

/**
 * Fastify's `frameworkErrors`: failures of routing itself (a route parameter over its length, 414; a
 * URL that does not decode, 400) leave as the envelope too, and never echo the path they refuse.
 */
export function frameworkErrorReply(error: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const kind: ErrorKind = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'uriTooLong' : 'badRequest';
  const appError = errorOfKind(kind);
  req.log.info({ code: error.code }, 'request refused');
  reply.headers(SECURITY_HEADERS).status(appError.status).send(appError.toEnvelope(requestLanguage(req)));
}

const CLIENT_ERROR_KIND: Record<string, ErrorKind> = {
  HPE_HEADER_OVERFLOW: 'headersTooLarge',
  ERR_HTTP_REQUEST_TIMEOUT: 'requestTimeout',
};

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refuses a request before Fastify sees it (headers
 * or URL over the 16 KB header limit, 431; a request line that does not parse, 400; too slow, 408).
 * The reply is written on the socket as the envelope with the security headers, in the default
 * language (the request's headers are what failed), echoing nothing of the request.
 */
export function clientErrorReply(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const appError = errorOfKind(CLIENT_ERROR_KIND[error.code ?? ''] ?? 'badRequest');
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(appError.toEnvelope(DEFAULT_LANGUAGE));
  const headers = { ...SECURITY_HEADERS, 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), connection: 'close' };
  const head = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  socket.end(`HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status]}\r\n${head}\r\n${body}`);
}
