import { sql } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database';
import { EXACT_COUNT_THRESHOLD } from '../../src/server/resources/list-count';
import { launchBrowser, type RunningServer, startServer } from './support/harness';
import { signIn, until } from './support/steps';

/**
 * Issue 32: a list of more rows than the exact-count threshold shows its rows, then its total as an
 * estimate ("约 3 万 条"), and the exact figure when the estimate is clicked. The server starts on a
 * database holding 30,000 more materials of the brand company, inserted beforehand by SQL.
 */
const EXTRA = 30_000;
let server: RunningServer;
let browser: Browser;
let brandRows = 0;

beforeAll(async () => {
  // On the run's PostgreSQL clone when there is one, else on the embedded copy (harness `prepare`).
  const prepare = async (db: Db) => {
    const brand = (await sql<{ id: number }>`select id from clients where code = 'BRAND01'`.execute(db)).rows[0].id;
    const vendor = (await sql<{ id: number }>`select id from md_vendor where client_id = ${brand} order by id limit 1`.execute(db)).rows[0].id;
    await sql`insert into md_material (client_id, code, name, material_group, unit, vendor_id, price, currency, validity)
      select ${brand}, 'LL' || lpad(g::text, 6, '0'), '大列表物料 ' || g, 'fabric', 'M', ${vendor}, 1, 'CNY', '10' from generate_series(1, ${EXTRA}) g`.execute(db);
    await sql`analyze md_material`.execute(db);
    brandRows = (await sql<{ n: number }>`select count(*)::int as n from md_material where client_id = ${brand}`.execute(db)).rows[0].n;
  };
  [server, browser] = await Promise.all([startServer({}, { prepare }), launchBrowser()]);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const totalText = async (page: Page) => ((await page.textContent('[data-testid=row-total]')) ?? '').trim();

describe('a list larger than the exact-count threshold', () => {
  it('shows its rows, then "约 3 万 条" as an estimate, and the exact count on a click', async () => {
    expect(brandRows).toBeGreaterThan(EXACT_COUNT_THRESHOLD);
    const page = await browser.newPage();
    await signIn(page, server.url, '/md/masterdetail/material', 'brand');
    await page.waitForSelector('[data-testid=grid-material] .ag-row [col-id=code]:not(:empty)');
    await page.waitForSelector('[data-testid=row-total][data-estimated=true]');
    expect(await totalText(page)).toBe(`约 ${Math.round(brandRows / 1e4)} 万 条`);
    await page.click('[data-testid=row-total]');
    await until(page, () => !document.querySelector('[data-testid=row-total]')?.hasAttribute('data-estimated'));
    expect(await totalText(page)).toBe(`共 ${brandRows} 条`);
    // The exact count is the grid's row count: its scroll height holds every row.
    const heights = await page.evaluate(() => {
      const grid = document.querySelector('[data-testid=grid-material]')!;
      const all = Math.max(...[...grid.querySelectorAll<HTMLElement>('*')].map((e) => e.scrollHeight));
      return { all, row: grid.querySelector<HTMLElement>('.ag-row')!.offsetHeight };
    });
    expect(Math.abs(heights.all / heights.row - brandRows)).toBeLessThan(3);
    // A jump to the middle (the scrollbar dragged) reads that block by its page number and shows it.
    await page.evaluate(() => {
      const scrollers = [...document.querySelectorAll<HTMLElement>('[data-testid=grid-material] *')].filter((e) => e.scrollHeight > e.clientHeight + 100);
      for (const e of scrollers) e.scrollTop = e.scrollHeight / 2;
    });
    const middle = Math.floor(brandRows / 2);
    await until(page, (row) => {
      const cell = document.querySelector(`[data-testid=grid-material] .ag-row[row-index="${row}"] [col-id=code]`);
      return Boolean(cell && (cell.textContent ?? '').trim() !== '');
    }, middle, { timeout: 30_000 });
    await page.close();
  });
});
