import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every reply, fitted to what the browser app does (issue 20):
 * scripts only from its own bundle; styles also inline, because Fluent UI (Griffel) and AG Grid inject
 * style elements and attributes at run time; images also as data: and blob: URLs (previews of files
 * being uploaded) and from https: (a product image may be an address on a file server); the socket
 * and every call go to the same origin ('self' covers ws: and wss: to it); nothing may frame the app.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers every reply carries, enveloped or not (replies written on the raw socket too). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  // Links out of the app must not carry a URL with a `token` parameter to another site.
  'referrer-policy': 'same-origin',
};

/** Sets the security headers as the request arrives, so every later reply (errors included) has them. */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (_req, reply) => {
    reply.headers(SECURITY_HEADERS);
  });
}
