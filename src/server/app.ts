import { existsSync } from 'node:fs';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { parse as parseQuery } from 'node:querystring';
import { installAuth } from './access/auth-context';
import { accessRoutes } from './access';
import { clientDirOf, type AppConfig } from './config';
import type { Database, Db } from './db/database';
import { parseProxyList, proxyTrust } from './http/client-address';
import { clientErrorReply, frameworkErrorReply, installEnvelope, ok } from './http/envelope';
import { installInputLimits } from './http/input-limits';
import { installSecurityHeaders } from './http/security-headers';
import { modelRoutes } from './resources/model-routes';
import { resourceRoutes } from './resources';
import { adminRoutes } from './services/admin';
import { installServiceGate } from './services/admin/sys-services.service';
import { allocationRoutes } from './services/allocation';
import { approvalRoutes } from './services/approvals';
import { planningRoutes } from './services/planning';
import { trackingRoutes } from './services/tracking';
import { productionRoutes } from './services/production';
import { qualityRoutes } from './services/quality';
import { developmentRoutes } from './services/development';
import './services/finance';
import { outsourceRoutes } from './services/outsource';
import { gatewayRoutes } from './services/gateway';
import './services/orders';
import './services/purchasing';
import './services/outsource';
import { sourcingRoutes } from './services/sourcing';
import { collabRoutes } from './services/tickets';
import { importRoutes } from './services/import';
import { exportRoutes } from './services/export';
import { installJobRunner } from './services/jobs';
import { installOutboxSender, notifyRoutes } from './services/notify';
import { fileRoutes } from './services/files';
import { imageRoutes } from './services/images';
import { profileRoutes } from './services/profile';
import { listViewRoutes } from './services/list-views';
import { reportRoutes } from './services/reports';
// Page declarations and their menu entries (grids/) register on import; the model routes and menus read them.
import '../../grids';
import '../model/i18n/excel-part';
import '../model/i18n/app-part';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    database: Database;
  }
}

/** Removes the `token` query parameter's value from a URL before it reaches a log line. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|refresh_token|access_token|api_key|apikey|temp_token)=)[^&#]*/gi, '$1[redacted]');
}

/** A built file named by its content (`assets/<name>-<hash>.<ext>`, or its .br / .gz copy). */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.br|\.gz)?$/i;

/** Cache-Control of a static file: hashed assets immutable for a year, the rest revalidated each time. */
export function cacheControlOfStatic(path: string): string {
  return HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export type BuildOptions = { config: AppConfig; database: Database; logger?: boolean; serveClient?: boolean };

/**
 * Builds the Fastify app without listening: main.ts listens, tests call `app.inject`.
 */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : {
      level: config.logLevel,
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
      },
    },
    bodyLimit: 5 * 1024 * 1024,
    // No automatic HEAD twin for every GET route: the API's calls are read by GET, and the twins were
    // half the router's routes (about a third of building the app, 0.2 CPU-s of every start). The
    // health check, the app's pages and its static files answer HEAD (declared on their routes).
    exposeHeadRoutes: false,
    // Refusals by Node's HTTP parser (431, 400, 408) and by routing (414) leave as the envelope too.
    clientErrorHandler: clientErrorReply,
    frameworkErrors: frameworkErrorReply,
    // X-Forwarded-For only from TRUST_PROXY's proxies, read from the right past them (http/client-address.ts).
    trustProxy: config.trustProxy ? proxyTrust(parseProxyList(config.trustProxy)) : false,
  });
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('database', database);

  installEnvelope(app);
  installSecurityHeaders(app);
  // NUL characters and JSON nested past the limit are refused before any route runs (issue 20).
  installInputLimits(app);
  // Form bodies (spec 7: calls are form-encoded) parse with repeated keys kept as arrays.
  await app.register(formbody, { parser: (body) => parseQuery(body) });
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 500 } });
  installAuth(app);
  // Modules the super administrator put under maintenance answer 503 (spec 2 "Admin": services).
  await installServiceGate(app);

  app.get('/api/health', { exposeHeadRoute: true }, async () => ok({ status: 'ready', build: config.buildId, database: database.kind }));

  await registerApiRoutes(app);
  await serveClientBuild(app, options);
  return app;
}

/** Every area's routes under /api, with the job runner and the outbox sender started among them. */
async function registerApiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(accessRoutes, { prefix: '/api' });
  await app.register(notifyRoutes, { prefix: '/api' });
  await app.register(modelRoutes, { prefix: '/api' });
  await app.register(resourceRoutes, { prefix: '/api' });
  await app.register(adminRoutes, { prefix: '/api' });
  await app.register(allocationRoutes, { prefix: '/api' });
  await app.register(approvalRoutes, { prefix: '/api' });
  await app.register(planningRoutes, { prefix: '/api' });
  await app.register(trackingRoutes, { prefix: '/api' });
  await app.register(productionRoutes, { prefix: '/api' });
  await app.register(qualityRoutes, { prefix: '/api' });
  await app.register(developmentRoutes, { prefix: '/api' });
  await app.register(importRoutes, { prefix: '/api' });
  await app.register(exportRoutes, { prefix: '/api' });
  // Queued jobs (large exports) are claimed by whichever app process is free (issue 15).
  installJobRunner(app);
  // Notices queued to e-mail or workplace chat are delivered by whichever app process claims them.
  installOutboxSender(app);
  await app.register(fileRoutes, { prefix: '/api' });
  await app.register(imageRoutes, { prefix: '/api' });
  await app.register(profileRoutes, { prefix: '/api' });
  await app.register(listViewRoutes, { prefix: '/api' });
  await app.register(reportRoutes, { prefix: '/api' });
  await app.register(collabRoutes, { prefix: '/api' });
  await app.register(sourcingRoutes, { prefix: '/api' });
  await app.register(outsourceRoutes, { prefix: '/api' });
  // The outside-system calls (issue 35): the gateway's prefixes, API keys, out-api pushes and their sender.
  await app.register(gatewayRoutes, { prefix: '/api' });
}

/** The built browser app (when present and wanted): its files, and the index page for every other non-API path. */
async function serveClientBuild(app: FastifyInstance, options: BuildOptions): Promise<void> {
  const clientDir = clientDirOf();
  if (options.serveClient !== false && existsSync(clientDir)) {
    // The build writes .br and .gz copies beside its files (scripts/vite-precompress.mjs); they are
    // served when the browser accepts them. Hashed assets never change under their name: cached for a
    // year; everything else (index.html) is revalidated by its ETag on every visit (a 304 when unchanged).
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('vary', 'accept-encoding');
        res.setHeader('cache-control', cacheControlOfStatic(path));
      },
    });
    // History-mode routing: every non-API path that is not a file gets the app's index page.
    app.get('/*', { exposeHeadRoute: true }, (req, reply) => {
      const path = req.url.split('?')[0];
      if (path.startsWith('/api/') || path.startsWith('/socket.io/')) return reply.callNotFound();
      if (/\.[a-z0-9]{2,5}$/i.test(path) && !path.endsWith('.html')) return reply.callNotFound();
      return reply.type('text/html').sendFile('index.html');
    });
  }
}
