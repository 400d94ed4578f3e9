import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { tokenFor } from '../support/resource-client';

/**
 * Issue 10: the order lists offer import like every other list. An entity is importable only where
 * a page offers import, so the requirement and customer order pages declare it; the import centre
 * then lists them and gives their templates.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function links(username: string): Promise<string[]> {
  const token = await tokenFor(t.database.db, t.config, username);
  const res = await t.app.inject({ method: 'GET', url: '/api/crossapi/ccommonapi/data-upload/page-upload-links', headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Array<{ entity: string }> }).data.map((l) => l.entity);
}

describe('import of orders', () => {
  it('lists requirement orders, customer orders and demand lines in the import centre, with their templates', async () => {
    const offered = await links('brand');
    expect(offered).toEqual(expect.arrayContaining(['prorder', 'customerorder', 'demand']));
    const token = await tokenFor(t.database.db, t.config, 'maker');
    for (const entity of ['prorder', 'customerorder']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/crossapi/ccommonapi/data-upload/template?entity=${entity}&lang=zh-CN`, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
    }
  });
});
