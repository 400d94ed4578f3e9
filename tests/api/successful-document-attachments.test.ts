import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '../support/png';
import { resourceClient, tokenFor } from '../support/resource-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { multipart } from './import-support';

/**
 * Attachments of any document whose entity declares them (issue 35), here a purchase order: stored
 * through the files service (type from the bytes, never served as a page of our origin), listed and
 * downloaded with the document's view right, added and removed with its edit right, each on the
 * record within the caller's company; every change is a line of the document's history.
 */
type Att = { key: string; url: string; name: string; mime: string | null; size: number; created_by_name: string; created_at: string };
type Listed = { rows: Att[]; can_edit: boolean; max_mb: number };

let t: TestApp;
const tokens: Record<string, string> = {};
let poId = 0;
const base = '/api/srmapi/purorder/attachment';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.db;
  // Two more users of the brand: one that may only view (guest), one granted nothing yet (unassigned).
  for (const [username, role, mobile] of [['brand.viewer', 'guest', '13700000021'], ['brand.norole', 'unassigned', '13700000022']] as const) {
    await sql`insert into users (client_id, username, fullname, email, mobile, password_hash, status)
      select client_id, ${username}, ${username}, ${`${username}@demo.local`}, ${mobile}, password_hash, 'active' from users where username = 'brand'`.execute(db);
    await sql`insert into user_roles (user_id, role_id) select u.id, r.id from users u, roles r where u.username = ${username} and r.code = ${role} and r.client_id is null`.execute(db);
  }
  for (const u of ['brand', 'brand.viewer', 'brand.norole', 'maker']) tokens[u] = await tokenFor(db, t.config, u);
  const orders = await resourceClient(t.app, tokens.brand, 'srmapi', 'purorder').page({ size: 1 });
  expect(orders.status).toBe(200);
  poId = Number(orders.body.data.rows[0].id);
  expect(poId).toBeGreaterThan(0);
}, 180_000);
afterAll(async () => t?.close());

const auth = (who: string) => ({ authorization: `Bearer ${tokens[who]}` });
const list = (who: string, id = poId) => t.app.inject({ method: 'GET', url: `${base}/list`, query: { id: String(id) }, headers: auth(who) });
const upload = (who: string, filename: string, type: string, content: Buffer, id = poId) => {
  const form = multipart([{ name: 'file', filename, content, type }]);
  return t.app.inject({ method: 'POST', url: `${base}/upload/${id}`, payload: form.payload, headers: { ...form.headers, ...auth(who) } });
};
const remove = (who: string, key: string, id = poId) => t.app.inject({ method: 'POST', url: `${base}/remove`, payload: { id, key }, headers: auth(who) });
const download = (who: string, key: string) => t.app.inject({ method: 'GET', url: `/api/crossapi/ccommonapi/files/${key}`, headers: auth(who) });

describe('attachments of a document that declares them', () => {
  const SCRIPT = Buffer.from('<html><body><script>fetch("/api/access/profile")</script></body></html>');
  let png: Att;
  let page: Att;

  it('the editor uploads files: their type is read from the bytes, and a page or script is only ever downloaded', async () => {
    const before = (await list('brand')).json().data as Listed;
    expect(before.can_edit).toBe(true);
    const a = await upload('brand', 'drawing.png', 'image/png', solidPng(8, 8));
    expect(a.statusCode, a.body).toBe(200);
    png = a.json().data as Att;
    expect(png).toMatchObject({ name: 'drawing.png', mime: 'image/png', created_by_name: expect.any(String) });
    expect(png.url).toBe(`/api/crossapi/ccommonapi/files/${png.key}`);
    // A page that says it is an image is recorded as what its bytes are: not an image.
    const b = await upload('brand', 'notes.html', 'image/png', SCRIPT);
    expect(b.statusCode, b.body).toBe(200);
    page = b.json().data as Att;
    expect(page.mime).toBe('application/octet-stream');

    const after = (await list('brand')).json().data as Listed;
    expect(after.rows.map((r) => r.key).slice(0, 2)).toEqual([page.key, png.key]);
    expect(after.rows.length).toBe(before.rows.length + 2);

    const img = await download('brand', png.key);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    const html = await download('brand', page.key);
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toBe('application/octet-stream');
    expect(String(html.headers['content-disposition'])).toMatch(/^attachment/);
    expect(String(html.headers['content-security-policy'])).toContain('sandbox');
    expect(html.rawPayload.equals(SCRIPT)).toBe(true);

    const history = await resourceClient(t.app, tokens.brand, 'srmapi', 'purorder').history(poId);
    const lines = history.body.data.rows.filter((r) => r.action === 'attach');
    expect(lines.slice(0, 2).map((r) => r.changes[0])).toEqual([
      expect.objectContaining({ field: '$attachment', new: 'notes.html', label: '附件' }),
      expect.objectContaining({ field: '$attachment', new: 'drawing.png', label: '附件' }),
    ]);
  });

  it('a user with only the view right lists and downloads but neither adds nor removes', async () => {
    const r = await list('brand.viewer');
    expect(r.statusCode).toBe(200);
    const data = r.json().data as Listed;
    expect(data.can_edit).toBe(false);
    expect(data.rows.map((x) => x.key)).toContain(png.key);
    expect((await download('brand.viewer', png.key)).statusCode).toBe(200);
    expect((await upload('brand.viewer', 'x.png', 'image/png', solidPng(2, 2))).statusCode).toBe(403);
    expect((await remove('brand.viewer', png.key)).statusCode).toBe(403);
  });

  it('a user without the document\'s permission and another company are refused everything', async () => {
    expect((await list('brand.norole')).statusCode).toBe(403);
    expect((await upload('brand.norole', 'x.png', 'image/png', solidPng(2, 2))).statusCode).toBe(403);
    expect((await remove('brand.norole', png.key)).statusCode).toBe(403);
    expect((await download('brand.norole', png.key)).statusCode).toBe(404);
    // The maker may work its own purchase orders, but the brand's is not found for it.
    expect((await list('maker')).statusCode).toBe(404);
    expect((await upload('maker', 'x.png', 'image/png', solidPng(2, 2))).statusCode).toBe(404);
    expect((await remove('maker', png.key)).statusCode).toBe(404);
    expect((await download('maker', png.key)).statusCode).toBe(404);
    expect((await download('maker', page.key)).statusCode).toBe(404);
    // Nothing was added by the refused calls.
    const rows = ((await list('brand')).json().data as Listed).rows;
    expect(rows.filter((r) => r.name === 'x.png')).toEqual([]);
  });

  it('refuses a missing file, an unknown record or key, and more than the limit', async () => {
    const empty = multipart([]);
    const none = await t.app.inject({ method: 'POST', url: `${base}/upload/${poId}`, payload: empty.payload, headers: { ...empty.headers, ...auth('brand') } });
    expect(none.statusCode).toBe(400);
    expect((await list('brand', 99999999)).statusCode).toBe(404);
    expect((await remove('brand', '0'.repeat(32))).statusCode).toBe(404);
    expect((await remove('brand', 'not-a-key')).statusCode).toBe(404);
    // An entity that declares no attachments has no such calls.
    expect((await t.app.inject({ method: 'GET', url: '/api/mdapi/vendor/attachment/list?id=1', headers: auth('brand') })).statusCode).toBe(404);
    const count = ((await list('brand')).json().data as Listed).rows.length;
    process.env.ATTACHMENT_MAX_COUNT = String(count);
    try {
      const over = await upload('brand', 'one-too-many.png', 'image/png', solidPng(2, 2));
      expect(over.statusCode).toBe(400);
      expect(over.json().data.errors.file).toBe(`每张单据最多 ${count} 个附件`);
    } finally {
      delete process.env.ATTACHMENT_MAX_COUNT;
    }
  });

  it('the editor removes an attachment: it leaves the list, its address opens nothing, the history says so', async () => {
    const r = await remove('brand', page.key);
    expect(r.statusCode, r.body).toBe(200);
    expect(((await list('brand')).json().data as Listed).rows.map((x) => x.key)).not.toContain(page.key);
    expect((await download('brand', page.key)).statusCode).toBe(404);
    expect((await remove('brand', page.key)).statusCode).toBe(404);
    const history = await resourceClient(t.app, tokens.brand, 'srmapi', 'purorder').history(poId);
    expect(history.body.data.rows[0]).toMatchObject({ action: 'detach', changes: [expect.objectContaining({ field: '$attachment', old: 'notes.html' })] });
  });
});
