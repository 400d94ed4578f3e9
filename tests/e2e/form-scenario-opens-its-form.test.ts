import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { signInToShell } from './support/steps';

/**
 * The browser asks the process bus which form a scenario fills in (spec 7 cpm-ot/scenario, issue 35):
 * a project type's drawer names its scenario and form, and the demo scenario 来料检验's drawer opens
 * the records of the form the server names (来料检验单, with its demo records).
 */
const run = serverAndBrowserForFile();

async function idOf(token: string, path: string, code: string): Promise<number> {
  const res = await fetch(`${run.server.url}/api${path}?f.code.eq=${code}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: { rows: Array<{ id: number }> } }).data.rows[0].id;
}

describe('form scenarios in the browser', () => {
  it('a project type names its scenario\'s form, and the scenario opens that form\'s records', async () => {
    const res = await fetch(`${run.server.url}/api/access/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'brand', password: 'Demo1234' }) });
    const token = ((await res.json()) as { data: { access_token: string } }).data.access_token;
    const typeId = await idOf(token, '/adminapi/admin_project_type/page', 'QC_PROJECT');
    const scenarioId = await idOf(token, '/crossapi/formscenario/page', 'QC_INCOMING');

    const page = await run.browser.newPage({ viewport: { width: 1366, height: 768 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInToShell(page, run.server.url, 'brand');
    await page.goto(`${run.server.url}/admin/index/projecttype?open=${typeId}`);
    await page.waitForSelector('[data-testid=dyn-type-scenario]');
    expect(await page.textContent('[data-testid=dyn-type-scenario]')).toContain('来料检验单');
    await snap(page, 'scenario-01-project-type');

    await page.goto(`${run.server.url}/admin/index/formscenario?open=${scenarioId}`);
    await page.click('[data-testid=link-fill-scenario]');
    await page.waitForURL(/\/approvals\/scenario\/QC_INCOMING$/);
    await page.waitForSelector('[data-testid=dyn-scenario][data-form=QC_INSPECT]');
    await page.waitForSelector('[data-testid=list-dynform-QC_INSPECT] .ag-row');
    await snap(page, 'scenario-02-records');

    await page.goto(`${run.server.url}/approvals/scenario/NO_SUCH`);
    await page.waitForSelector('[data-testid=dyn-scenario-missing]');
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
