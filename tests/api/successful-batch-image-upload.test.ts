import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '../support/png';
import { tokenFor } from '../support/resource-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { insertMaterials, previewImages, saveImages, type Preview } from './image-support';

let t: TestApp;
let dataDir: string;
let brand: string;
let maker: string;
let brandId: number;
let ids: Map<string, number>;

const clientOf = async (code: string) => (await sql<{ id: number }>`select id from clients where code = ${code}`.execute(t.app.db)).rows[0].id;
const material = async (id: number) => (await sql<{ image: string | null; version: number }>`select image, version from md_material where id = ${id}`.execute(t.app.db)).rows[0];
const fileCount = async () => (await sql<{ n: number }>`select count(*)::int as n from files`.execute(t.app.db)).rows[0].n;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'images-ok-'));
  t = await createTestApp({ dataDir });
  brand = await tokenFor(t.app.db, t.config, 'brand');
  maker = await tokenFor(t.app.db, t.config, 'maker');
  brandId = await clientOf('BRAND01');
  ids = await insertMaterials(t.app, brandId, ['MIMG001', 'MIMG002', 'MIMG003']);
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('batch image upload: preview, then save', () => {
  let preview: Preview;

  it('previews matched, unmatched, duplicate and rejected names before saving anything', async () => {
    const files = [
      { name: 'MIMG001.png', content: solidPng(320, 240) },
      { name: 'mimg002.png', content: solidPng(200, 200, [200, 40, 40]) },
      { name: 'NOPE999.png', content: solidPng(10, 10) },
      { name: 'MIMG003.png', content: solidPng(30, 30) },
      { name: 'MIMG003.jpeg.png', content: solidPng(30, 30) },
      { name: 'Mimg003.gif.png', content: solidPng(40, 40) },
      { name: 'Mimg003.png', content: solidPng(40, 40) },
      { name: 'notes.png', content: Buffer.from('not an image at all') },
    ];
    const before = await fileCount();
    const res = await previewImages(t.app, brand, 'material', files);
    expect(res.statusCode, res.body).toBe(200);
    preview = (res.json() as { data: Preview }).data;
    const by = (name: string) => preview.items.find((i) => i.name === name)!;
    expect(by('MIMG001.png')).toMatchObject({ status: 'matched', code: 'MIMG001', recordId: ids.get('MIMG001'), replaces: false, image: { width: 320, height: 240, mime: 'image/png' } });
    // case-insensitive match of the code
    expect(by('mimg002.png')).toMatchObject({ status: 'matched', recordId: ids.get('MIMG002') });
    expect(by('NOPE999.png')).toMatchObject({ status: 'unmatched', messageText: '没有编码为 NOPE999 的记录' });
    // "Mimg003.png" names the same record as "MIMG003.png": both are shown, neither is taken
    expect(by('MIMG003.png')).toMatchObject({ status: 'duplicate', messageText: '与 Mimg003.png 对应同一条记录' });
    expect(by('Mimg003.png').status).toBe('duplicate');
    // only the last extension is dropped: "MIMG003.jpeg" is not a code
    expect(by('MIMG003.jpeg.png')).toMatchObject({ status: 'unmatched' });
    expect(by('Mimg003.gif.png')).toMatchObject({ status: 'unmatched' });
    expect(by('notes.png')).toMatchObject({ status: 'rejected', messageText: 'notes.png 不是 PNG、JPEG、GIF 或 WebP 图片' });
    expect(preview.counts).toEqual({ matched: 2, unmatched: 3, duplicate: 2, rejected: 1 });
    // nothing stored yet
    expect(await fileCount()).toBe(before);
    expect((await material(ids.get('MIMG001')!)).image).toBeNull();
  });

  it('saves the matched images: files stored, image fields set, versions raised, audited', async () => {
    const v1 = (await material(ids.get('MIMG001')!)).version;
    const res = await saveImages(t.app, brand, 'material', preview.uploadId);
    expect(res.statusCode, res.body).toBe(200);
    const data = (res.json() as { data: { saved: number; items: Array<{ recordId: number; fileId: number; url: string }> } }).data;
    expect(data.saved).toBe(2);
    const m1 = await material(ids.get('MIMG001')!);
    const saved1 = data.items.find((i) => i.recordId === ids.get('MIMG001'))!;
    expect(m1.image).toBe(saved1.url);
    expect(m1.image).toMatch(/^\/api\/crossapi\/ccommonapi\/files\/[0-9a-f]{32}$/);
    expect(m1.version).toBe(v1 + 1);
    expect((await material(ids.get('MIMG003')!)).image).toBeNull();
    const file = (await sql<{ path: string; client_id: number; width: number; height: number; mime: string }>`select path, client_id, width, height, mime from files where id = ${saved1.fileId}`.execute(t.app.db)).rows[0];
    expect(file).toMatchObject({ client_id: brandId, width: 320, height: 240, mime: 'image/png' });
    expect(existsSync(join(dataDir, 'files', file.path))).toBe(true);
    const audit = (await sql<{ changes: unknown }>`select changes from audit_log where entity = 'material' and record_id = ${ids.get('MIMG001')!} and action = 'update'`.execute(t.app.db)).rows;
    expect(JSON.stringify(audit[0].changes)).toContain(m1.image!);

    // the stored file is served to its tenant, by header or by the signed link an <img> uses (never the access token in its address)
    const img = await t.app.inject({ method: 'GET', url: m1.image!, headers: { authorization: `Bearer ${brand}` } });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(solidPng(320, 240))).toBe(true);
    const byQuery = await t.app.inject({ method: 'GET', url: `${m1.image!}?token=${encodeURIComponent(brand)}` });
    expect(byQuery.statusCode).toBe(401);
    const signed = await t.app.inject({ method: 'POST', url: '/api/crossapi/ccommonapi/files/links', headers: { authorization: `Bearer ${brand}` }, payload: { urls: [m1.image] } });
    const link = (signed.json() as { data: { links: Record<string, string> } }).data.links[m1.image!];
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);

    // and shows in the material's record
    const view = await t.app.inject({ method: 'GET', url: `/api/mdapi/material/view?id=${ids.get('MIMG001')}`, headers: { authorization: `Bearer ${brand}` } });
    expect((view.json() as { data: { image: string } }).data.image).toBe(m1.image);
  });

  it('a saved preview cannot be saved twice', async () => {
    const res = await saveImages(t.app, brand, 'material', preview.uploadId);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toBe('预览已过期，请重新选择图片');
  });

  it('a second upload for a record with an image says it replaces it', async () => {
    const res = await previewImages(t.app, brand, 'material', [{ name: 'MIMG001.png', content: solidPng(64, 64) }], {}, 'en');
    const item = (res.json() as { data: Preview }).data.items[0];
    expect(item).toMatchObject({ status: 'matched', replaces: true });
  });

  it('another tenant neither reads the file nor matches the codes', async () => {
    const url = (await material(ids.get('MIMG001')!)).image!;
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${maker}` } });
    expect(res.statusCode).toBe(404);
    const anon = await t.app.inject({ method: 'GET', url });
    expect(anon.statusCode).toBe(401);
    const p = await previewImages(t.app, maker, 'material', [{ name: 'MIMG001.png', content: solidPng(8, 8) }]);
    expect((p.json() as { data: Preview }).data.items[0].status).toBe('unmatched');
  });
});
