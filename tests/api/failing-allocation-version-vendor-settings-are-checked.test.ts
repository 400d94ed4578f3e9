import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { resourceClient } from '../support/resource-client';

/**
 * An allocation version's per-vendor settings (KPI, share cap, share target) were free JSON that no
 * screen could set and the save took as it came; they are now the field's declared entries, edited
 * in the version form and checked by the save (issue 10): keys are vendor ids, values numbers in
 * range, and what is saved is what the workbench's suggestion reads.
 */
let t: TestApp;
let brand: string;

beforeAll(async () => {
  t = await createTestApp();
  brand = await signIn(t.app, 'brand');
});
afterAll(async () => t?.close());

describe('vendor settings of an allocation version', () => {
  it('refuses settings that are not per-vendor numbers in range, with the message the form shows', async () => {
    const versions = resourceClient(t.app, brand, 'scmapi', 'allocationversion', 'en');
    const base = { version_code: 'VS-BAD', month_from: '2026-01', month_to: '2026-03' };
    const cases: Array<[unknown, string]> = [
      [{ anything: 'goes' }, 'Each row needs a record'],
      [{ '7': { colour: 'red' } }, 'Each row needs a record and valid values in its columns'],
      [{ '7': { kpi: 101 } }, 'A vendor KPI is between 0 and 100'],
      [{ '7': { shareMax: 30 } }, 'Share cap and share target are between 0 and 1 (0.3 for 30%)'],
      [{ '7': { shareMax: 0.2, shareTarget: 0.5 } }, 'The share target cannot exceed the share cap'],
    ];
    for (const [vendor_settings, message] of cases) {
      const res = await versions.save({ ...base, vendor_settings });
      expect({ vendor_settings, status: res.status, code: res.body.code, error: (res.body.data as { errors?: Record<string, string> }).errors?.vendor_settings }).toEqual({
        vendor_settings,
        status: 400,
        code: 11000,
        error: message,
      });
    }
  });

  it('saves per-vendor settings and the workbench reads them', async () => {
    const versions = resourceClient(t.app, brand, 'scmapi', 'allocationversion');
    // The workbench lists the vendors with capacity in the version's months: take the seeded version's.
    const seeded = (await versions.page()).body.data.rows.find((r) => r.status === 'draft')!;
    const vendorsOf = async (id: unknown) => {
      const wb = await t.app.inject({ method: 'GET', url: '/api/scmapi/allocationversion/workbench', query: { id: String(id) }, headers: { authorization: `Bearer ${brand}` } });
      return (wb.json() as { data: { vendors: Array<{ id: number; kpi: number; shareMax: number | null; shareTarget: number | null }> } }).data.vendors;
    };
    const [a, b] = (await vendorsOf(seeded.id)).map((v) => v.id);
    const vendor_settings = { [a]: { kpi: 95, shareMax: 0.4, shareTarget: 0.3 }, [b]: { kpi: 60 } };
    const saved = await versions.save({ version_code: 'VS-GOOD', month_from: seeded.month_from, month_to: seeded.month_to, vendor_settings });
    expect(saved.status).toBe(200);
    expect((await versions.view(saved.body.data.id)).body.data.vendor_settings).toEqual(vendor_settings);
    const read = await vendorsOf(saved.body.data.id);
    expect(read.find((v) => v.id === a)).toMatchObject({ kpi: 95, shareMax: 0.4, shareTarget: 0.3 });
    expect(read.find((v) => v.id === b)).toMatchObject({ kpi: 60, shareMax: null, shareTarget: null });
  });
});
