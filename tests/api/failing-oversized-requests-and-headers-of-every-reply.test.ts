import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { tokenFor } from '../support/resource-client';

/**
 * Issue 20: requests Node's HTTP parser or Fastify's router refuse (431 headers or URL too large, 414 a
 * route parameter too long, 400 a URL or request line that does not parse) leave as the envelope and
 * echo nothing of the request; every reply, these included, carries the security headers. Tested on a
 * real listening server through a raw socket, because app.inject bypasses the socket parser.
 */
let t: TestApp;
let port: number;
let brand: string;
beforeAll(async () => {
  t = await createTestApp();
  brand = await tokenFor(t.database.db, t.config, 'brand');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  port = address.port;
}, 120_000);
afterAll(async () => t?.close());

type RawReply = { status: number; headers: Record<string, string>; body: string };

/** Sends raw request bytes and reads the whole reply until the server closes or the body is complete. */
function raw(request: string): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const finish = () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const [statusLine, ...lines] = text.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: text.slice(split + 4) });
    };
    socket.on('data', (d) => {
      chunks.push(d);
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const length = /content-length:\s*(\d+)/i.exec(text.slice(0, split));
      if (split > 0 && length && Buffer.byteLength(text.slice(split + 4)) >= Number(length[1])) {
        socket.destroy();
        finish();
      }
    });
    socket.on('end', finish);
    socket.on('error', (e) => (chunks.length ? finish() : reject(e)));
    socket.write(request);
  });
}

const get = (path: string, extraHeaders = '') => raw(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${extraHeaders}\r\n`);

function expectSecurityHeaders(reply: RawReply, label: string): void {
  expect(reply.headers['x-content-type-options'], label).toBe('nosniff');
  expect(reply.headers['content-security-policy'], label).toContain("frame-ancestors 'none'");
  expect(reply.headers['content-security-policy'], label).toContain("script-src 'self'");
  expect(reply.headers['x-frame-options'], label).toBe('DENY');
}

function expectEnvelope(reply: RawReply, status: number, marker: string, label: string): { code: number; message: string } {
  expect(reply.status, `${label}: ${reply.body.slice(0, 200)}`).toBe(status);
  expect(reply.headers['content-type'], label).toMatch(/^application\/json/);
  const body = JSON.parse(reply.body) as { code: number; message: string; data: unknown };
  expect(body.code, label).toBe(status);
  expect(body.data, label).toBeNull();
  expect(reply.body, label).not.toContain(marker);
  expectSecurityHeaders(reply, label);
  return body;
}

describe('requests refused before any route', () => {
  const marker = 'ECHO-MARKER';

  it('headers over the limit: 431 in the envelope, nothing echoed', async () => {
    const reply = await get('/api/health', `X-Big: ${marker}${'x'.repeat(20_000)}\r\n`);
    expect(expectEnvelope(reply, 431, marker, 'big header').message).toBe('请求地址或请求头过大');
  });

  it('a URL over the limit: 431 in the envelope, the URL not echoed', async () => {
    const reply = await get(`/api/mdapi/vendor/page?q=${marker}${'y'.repeat(20_000)}`);
    expectEnvelope(reply, 431, marker, 'long url');
  });

  it('a route parameter over its length: 414 in the envelope, the path not echoed', async () => {
    const reply = await get(`/api/crossapi/ccommonapi/data-upload/jobs/${marker}${'1'.repeat(200)}`, `x-lang: en\r\n`);
    expect(expectEnvelope(reply, 414, marker, 'long parameter').message).toBe('The request address is too long');
  });

  it('a URL that does not decode and a request line that does not parse: 400 in the envelope', async () => {
    expectEnvelope(await get(`/api/crossapi/ccommonapi/data-upload/jobs/${marker}%E0%A4%A`), 400, marker, 'bad url');
    expectEnvelope(await raw(`${marker} NOT-HTTP\r\n\r\n`), 400, marker, 'bad request line');
  });
});

describe('security headers', () => {
  it('are on every reply: success, not found, unauthorised and refused', async () => {
    const auth = `Authorization: Bearer ${brand}\r\n`;
    for (const [path, headers, status] of [
      ['/api/health', '', 200],
      ['/api/no-such-endpoint', '', 404],
      ['/api/mdapi/vendor/page', '', 401],
      ['/api/mdapi/vendor/page', auth, 200],
      ['/api/mdapi/vendor/page?page=1e18', auth, 400],
      ['/api/mdapi/vendor/page?q=%00', auth, 400],
    ] as const) {
      const reply = await get(path, headers);
      expect(reply.status, path).toBe(status);
      expectSecurityHeaders(reply, `${path} ${status}`);
    }
  });
});
