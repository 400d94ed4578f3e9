import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '../support/png';
import { tokenFor } from '../support/resource-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { insertMaterials, previewImages, saveImages, type Preview } from './image-support';

let t: TestApp;
let dataDir: string;
let brand: string;
let buyer: string;
let brandId: number;

const fileCount = async () => (await sql<{ n: number }>`select count(*)::int as n from files`.execute(t.app.db)).rows[0].n;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'images-bad-'));
  t = await createTestApp({ dataDir });
  brand = await tokenFor(t.app.db, t.config, 'brand');
  buyer = await tokenFor(t.app.db, t.config, 'brand.buyer');
  brandId = (await sql<{ id: number }>`select id from clients where code = 'BRAND01'`.execute(t.app.db)).rows[0].id;
  await insertMaterials(t.app, brandId, ['LIC001', 'AVA001', 'LOGO01', 'LOGO02', 'BIG001', 'SMALL1']);
});
afterEach(() => {
  delete process.env.IMAGE_MAX_FILES;
  delete process.env.IMAGE_MAX_MB;
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const items = (body: string) => (JSON.parse(body) as { data: Preview }).data.items;

describe('batch image upload: limits and spec 9 sizes', () => {
  it('refuses more images than the item limit, with the limit in the message, and keeps nothing', async () => {
    process.env.IMAGE_MAX_FILES = '3';
    const files = ['A1', 'A2', 'A3', 'A4'].map((c) => ({ name: `${c}.png`, content: solidPng(4, 4) }));
    const res = await previewImages(t.app, brand, 'material', files);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toBe('一次最多上传 3 张图片');
    const en = await previewImages(t.app, brand, 'material', files, {}, 'en');
    expect((en.json() as { message: string }).message).toBe('At most 3 images per upload');
  });

  it('ignores a file above the size limit and says so, keeping the others', async () => {
    process.env.IMAGE_MAX_MB = '0.01'; // about 10 KB
    const big = Buffer.concat([solidPng(8, 8), Buffer.alloc(20_000)]);
    const res = await previewImages(t.app, brand, 'material', [
      { name: 'BIG001.png', content: big },
      { name: 'SMALL1.png', content: solidPng(8, 8) },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [bigItem, small] = items(res.body);
    expect(bigItem).toMatchObject({ status: 'rejected', messageText: 'BIG001.png 超过 0.01 MB，已忽略' });
    expect(small.status).toBe('matched');
  });

  it('refuses a business licence below 600x840 and a logo of another size; only warns on an avatar', async () => {
    const licence = await previewImages(t.app, brand, 'material', [{ name: 'LIC001.png', content: solidPng(500, 700) }], { purpose: 'licence' });
    expect(items(licence.body)[0]).toMatchObject({ status: 'rejected', messageText: '营业执照图片尺寸至少为 600×840（当前 500×700）' });
    const licenceOk = await previewImages(t.app, brand, 'material', [{ name: 'LIC001.png', content: solidPng(600, 840) }], { purpose: 'licence' });
    expect(items(licenceOk.body)[0].status).toBe('matched');

    const avatar = await previewImages(t.app, brand, 'material', [{ name: 'AVA001.png', content: solidPng(300, 300) }], { purpose: 'avatar' }, 'en');
    expect(items(avatar.body)[0]).toMatchObject({ status: 'matched', warningText: 'An avatar of 200x200 is recommended (this one is 300x300)' });

    const logos = await previewImages(t.app, brand, 'material', [
      { name: 'LOGO01.png', content: solidPng(702, 180) },
      { name: 'LOGO02.png', content: solidPng(700, 180) },
    ], { purpose: 'logo' });
    const [good, bad] = items(logos.body);
    expect(good.status).toBe('matched');
    expect(bad).toMatchObject({ status: 'rejected', messageText: 'Logo 尺寸须为 702×180 或 200×200（当前 700×180）' });
  });

  it('refuses an entity without an image field, an unknown page and an empty upload', async () => {
    const customer = await previewImages(t.app, brand, 'customer', [{ name: 'V1.png', content: solidPng(4, 4) }]);
    expect(customer.statusCode).toBe(400);
    expect((customer.json() as { message: string }).message).toBe('该数据没有图片字段');
    const unknown = await previewImages(t.app, brand, 'no-such-page', [{ name: 'V1.png', content: solidPng(4, 4) }]);
    expect(unknown.statusCode).toBe(404);
    const none = await previewImages(t.app, brand, 'material', []);
    expect(none.statusCode).toBe(400);
    expect((none.json() as { message: string }).message).toBe('请选择图片');
  });

  it('does not let another user save a preview, nor save a preview with nothing matched', async () => {
    const p = await previewImages(t.app, brand, 'material', [{ name: 'SMALL1.png', content: solidPng(8, 8) }]);
    const uploadId = (p.json() as { data: Preview }).data.uploadId;
    const before = await fileCount();
    const other = await saveImages(t.app, buyer, 'material', uploadId);
    expect([400, 403]).toContain(other.statusCode);
    expect(await fileCount()).toBe(before);
    const forged = await saveImages(t.app, brand, 'material', '../../etc');
    expect(forged.statusCode).toBe(400);

    const nothing = await previewImages(t.app, brand, 'material', [{ name: 'NOBODY.png', content: solidPng(8, 8) }]);
    const res = await saveImages(t.app, brand, 'material', (nothing.json() as { data: Preview }).data.uploadId);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toBe('没有可保存的图片');
    expect(await fileCount()).toBe(before);
  });

  it('a record removed after the preview stops the whole save: no file row, no image set', async () => {
    const [gone, stays] = ['GONE01', 'STAY01'];
    const ids = await insertMaterials(t.app, brandId, [gone, stays]);
    const p = await previewImages(t.app, brand, 'material', [
      { name: `${stays}.png`, content: solidPng(8, 8) },
      { name: `${gone}.png`, content: solidPng(8, 8) },
    ]);
    expect((p.json() as { data: Preview }).data.counts.matched).toBe(2);
    await sql`delete from md_material where id = ${ids.get(gone)!}`.execute(t.app.db);
    const before = await fileCount();
    const res = await saveImages(t.app, brand, 'material', (p.json() as { data: Preview }).data.uploadId);
    expect(res.statusCode).toBe(409);
    expect(await fileCount()).toBe(before);
    const row = (await sql<{ image: string | null }>`select image from md_material where id = ${ids.get(stays)!}`.execute(t.app.db)).rows[0];
    expect(row.image).toBeNull();
  });
});
