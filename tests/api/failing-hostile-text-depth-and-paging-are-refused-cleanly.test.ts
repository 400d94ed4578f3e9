import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { tokenFor } from '../support/resource-client';

/**
 * Issue 20, "clean errors instead of 500": a NUL character anywhere in the input, JSON nested past the
 * depth limit and paging numbers PostgreSQL cannot hold are refused with a 400 in the envelope and a
 * message that says what is wrong, before any route runs, on PGlite and PostgreSQL alike.
 */
let t: TestApp;
let brand: string;
beforeAll(async () => {
  t = await createTestApp();
  brand = await tokenFor(t.database.db, t.config, 'brand');
}, 120_000);
afterAll(async () => t?.close());

type Envelope = { code: number; message: string; data: unknown };
const headers = (lang: 'zh-CN' | 'en' = 'zh-CN') => ({ authorization: `Bearer ${brand}`, 'x-lang': lang });
const get = (url: string, query: Record<string, string>, lang?: 'zh-CN' | 'en') => t.app.inject({ method: 'GET', url, query, headers: headers(lang) });
const postJson = (url: string, payload: unknown, withToken = true) =>
  t.app.inject({ method: 'POST', url, payload: JSON.stringify(payload), headers: { ...(withToken ? headers() : {}), 'content-type': 'application/json' } });
const postForm = (url: string, form: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload: new URLSearchParams(form).toString(), headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' } });

function refused(res: LightMyRequestResponse, label: string): Envelope {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBe(400);
  const body = res.json() as Envelope;
  expect(body.code, label).toBe(400);
  return body;
}

const NUL = '\u0000';
const MATERIAL = '/api/mdapi/material';
const VERSION = '/api/scmapi/allocationversion';

describe('a NUL character in any text', () => {
  it('is refused in a list query: quick search, a filter value and a filter key', async () => {
    for (const query of <Array<Record<string, string>>>[{ q: `a${NUL}b` }, { 'f.name.eq': `x${NUL}` }, { 'f.name.like': NUL }, { [`f.na${NUL}me.eq`]: 'x' }]) {
      const body = refused(await get(`${MATERIAL}/page`, query), JSON.stringify(query));
      expect(body.message).toBe('提交的内容含有不允许的控制字符（NUL）');
    }
    const en = refused(await get(`${MATERIAL}/page`, { q: NUL }, 'en'), 'en');
    expect(en.message).toBe('The request contains a character that is not allowed (NUL)');
  });

  it('is refused in a JSON save, in a child row, in a form body and in the sign-in', async () => {
    const vendor = (await get('/api/mdapi/vendor/page', { size: '1' })).json() as { data: { rows: Array<{ id: number }> } };
    // A valid material: without the NUL each of these saves would be written.
    const base = { name: '表单物料', material_group: 'fabric', unit: 'M', validity: '10', vendor_id: String(vendor.data.rows[0].id) };
    const row = { effective_date: '2026-01-01', price: '1', currency: 'CNY', remark: 'r' };
    refused(await postJson(`${MATERIAL}/save`, { ...base, name: `表单${NUL}` }), 'json save');
    refused(await postJson(`${MATERIAL}/save`, { ...base, price_history: [{ ...row, remark: `a${NUL}` }] }), 'child row');
    refused(await postForm(`${MATERIAL}/save`, { ...base, name: `表单${NUL}` }), 'form save');
    refused(await postForm(`${MATERIAL}/save`, { ...base, price_history: JSON.stringify([{ ...row, remark: NUL }]) }), 'form child row (escaped in JSON text)');
    refused(await postJson(`${MATERIAL}/save`, { ...base, [`name${NUL}`]: 'x' }), 'key');
    refused(await postJson('/api/access/login', { username: `brand${NUL}`, password: 'x' }, false), 'login');
    const form = await t.app.inject({ method: 'POST', url: '/api/access/login', payload: `username=brand%00&password=x`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    refused(form, 'form login');
    // Nothing of it was written; the same material without the NUL is.
    const list = await get(`${MATERIAL}/page`, { 'f.name.like': '表单' });
    expect((list.json() as { data: { total: number } }).data.total).toBe(0);
    const good = await postForm(`${MATERIAL}/save`, { ...base, price_history: JSON.stringify([row]) });
    expect(good.statusCode, good.body.slice(0, 300)).toBe(200);
  });
});

describe('deeply nested JSON', () => {
  const nest = (depth: number): unknown => {
    let v: unknown = 1;
    for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
    return v;
  };

  it('is refused past 32 levels in a JSON body and in a JSON field of a form body', async () => {
    // Built as text: JSON.stringify of a value this deep would itself overflow the stack.
    const deepText = `${'[{"a":'.repeat(50_000)}1${'}]'.repeat(50_000)}`;
    const json = refused(await t.app.inject({ method: 'POST', url: `${VERSION}/save`, payload: `{"version_code":"DEEP","month_from":"2026-01","month_to":"2026-02","vendor_settings":${deepText}}`, headers: { ...headers(), 'content-type': 'application/json' } }), 'json body');
    expect(json.message).toBe('提交的数据嵌套层级过深（最多 32 层）');
    refused(await postForm(`${VERSION}/save`, { version_code: 'DEEP', month_from: '2026-01', month_to: '2026-02', vendor_settings: deepText }), 'form json field');
    refused(await postJson(`${VERSION}/save`, { version_code: 'DEEP', month_from: '2026-01', month_to: '2026-02', layout: nest(40) }), 'just past the limit');
  });

  it('is accepted up to the limit', async () => {
    // The body, the unknown key's object and 30 levels below it: 32 in all.
    const res = await postJson(`${VERSION}/save`, { version_code: 'DEPTH32', month_from: '2026-01', month_to: '2026-02', layout: { v: nest(30) } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  });
});

describe('paging numbers', () => {
  const bad: Array<Record<string, string>> = [{ page: '1e18' }, { page: '9007199254740993' }, { size: '1.5' }, { page: '0' }, { page: '-1' }, { size: '0' }, { size: '501' }, { page: 'abc' }, { page: '1e3' }, { size: '0x10' }];

  it('outside a safe range are refused on the generic lists', async () => {
    for (const query of bad) {
      const body = refused(await get(`${MATERIAL}/page`, query), JSON.stringify(query));
      expect(body.message, JSON.stringify(query)).toMatch(/^无效的分页参数：(page|size)/);
    }
    const far = await get(`${MATERIAL}/page`, { page: '1000000', size: '500' });
    expect(far.statusCode, far.body).toBe(200);
  });

  it('outside a safe range are refused on the administration, audit, outbox, sign-up and import-job lists', async () => {
    const lists = ['/api/adminapi/users', '/api/adminapi/audit', '/api/utilsapi/outbox', '/api/crossapi/ccommonapi/data-upload/jobs'];
    for (const url of lists) {
      for (const query of <Array<Record<string, string>>>[{ page: '1e18' }, { size: '1.5' }, { page: '99999999999' }, { page: '0' }]) refused(await get(url, query), `${url} ${JSON.stringify(query)}`);
      const fine = await get(url, { page: '2', size: '10' });
      expect(fine.statusCode, `${url} ${fine.body.slice(0, 200)}`).toBe(200);
    }
  });
});
