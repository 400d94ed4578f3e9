import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numberingRuleFor } from '../../src/server/kernel/sequence/sequence.service';
import { withTenant } from '../../src/server/kernel/rls';
import { vendor } from '../../src/model/entities/vendor.entity';
import { createTestApp, type TestApp } from '../support/test-app';
import { resourceClient, tokenFor } from '../support/resource-client';

/**
 * Issue 10 "settings that must take effect": a company administrator's SN rule (admin, SN rules)
 * numbers that company's documents saved without a number; another company keeps the declared rule.
 */
let t: TestApp;
let brandAdmin: string;
let makerAdmin: string;
beforeAll(async () => {
  t = await createTestApp();
  brandAdmin = await tokenFor(t.database.db, t.config, 'brand');
  makerAdmin = await tokenFor(t.database.db, t.config, 'maker');
});
afterAll(async () => t?.close());

const yymm = () => {
  const d = new Date();
  return String(d.getFullYear()).slice(2) + String(d.getMonth() + 1).padStart(2, '0');
};

describe("a company's SN rule", () => {
  it('numbers its vendors saved without a code, while another company keeps the declared rule', async () => {
    const rules = resourceClient(t.app, brandAdmin, 'adminapi', 'admin_sn_rule');
    const rule = await rules.save({ rule_key: 'vendor', prefix: 'GYS', date_prefix: 'YYYY', length: 3, suffix: 'B' });
    expect(rule.body.code, JSON.stringify(rule.body)).toBe(200);

    const brandVendor = await resourceClient(t.app, brandAdmin, 'mdapi', 'vendor').save({ name: '规则测试面料厂', vendor_type: 'fabric' });
    expect(brandVendor.body.code, JSON.stringify(brandVendor.body)).toBe(200);
    expect(brandVendor.body.data.code).toMatch(new RegExp(`^GYS${new Date().getFullYear()}\\d{3}B$`));

    const makerVendor = await resourceClient(t.app, makerAdmin, 'mdapi', 'vendor').save({ name: '规则测试辅料厂', vendor_type: 'trim' });
    expect(makerVendor.body.code, JSON.stringify(makerVendor.body)).toBe(200);
    expect(makerVendor.body.data.code).toMatch(new RegExp(`^V${yymm()}\\d{4}$`));
  });

  it('changes the numbers as soon as the rule is edited, and a number typed by hand is kept', async () => {
    const rules = resourceClient(t.app, brandAdmin, 'adminapi', 'admin_sn_rule');
    const rule = await rules.save({ rule_key: 'customer', prefix: 'KH', length: 5 });
    expect(rule.body.code, JSON.stringify(rule.body)).toBe(200);
    const customers = resourceClient(t.app, brandAdmin, 'mdapi', 'customer');
    const first = await customers.save({ name: '规则测试客户甲', customer_type: 'brand' });
    expect(first.body.code, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.code).toMatch(/^KH\d{5}$/);

    const edited = await rules.save({ ...rule.body.data, prefix: 'KC', length: 6 });
    expect(edited.body.code, JSON.stringify(edited.body)).toBe(200);
    const second = await customers.save({ name: '规则测试客户乙', customer_type: 'brand' });
    expect(second.body.data.code).toMatch(/^KC\d{6}$/);

    const typed = await customers.save({ name: '规则测试客户丙', customer_type: 'brand', code: 'OWN001' });
    expect(typed.body.data.code).toBe('OWN001');
  });

  it('refuses a rule for something that is not numbered, so no saved rule goes unused', async () => {
    const rules = resourceClient(t.app, brandAdmin, 'adminapi', 'admin_sn_rule');
    const bad = await rules.save({ rule_key: 'no_such_document', prefix: 'X', length: 4 });
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body.data as { errors: object }).errors)).toContain('rule_key');
  });

  it('gives the effective rule to other numbering paths (the import numbers in bulk)', async () => {
    const idOf = async (code: string) => Number((await sql<{ id: number }>`select id from clients where code = ${code}`.execute(t.database.db)).rows[0].id);
    const [brandId, makerId] = [await idOf('BRAND01'), await idOf('MAKER01')];
    const own = await withTenant(t.database.db, brandId, (tx) => numberingRuleFor(tx, brandId, vendor));
    expect(own).toEqual({ field: 'code', prefix: 'GYS', datePrefix: 'YYYY', length: 3, suffix: 'B' });
    const declared = await withTenant(t.database.db, makerId, (tx) => numberingRuleFor(tx, makerId, vendor));
    expect(declared).toEqual(vendor.numbering);
  });
});
