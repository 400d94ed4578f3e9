import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clickAction, serverAndBrowserForFile, snap } from './support/harness';
import { signInToShell, until } from './support/steps';

/**
 * A reference's pick fills other fields (spec 3, issue 35): in 寻源记录 the picked vendor record is
 * split into the supplier's name, contact and phone (`splitFields`); in 采购订单 the order's currency
 * defaults from the picked supplier's (`defaultfield: 'vendor_id.currency'`).
 */
const run = serverAndBrowserForFile();

type Vendor = { id: number; version: number; code: string; name: string; contact_person: string | null; contact_mobile: string | null; currency: string | null };

async function api<T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${run.server.url}/api${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const reply = (await res.json()) as { code: number; message: string; data: T };
  if (reply.code !== 200) throw new Error(`${path}: ${reply.code} ${reply.message}`);
  return reply.data;
}

async function pickVendor(page: Page, fieldId: string, vendor: Vendor): Promise<void> {
  await page.click(`#${fieldId}`);
  await page.fill(`#${fieldId}`, vendor.name);
  await page.click(`[role=option]:has-text("${vendor.name}")`);
}

describe('picking a vendor fills the form', () => {
  it('splits the vendor into the sourcing record\'s fields and defaults the order\'s currency from it', async () => {
    const res = await fetch(`${run.server.url}/api/access/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'brand', password: 'Demo1234' }) });
    const token = ((await res.json()) as { data: { access_token: string } }).data.access_token;
    const vendors = (await api<{ rows: Vendor[] }>(token, 'GET', '/mdapi/vendor/page?size=50')).rows;
    const v = vendors.find((x) => x.contact_person && x.contact_mobile) ?? vendors[0];
    // The supplier trades in US dollars (the demo's are in yuan, which the order has by default).
    await api(token, 'POST', '/mdapi/vendor/save', { id: v.id, version: v.version, currency: 'USD', contact_person: v.contact_person ?? '王敏', contact_mobile: v.contact_mobile ?? '13812345678' });
    const vendor = { ...v, contact_person: v.contact_person ?? '王敏', contact_mobile: v.contact_mobile ?? '13812345678' };

    const page = await run.browser.newPage({ viewport: { width: 1366, height: 768 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInToShell(page, run.server.url, 'brand');

    await page.goto(`${run.server.url}/srm/index/srcrecord`);
    await clickAction(page, 'create');
    await page.waitForSelector('[data-testid=entity-form]');
    await pickVendor(page, 'f-srcrecord-vendor_id', vendor);
    await until(page, (name) => (document.querySelector('#f-srcrecord-supplier_name') as HTMLInputElement | null)?.value === name, vendor.name);
    expect(await page.inputValue('#f-srcrecord-contact_person')).toBe(vendor.contact_person);
    expect(await page.inputValue('#f-srcrecord-contact_phone')).toBe(vendor.contact_mobile);
    await snap(page, 'form-pick-01-split-vendor');

    await page.goto(`${run.server.url}/srm/masterdetail/purorder`);
    await clickAction(page, 'create');
    await page.waitForSelector('[data-testid=entity-form]');
    expect(await page.textContent('#f-purorder-currency')).toContain('人民币');
    await pickVendor(page, 'f-purorder-vendor_id', vendor);
    await until(page, () => (document.querySelector('#f-purorder-currency')?.textContent ?? '').includes('美元'));
    await snap(page, 'form-pick-02-currency-default');
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
