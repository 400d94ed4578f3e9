import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rewriteFileAddresses } from '../../src/server/db/migrations/20261203_1300_file_keys';
import { signFileLink } from '../../src/server/services/files';
import { solidPng } from '../support/png';
import { createTestApp, type TestApp } from '../support/test-app';
import { bearer, body, loginOk, type LoginData } from './access-test-helpers';
import { multipart } from './import-support';

/**
 * Uploaded files are data, never pages or scripts of this site, and open only to whom they belong
 * (issue 28): the type is read from the bytes, only raster images, sound and PDF are inline, every
 * reply is sandboxed and not sniffed; chat and ticket files follow their conversation and ticket on
 * every route; addresses carry a random key and, for <img> and links, a signed link for one file
 * and user instead of the access token.
 */
let t: TestApp;
const users: Record<string, LoginData> = {};
const chat = '/api/crossapi/chatapi/chat';
const tickets = '/api/crossapi/ticketapi/ticket';

type Attachment = { id: number; key: string; name: string; mime: string; size: number };

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['brand', 'brand.buyer', 'maker', 'maker.planner', 'supplier', 'supplier.sales']) users[u] = await loginOk(t.app, u);
});
afterAll(async () => t.close());

const upload = async (who: string, base: string, filename: string, type: string, content: Buffer): Promise<Attachment> => {
  const form = multipart([{ name: 'file', filename, content, type }]);
  const res = await t.app.inject({ method: 'POST', url: `${base}/upload`, payload: form.payload, headers: { ...form.headers, ...bearer(users[who].access_token) } });
  expect(res.statusCode, res.body).toBe(200);
  return body<Attachment>(res).data;
};
const fileUrl = (key: string) => `/api/crossapi/ccommonapi/files/${key}`;
const get = (url: string, who?: string) => t.app.inject({ method: 'GET', url, headers: who ? bearer(users[who].access_token) : {} });
const links = async (who: string, urls: string[]) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/crossapi/ccommonapi/files/links', headers: bearer(users[who].access_token), payload: { urls } });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ links: Record<string, string | null> }>(res).data.links;
};
const send = async (who: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `${chat}/send`, headers: bearer(users[who].access_token), payload });

const SCRIPT = Buffer.from("fetch('/api/access/user-info',{headers:{authorization:'Bearer '+localStorage.getItem('token')}})");
const PAGE = Buffer.from('<!doctype html><html><body><script src="/api/crossapi/ccommonapi/files/x"></script></body></html>');
const SVG = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="10" height="10"/></svg>');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function expectData(res: { headers: Record<string, unknown> }, type: string, disposition: 'inline' | 'attachment') {
  expect(res.headers['content-type']).toBe(type);
  expect(String(res.headers['content-disposition'])).toMatch(new RegExp(`^${disposition};`));
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(String(res.headers['content-security-policy'])).toMatch(/^sandbox;/);
}

describe('a file is served as data, by what its bytes are', () => {
  it('a script, a page and an SVG uploaded under their own types are downloads, sandboxed, never script', async () => {
    const js = await upload('supplier.sales', chat, 'steal.js', 'application/javascript', SCRIPT);
    const html = await upload('supplier.sales', chat, 'open-me.html', 'text/html', PAGE);
    const svg = await upload('supplier.sales', chat, 'logo.svg', 'image/svg+xml', SVG);
    // Recorded by their bytes, not the uploader's header.
    expect(js.mime).toBe('application/octet-stream');
    expect(html.mime).toBe('application/octet-stream');
    expect(svg.mime).toBe('image/svg+xml');
    for (const f of [js, html]) {
      const res = await get(fileUrl(f.key), 'supplier.sales');
      expect(res.statusCode).toBe(200);
      expectData(res, 'application/octet-stream', 'attachment');
    }
    const s = await get(fileUrl(svg.key), 'supplier.sales');
    expectData(s, 'image/svg+xml', 'attachment');
    // The chat's own address answers the same way.
    expectData(await get(`${chat}/file/${js.id}`, 'supplier.sales'), 'application/octet-stream', 'attachment');
  });

  it('an image, a sound and a PDF are shown inline with the type their bytes say, whatever the header claimed', async () => {
    const png = await upload('supplier.sales', chat, 'swatch.html', 'text/html', solidPng(4, 3));
    expect(png.mime).toBe('image/png');
    expectData(await get(fileUrl(png.key), 'supplier.sales'), 'image/png', 'inline');
    const pdf = await upload('supplier.sales', chat, 'spec.pdf', 'application/octet-stream', PDF);
    expectData(await get(fileUrl(pdf.key), 'supplier.sales'), 'application/pdf', 'inline');
    // A page claiming to be an image is recorded as an opaque file: the chat refuses it as an image.
    const fake = await upload('supplier.sales', chat, 'photo.png', 'image/png', PAGE);
    expect(fake.mime).toBe('application/octet-stream');
    const conv = body<{ id: number }>(await t.app.inject({ method: 'POST', url: `${chat}/open`, headers: bearer(users['supplier.sales'].access_token), payload: { user_id: users.supplier.id } })).data;
    expect((await send('supplier.sales', { id: conv.id, kind: 'image', file_id: fake.id })).statusCode).toBe(400);
  });
});

describe('one access rule on every route', () => {
  it('a voice message opens to the conversation, and to no colleague outside it on any route', async () => {
    const wav = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt '), Buffer.alloc(32)]);
    const voice = await upload('brand.buyer', chat, 'voice.wav', 'audio/wav', wav);
    const conv = body<{ id: number }>(await t.app.inject({ method: 'POST', url: `${chat}/open`, headers: bearer(users['brand.buyer'].access_token), payload: { user_id: users.maker.id } })).data;
    expect((await send('brand.buyer', { id: conv.id, kind: 'voice', file_id: voice.id, duration: 1 })).statusCode).toBe(200);
    for (const who of ['brand.buyer', 'maker']) {
      expect((await get(fileUrl(voice.key), who)).statusCode, who).toBe(200);
      expect((await get(`${chat}/file/${voice.id}`, who)).statusCode, who).toBe(200);
    }
    // brand is brand.buyer's colleague but not in the conversation; maker.planner is the maker's.
    for (const who of ['brand', 'maker.planner', 'supplier']) {
      expect((await get(fileUrl(voice.key), who)).statusCode, who).toBe(404);
      expect((await get(`${chat}/file/${voice.id}`, who)).statusCode, who).toBe(404);
      expect((await links(who, [fileUrl(voice.key)]))[fileUrl(voice.key)], who).toBeNull();
    }
  });

  it('a ticket file not yet attached opens to its uploader only, on the ticket route and the files route alike', async () => {
    const f = await upload('maker', tickets, 'swatch.png', 'image/png', solidPng(2, 2));
    expect((await get(fileUrl(f.key), 'maker')).statusCode).toBe(200);
    for (const who of ['maker.planner', 'brand']) {
      expect((await get(fileUrl(f.key), who)).statusCode, who).toBe(404);
      expect((await get(`${tickets}/file/${f.id}`, who)).statusCode, who).toBe(404);
    }
  });

  it('a file of another company is not found; the sequential id is no address', async () => {
    const own = await upload('brand.buyer', chat, 'a.png', 'image/png', solidPng(2, 2));
    expect((await get(fileUrl(own.key), 'supplier.sales')).statusCode).toBe(404);
    expect((await get(`/api/crossapi/ccommonapi/files/${own.id}`, 'brand.buyer')).statusCode).toBe(404);
    expect(own.key).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('signed links instead of the access token in an address', () => {
  it('the access token in a file address opens nothing; a signed link opens that one file, for a while', async () => {
    const png = await upload('brand.buyer', chat, 'sample.png', 'image/png', solidPng(3, 3));
    const other = await upload('brand.buyer', chat, 'other.png', 'image/png', solidPng(3, 3));
    const url = fileUrl(png.key);
    expect((await get(`${url}?token=${encodeURIComponent(users['brand.buyer'].access_token)}`)).statusCode).toBe(401);
    const link = (await links('brand.buyer', [url]))[url]!;
    expect(link).toMatch(new RegExp(`^${url}\\?u=\\d+&exp=\\d+&sig=[A-Za-z0-9_-]+$`));
    expect(link).not.toContain(users['brand.buyer'].access_token);
    const opened = await get(link);
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.equals(solidPng(3, 3))).toBe(true);
    // The same signature on another file, a changed signature, an expired link: not found.
    expect((await get(link.replace(png.key, other.key))).statusCode).toBe(404);
    expect((await get(link.replace(/sig=.(.*)$/, 'sig=A$1'))).statusCode).toBe(404);
    const secret = t.app.config.jwtSecret;
    const old = signFileLink(secret, url, png.key, users['brand.buyer'].id, Math.floor(Date.now() / 1000) - 3600);
    expect((await get(old.url)).statusCode).toBe(404);
    // A link of a user since disabled opens nothing.
    await sql`update users set status = 'disabled' where id = ${users['brand.buyer'].id}`.execute(t.app.db);
    try {
      expect((await get(link)).statusCode).toBe(404);
    } finally {
      await sql`update users set status = 'active' where id = ${users['brand.buyer'].id}`.execute(t.app.db);
    }
  });

  it('at most 200 addresses are signed in one call', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/crossapi/ccommonapi/files/links', headers: bearer(users.brand.access_token), payload: { urls: Array.from({ length: 201 }, (_, i) => fileUrl(String(i).padStart(32, '0'))) } });
    expect(res.statusCode).toBe(400);
  });
});

describe('addresses kept before files had keys', () => {
  it('the migration rewrites a record\'s /files/<id> address to the key and gives chat attachments their key', async () => {
    const db = t.app.db;
    const brandId = (await sql<{ id: number }>`select id::int as id from clients where code = 'BRAND01'`.execute(db)).rows[0].id;
    const f = (await sql<{ id: number; key: string }>`insert into files (client_id, path, name, mime, size, created_by) values (${brandId}, 'images/x/old.png', 'old.png', 'image/png', 1, ${users.brand.id}) returning id::int as id, key`.execute(db)).rows[0];
    const other = (await sql<{ id: number }>`insert into files (client_id, path, name, mime, size, created_by) values (${brandId}, 'images/x/old2.png', 'old2.png', 'image/png', 1, ${users.brand.id}) returning id::int as id`.execute(db)).rows[0];
    const old = `/api/crossapi/ccommonapi/files/${f.id}`;
    const { mat, msg } = await db.transaction().execute(async (tx) => {
      await sql`select set_config('app.client_id', '*', true)`.execute(tx);
      const m = (await sql<{ id: number }>`update md_material set image = ${old} where id = (select min(id) from md_material where client_id = ${brandId}) returning id::int as id`.execute(tx)).rows[0];
      const conv = (await sql<{ id: number }>`select id::int as id from chat_conversation order by id limit 1`.execute(tx)).rows[0];
      const x = (await sql<{ id: number }>`insert into chat_message (conversation_id, sender_id, sender_client_id, kind, attachment) values (${conv.id}, ${users.brand.id}, ${brandId}, 'file', ${JSON.stringify({ id: other.id, name: 'old2.png', mime: 'image/png', size: 1 })}::jsonb) returning id::int as id`.execute(tx)).rows[0];
      return { mat: m, msg: x };
    });
    await db.transaction().execute((tx) => rewriteFileAddresses(tx));
    const { image, att } = await db.transaction().execute(async (tx) => {
      await sql`select set_config('app.client_id', '*', true)`.execute(tx);
      return {
        image: (await sql<{ image: string }>`select image from md_material where id = ${mat.id}`.execute(tx)).rows[0].image,
        att: (await sql<{ a: { key: string } }>`select attachment as a from chat_message where id = ${msg.id}`.execute(tx)).rows[0].a,
      };
    });
    expect(image).toBe(`/api/crossapi/ccommonapi/files/${f.key}`);
    expect(att.key).toMatch(/^[0-9a-f]{32}$/);
  });
});
