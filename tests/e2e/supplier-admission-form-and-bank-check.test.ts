import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { signIn, until } from './support/steps';

/**
 * Supplier admission and vendor settings in the browser (issue 16). The maker opened its application
 * to the demo brand's public project that uses the access evaluation form 面料供应商准入评估表 (a
 * dynamic form): in its own account it fills in the form in the application's drawer (a missing
 * required answer refused first), adds an expired certificate with its file (flagged 已过期) and
 * posts; the brand opens the sourcing record, sees the answers and the flagged certificate, cannot
 * shortlist before the review, admits the supplier (准入审核 with its verdict from a choice) and
 * shortlists it. Vendor settings: the brand opens VHF01, sees the bank data beside the permit image,
 * checks it; a changed account number clears the check; a non-numeric branch code is refused; a new
 * permit image is uploaded and checked again; the vendor's KPI page opens from its drawer. Screens
 * in Chinese and in English. Build the client first (`npx vite build`).
 */
const run = serverAndBrowserForFile();
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PROJECT = '2027 秋冬再生涤纶面料准入寻源';

async function toast(page: Page, intent: 'error' | 'warning' | 'success', text: string): Promise<void> {
  try {
    await page.waitForSelector(`[data-testid=toast-${intent}]:has-text("${text}")`, { timeout: 15000 });
  } catch (e) {
    await snap(page, 'admission-failed-toast');
    const shown = await page.evaluate(() => [...document.querySelectorAll('[data-testid^=toast-]')].map((x) => x.textContent));
    throw new Error(`no ${intent} toast "${text}"; shown: ${JSON.stringify(shown)}`, { cause: e });
  }
  for (const b of await page.$$('[data-testid=toast-close]')) await b.click().catch(() => undefined);
}

async function rowShows(page: Page, col: string, text: string, row = 0): Promise<void> {
  await until(page, ([c, t, r]) => document.querySelector(`.ag-row[row-index="${r}"] .ag-cell[col-id="${c}"]`)?.textContent?.includes(t as string), [col, text, row] as const, { timeout: 15000 });
}

async function search(page: Page, text: string, col: string): Promise<void> {
  await page.fill('[data-testid=quick-search]', text);
  await until(page, ([t, c]) => {
    const cells = [...document.querySelectorAll(`.ag-row .ag-cell[col-id="${c}"]`)];
    return cells.length === 1 && cells.every((x) => x.textContent?.includes(t as string));
  }, [text, col] as const, { timeout: 15000 }).catch(async (e) => {
    await snap(page, 'admission-failed-search');
    throw e;
  });
  await page.waitForTimeout(300);
}

async function clickAction(page: Page, action: string): Promise<void> {
  const button = page.locator(`[data-testid=action-${action}]`);
  if (await button.isVisible()) return button.click();
  await page.click('[data-testid=toolbar-more]');
  await page.click(`[data-testid=more-action-${action}]`);
}

async function select(page: Page, row = 0): Promise<void> {
  for (const box of await page.locator('.ag-row .ag-selection-checkbox input:checked').all()) await box.uncheck();
  await page.locator(`.ag-row[row-index="${row}"] .ag-selection-checkbox input`).check();
}

async function closeDrawer(page: Page, name = 'close'): Promise<void> {
  if (await page.locator('[data-testid=form-cancel]').count()) await page.click('[data-testid=form-cancel]');
  const asked = await page.waitForSelector('[data-testid=confirm-ok]', { timeout: 1500 }).catch(() => null);
  if (asked) {
    await snap(page, `admission-debug-${name}-asks`);
    await asked.click();
  }
  await page.waitForSelector('[data-testid=form-drawer]', { state: 'detached', timeout: 10000 });
}

async function switchLanguage(page: Page, lang: 'en' | 'zh-CN'): Promise<void> {
  await page.click('[data-testid=language-switch]');
  await page.click(`[data-testid=language-${lang}]`);
}

async function login(username: string): Promise<string> {
  const r = (await (await fetch(`${run.server.url}/api/access/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'Demo1234' }) })).json()) as { data: { access_token: string } };
  return r.data.access_token;
}
async function api<T>(token: string, path: string): Promise<T> {
  const r = await fetch(`${run.server.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  const j = (await r.json()) as { code: number; message: string; data: T };
  if (j.code !== 200) throw new Error(`${path}: ${j.message}`);
  return j.data;
}
type Rows = { rows: Array<Record<string, unknown>> };

describe('supplier admission with the access evaluation form, and the bank data check', () => {
  it('the maker fills in the form and adds a certificate in its account, the brand reviews and shortlists; the brand checks a vendor\'s bank data against its permit', async () => {
    const errors: string[] = [];
    const makerToken = await login('maker');
    const brandToken = await login('brand');

    // ---- the maker, in its own company ----
    const maker = await run.browser.newPage({ viewport: { width: 1440, height: 1000 } });
    maker.on('pageerror', (e) => errors.push(e.message));
    await signIn(maker, run.server.url, '/srm/index/srcapplication', 'maker');
    await maker.waitForSelector('[data-testid=grid-srcapplication] .ag-header-cell');
    await search(maker, PROJECT, 'project_name');
    await rowShows(maker, 'access_review', '待供应商填写');
    const appNo = String((await api<Rows>(makerToken, `/srmapi/srcapplication/page?f.project_name.eq=${encodeURIComponent(PROJECT)}`)).rows[0].app_no);
    await select(maker);
    await clickAction(maker, 'edit');
    await maker.waitForSelector('[data-testid=access-form] [data-testid=entity-form]');
    // A required answer missing: refused where it is.
    await maker.fill('#f-dynform-ACCESS_FAB-founded_year', '2009');
    await maker.click('[data-testid=access-form-save]');
    await toast(maker, 'error', '请先更正表单的错误内容');
    await maker.fill('#f-dynform-ACCESS_FAB-staff', '860');
    await maker.fill('#f-dynform-ACCESS_FAB-capacity_tons', '45');
    await maker.fill('#f-dynform-ACCESS_FAB-main_products', '针织T恤、卫衣与运动套装成衣，自有面料采购');
    await maker.click('#f-dynform-ACCESS_FAB-qms');
    await maker.click('[role=option]:has-text("ISO 9001 认证")');
    await maker.fill('#f-dynform-ACCESS_FAB-contact_email', 'qa@huafang.example');
    await maker.click('[data-testid=access-form-save]');
    await toast(maker, 'success', '保存成功');
    // A certificate with its file, already expired: flagged.
    await maker.waitForSelector('[data-testid=cert-add]');
    await maker.fill('[data-testid=cert-name] input, input[data-testid=cert-name]', 'BSCI 社会责任审核报告');
    await maker.fill('[data-testid=cert-no] input, input[data-testid=cert-no]', 'BSCI-2024-0931');
    await maker.fill('[data-testid=cert-valid-to] input, input[data-testid=cert-valid-to]', '2025-06-30');
    await maker.setInputFiles('[data-testid=cert-file]', { name: 'bsci.png', mimeType: 'image/png', buffer: PNG });
    await maker.click('[data-testid=cert-add-button]');
    await maker.waitForSelector('[data-testid=cert-row][data-expired="1"] [data-testid=cert-expired]');
    const saved = (await api<{ access_data: Record<string, unknown>; certs: Array<{ expired: boolean }> }>(makerToken, `/srmapi/sourcing/admission?entity=srcapplication&id=${String((await api<Rows>(makerToken, `/srmapi/srcapplication/page?f.app_no.eq=${appNo}`)).rows[0].id)}`));
    expect(saved.access_data).toMatchObject({ founded_year: 2009, staff: 860, qms: 'iso9001', contact_email: 'qa@huafang.example' });
    expect(saved.certs.map((c) => c.expired)).toEqual([true]);
    await snap(maker, 'admission-01-maker-access-form-zh');
    await closeDrawer(maker, 'maker');
    await select(maker);
    await clickAction(maker, 'post');
    await maker.click('[data-testid=transition-ok]');
    await toast(maker, 'success', '操作成功');
    await rowShows(maker, 'status', '已提交待审核');
    await rowShows(maker, 'access_review', '待审核');

    // ---- the brand reviews ----
    const brand = await run.browser.newPage({ viewport: { width: 1600, height: 1000 } });
    brand.on('pageerror', (e) => errors.push(e.message));
    await signIn(brand, run.server.url, '/srm/index/srcrecord', 'brand');
    await brand.waitForSelector('[data-testid=grid-srcrecord] .ag-header-cell');
    // Quick search reads the supplier's name; the tab keeps the records whose access form waits for review.
    const findRecord = async () => {
      await brand.click('[data-testid=tab-access_pending]');
      await search(brand, '宁波华纺制衣有限公司', 'supplier_name');
      await rowShows(brand, 'application_no', appNo);
    };
    await findRecord();
    await rowShows(brand, 'access_review', '待审核');
    await select(brand);
    await clickAction(brand, 'edit');
    await brand.waitForSelector('[data-testid=record-admission] [data-testid=entity-form]');
    await brand.waitForSelector('[data-testid=record-admission] [data-testid=cert-expired]');
    expect(await brand.inputValue('#f-dynform-ACCESS_FAB-contact_email')).toBe('qa@huafang.example');
    await snap(brand, 'admission-02-brand-record-review-zh');
    await closeDrawer(brand);
    await switchLanguage(brand, 'en');
    await findRecord();
    await select(brand);
    await clickAction(brand, 'edit');
    await brand.waitForSelector('[data-testid=record-admission]:has-text("Access evaluation form")');
    await brand.waitForSelector('[data-testid=cert-expired]:has-text("Expired")');
    await snap(brand, 'admission-03-brand-record-review-en');
    await closeDrawer(brand);
    await switchLanguage(brand, 'zh-CN');
    await findRecord();
    // Not before the review.
    await select(brand);
    await clickAction(brand, 'shortlist');
    await toast(brand, 'error', '请先审核该供应商的准入评估表');
    await select(brand);
    await clickAction(brand, 'review_access');
    await brand.click('[data-testid=param-access_verdict]');
    await brand.click('[role=option]:has-text("准入通过")');
    await brand.locator('[role=dialog] input').first().fill('资质齐全，BSCI 报告已过期请年内更新');
    await snap(brand, 'admission-04-brand-review-dialog');
    await brand.click('[data-testid=transition-ok]');
    await toast(brand, 'success', '操作成功');
    // Admitted: out of the tab of records to review, among the submitted ones.
    await brand.click('[data-testid=tab-submitted]');
    // Narrowed to this application: a row index read among several can point at another one once a
    // live refresh of the list reorders it (seen with four files at a time).
    await search(brand, appNo, 'application_no');
    await rowShows(brand, 'access_review', '准入通过');
    await select(brand);
    await clickAction(brand, 'shortlist');
    await toast(brand, 'success', '操作成功');
    // The maker sees the verdict on its application (its copy follows the brand's record once the
    // shortlist has committed; read until it has, at most ten seconds).
    let mine = (await api<Rows>(makerToken, `/srmapi/srcapplication/page?f.app_no.eq=${appNo}`)).rows[0];
    for (let i = 0; i < 20 && mine.status !== 'candidate'; i++) {
      await brand.waitForTimeout(500);
      mine = (await api<Rows>(makerToken, `/srmapi/srcapplication/page?f.app_no.eq=${appNo}`)).rows[0];
    }
    expect(mine).toMatchObject({ access_review: 'passed', status: 'candidate' });

    // ---- vendor settings: the bank data against the permit ----
    await brand.goto(`${run.server.url}/srm/index/vendorsetting`);
    await brand.waitForSelector('[data-testid=grid-vendorsetting] .ag-header-cell');
    await search(brand, 'VHF01', 'code');
    const openVendor = async () => {
      await select(brand);
      await clickAction(brand, 'edit');
      await brand.waitForSelector('[data-testid=vendor-bank-check]');
    };
    await openVendor();
    await brand.waitForSelector('[data-testid=vendor-bank-check] [data-testid=permit-image]');
    await brand.waitForSelector('[data-testid=bank-checked][data-value="0"]');
    expect(await brand.textContent('[data-testid=bank-branch]')).toBe('104332000456');
    await snap(brand, 'admission-05-vendor-bank-side-by-side-zh');
    await brand.click('[data-testid=bank-check]');
    await toast(brand, 'success', '银行信息已与开户许可证核对一致');
    await brand.waitForSelector('[data-testid=bank-checked][data-value="1"]');
    // A changed account number clears the check.
    await brand.fill('#f-vendorsetting-bank_account_no', '361068812399');
    await brand.click('[data-testid=form-save]');
    await toast(brand, 'success', '保存成功');
    await closeDrawer(brand);
    await openVendor();
    await brand.waitForSelector('[data-testid=bank-checked][data-value="0"]');
    // Spec 5: a domestic branch code is numeric.
    await brand.fill('#f-vendorsetting-bank_branch_code', '1043X2000456');
    await brand.click('[data-testid=form-save]');
    await brand.waitForSelector('[data-field=bank_branch_code]:has-text("国内银行联行号必须为数字")');
    await brand.fill('#f-vendorsetting-bank_branch_code', '104332000456');
    await brand.click('[data-testid=form-save]');
    await toast(brand, 'success', '保存成功');
    await closeDrawer(brand);
    // A new permit image, then the check again.
    await openVendor();
    await brand.setInputFiles('[data-testid=permit-file]', { name: 'permit.png', mimeType: 'image/png', buffer: PNG });
    await toast(brand, 'success', '开户许可证已上传');
    await brand.waitForSelector('[data-testid=bank-checked][data-value="0"]');
    await brand.click('[data-testid=bank-check]');
    await toast(brand, 'success', '银行信息已与开户许可证核对一致');
    await brand.waitForSelector('[data-testid=bank-checked][data-value="1"]');
    const vendor = (await api<Rows>(brandToken, '/mdapi/vendor/page?f.code.eq=VHF01')).rows[0];
    expect(vendor).toMatchObject({ bank_checked: true, bank_account_no: '361068812399', bank_checked_by: '品牌管理员' });
    await closeDrawer(brand);
    await switchLanguage(brand, 'en');
    await search(brand, 'VHF01', 'code');
    await openVendor();
    await brand.waitForSelector('[data-testid=vendor-bank-check]:has-text("Bank data check")');
    await snap(brand, 'admission-06-vendor-bank-checked-en');
    await closeDrawer(brand);
    await switchLanguage(brand, 'zh-CN');
    await search(brand, 'VHF01', 'code');
    await openVendor();
    await brand.waitForSelector('[data-testid=vendor-bank-check]:has-text("银行信息核对")');
    // The vendor's KPI page, from its drawer.
    await brand.click('[data-testid=vendor-kpi]');
    await brand.waitForURL(/\/rpt\/dsrptindex\/vendor-kpi\?f\.code\.eq=VHF01/);
    await brand.waitForSelector('text=宁波华纺制衣有限公司');
    await snap(brand, 'admission-07-vendor-kpi-zh');

    // The new lists, in both languages: pending approval, access form configuration, vendor settings, vendor KPI.
    for (const lang of ['en', 'zh-CN'] as const) {
      await switchLanguage(brand, lang);
      for (const [path, grid] of [['/srm/masterdetail/srcproject_pending', 'srcproject_pending'], ['/srm/index/srcaccessform', 'srcaccessform'], ['/srm/index/vendorsetting', 'vendorsetting']] as const) {
        await brand.goto(`${run.server.url}${path}`);
        await brand.waitForSelector(`[data-testid=grid-${grid}] .ag-row`);
        await snap(brand, `admission-08-${grid}-${lang === 'en' ? 'en' : 'zh'}`);
      }
      await brand.goto(`${run.server.url}/rpt/dsrptindex/vendor-kpi`);
      await brand.waitForSelector('text=宁波华纺制衣有限公司');
      await snap(brand, `admission-09-vendor-kpi-${lang === 'en' ? 'en' : 'zh'}`);
    }
    expect(errors).toEqual([]);
  }, 240_000);
});
