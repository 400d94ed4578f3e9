import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/vite-precompress.mjs';
import { buildApp } from '../../src/server/app';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 21 "Speed of the first visit": the built client is served compressed (the .br / .gz copies the
 * build writes beside each file), hashed assets are cached for a year as immutable, index.html is
 * revalidated on every visit, and an unchanged file answers 304 to its ETag. Nothing is built here: a
 * small client folder is written in a temporary directory, compressed by the build's own step
 * (precompressDir) and served through CLIENT_DIR, as the server reads it.
 */
const HASHED = '/assets/index-Ab12Cd34.js';
const TINY = '/assets/tiny-Zz98Yy76.js';
const SCRIPT = `// app entry\n${Array.from({ length: 400 }, (_, i) => `export const label${i} = 'the same words again and again ${i}';`).join('\n')}\n`;
const INDEX = `<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><title>app</title>${'<!-- padding so that the page is worth compressing -->'.repeat(30)}<script type="module" src="${HASHED}"></script></head><body><div id="root"></div></body></html>`;

describe('static files of the browser app', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let dir: string;
  const previous = process.env.CLIENT_DIR;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'client-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, HASHED), SCRIPT);
    writeFileSync(join(dir, TINY), 'export const x = 1;\n');
    const written = await precompressDir(dir);
    expect(written.files).toBe(2); // index.html and the entry; the tiny file is not worth it
    t = await createTestApp();
    process.env.CLIENT_DIR = dir;
    app = await buildApp({ config: t.config, database: t.database, logger: false });
    await app.ready();
  });

  afterAll(async () => {
    if (previous === undefined) delete process.env.CLIENT_DIR;
    else process.env.CLIENT_DIR = previous;
    await app?.close();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends a hashed script as brotli when accepted, gzip otherwise, and as it is to a client that accepts neither', async () => {
    const br = await app.inject({ method: 'GET', url: HASHED, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await app.inject({ method: 'GET', url: HASHED, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await app.inject({ method: 'GET', url: HASHED, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('marks hashed assets immutable for a year, compressed or not', async () => {
    for (const [url, enc] of [[HASHED, 'br'], [HASHED, 'identity'], [TINY, 'br']] as const) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': enc } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], `${url} ${enc}`).toBe('public, max-age=31536000, immutable');
    }
    const tiny = await app.inject({ method: 'GET', url: TINY, headers: { 'accept-encoding': 'br' } });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export const x = 1;\n');
  });

  it('revalidates the index page on every visit, at / , at a route of the app and by its name, compressed too', async () => {
    for (const url of ['/', '/md/index/vendor', '/index.html']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
      // The security headers of every reply stay on static files.
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('answers 304 to a request carrying the ETag of an unchanged file', async () => {
    for (const url of [HASHED, '/index.html', '/md/index/vendor']) {
      const first = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      const etag = first.headers.etag;
      expect(etag, url).toBeTruthy();
      const again = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', 'if-none-match': String(etag) } });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      const other = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', 'if-none-match': 'W/"something-else"' } });
      expect(other.statusCode, url).toBe(200);
    }
  });

  it('answers HEAD on the pages, the files and the health check, and not on the API calls', async () => {
    for (const url of ['/', '/md/index/vendor', HASHED, '/api/health']) {
      const res = await app.inject({ method: 'HEAD', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.rawPayload.length, url).toBe(0);
    }
    // The API's GET calls have no HEAD twin (exposeHeadRoutes is off): an unknown route, in the envelope.
    expect((await app.inject({ method: 'HEAD', url: '/api/adminapi/admin_dict_category/page' })).statusCode).toBe(404);
  });

  it('answers 404 for a missing asset instead of the index page, and API paths stay API paths', async () => {
    const missing = await app.inject({ method: 'GET', url: '/assets/gone-12345678.js', headers: { 'accept-encoding': 'br' } });
    expect(missing.statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/api/health' });
    expect(api.json()).toMatchObject({ code: 200 });
    expect(api.headers['cache-control']).not.toBe('public, max-age=31536000, immutable');
  });
});
