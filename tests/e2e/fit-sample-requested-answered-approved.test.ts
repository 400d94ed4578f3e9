import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { garmentSvg } from '../../src/server/services/development/garment-picture';
import { signIn } from './support/approval-steps';
import { clickAction, serverAndBrowserForFile, snap } from './support/harness';
import { until } from './support/steps';

/**
 * Issue 18 in Chromium, two companies side by side (two browser contexts): the brand's buyer writes a
 * fit sample request for an approved style in the sample-request list and sends it; the maker's sample
 * room shows it without a reload; the maker accepts it, answers with two photos and a note, submits the
 * sample; the brand's room shows the photos live and the brand approves; the maker sees the approval.
 * Screenshots of the style page and the sample room in Chinese and English.
 */
const run = serverAndBrowserForFile();

async function pick(page: Page, fieldId: string, text: string): Promise<void> {
  await page.click(`#${fieldId}`);
  await page.click(`[role=option]:has-text("${text}")`);
}

async function switchLanguage(page: Page, lang: 'en' | 'zh-CN'): Promise<void> {
  await page.click('[data-testid=language-switch]');
  await page.click(`[data-testid=language-${lang}]`);
}

describe('a fit sample between brand and maker', () => {
  it('the brand requests a fit sample, the maker answers with photos, the brand approves, live on both sides', async () => {
    const brandCtx = await run.browser.newContext({ viewport: { width: 1440, height: 960 } });
    const makerCtx = await run.browser.newContext({ viewport: { width: 1440, height: 960 } });
    const brand = await brandCtx.newPage();
    const maker = await makerCtx.newPage();
    const errors: string[] = [];
    for (const p of [brand, maker]) p.on('pageerror', (e) => errors.push(e.message));

    // The maker keeps its sample room open.
    await signIn(maker, run.server.url, '/zp/development/index/samples', 'maker');
    await maker.waitForSelector('[data-testid=sample-card]', { timeout: 30000 });
    const makerCardsBefore = await maker.locator('[data-testid=sample-card]').count();

    // The brand writes the request in the list's drawer and sends it.
    await signIn(brand, run.server.url, '/scm/index/samplerequest', 'brand.buyer');
    await brand.waitForSelector('[data-testid=grid-samplerequest] .ag-row[row-index="0"]', { timeout: 30000 });
    await brand.click('[data-testid=action-create]');
    await brand.waitForSelector('[data-testid=entity-form]');
    await pick(brand, 'f-samplerequest-sample_type', '试身样');
    await pick(brand, 'f-samplerequest-style_id', 'ST-2702');
    await pick(brand, 'f-samplerequest-vendor_id', 'VHF01');
    await brand.fill('#f-samplerequest-due_date', '2027-02-15');
    await brand.fill('#f-samplerequest-colour', '浅蓝');
    await brand.fill('#f-samplerequest-sizes', '40');
    await brand.fill('#f-samplerequest-requirements', 'E2E 试身：领围 40，袖长 62');
    await brand.click('[data-testid=form-save]');
    await brand.waitForSelector('[data-testid=toast-success]:has-text("保存成功")', { timeout: 15000 });
    await brand.waitForSelector('[data-testid=form-drawer]', { state: 'detached', timeout: 10000 }).catch(() => undefined);
    // The newest request heads the list (newest first): the fit sample just written, still a draft.
    await until(brand, () => document.querySelector('[data-testid=grid-samplerequest] .ag-row[row-index="0"] [col-id=style_code]')?.textContent?.includes('ST-2702'), undefined, { timeout: 20000 });
    const rowIndex = await brand.evaluate(() => {
      const cells = [...document.querySelectorAll('[data-testid=grid-samplerequest] [col-id=sample_type]')];
      const cell = cells.find((c) => c.textContent?.includes('试身样') && c.closest('.ag-row')?.querySelector('[col-id=status]')?.textContent?.includes('草稿'));
      return cell?.closest('.ag-row')?.getAttribute('row-index') ?? null;
    });
    await snap(brand, 'dev-00-brand-request-written');
    expect(rowIndex).not.toBeNull();
    const reqNo = ((await brand.textContent(`[data-testid=grid-samplerequest] .ag-row[row-index="${rowIndex}"] [col-id=req_no]`)) ?? '').trim();
    expect(reqNo).toMatch(/^SR\d{6}\d{4}$/);
    await brand.click(`[data-testid=grid-samplerequest] .ag-row[row-index="${rowIndex}"] .ag-selection-checkbox input`);
    await clickAction(brand, 'send');
    await brand.waitForSelector('[data-testid=toast-success]', { timeout: 15000 });

    // Live at the maker: a new card, no reload.
    await until(maker, (n) => document.querySelectorAll('[data-testid=sample-card]').length > n, makerCardsBefore, { timeout: 20000 });
    const card = maker.locator('[data-testid=sample-card]', { hasText: 'ST-2702' }).filter({ hasText: '试身样' }).filter({ hasText: '待打样' }).first();
    await card.click();
    await maker.waitForSelector('[data-testid=sample-head]:has-text("ST-2702")');
    expect(await maker.textContent('[data-testid=sample-thread]')).toContain('E2E 试身：领围 40，袖长 62');
    await maker.click('[data-testid=sample-action-accept]');
    await maker.waitForSelector('[data-testid=sample-status]:has-text("打样中")', { timeout: 15000 });

    // Two photos of the sample (pictures drawn in the browser), a note, then the sample is submitted.
    const shots: Buffer[] = [];
    const studio = await makerCtx.newPage();
    for (const [fill, label] of [['#c9dcf0', '正面 40码'], ['#b5cde6', '领口细节']]) {
      await studio.setContent(`<body style="margin:0">${garmentSvg(fill, label)}</body>`);
      shots.push(await studio.locator('svg').screenshot());
    }
    await studio.close();
    await maker.setInputFiles('[data-testid=sample-photo-input]', shots.map((buffer, i) => ({ name: `fit-${i + 1}.png`, mimeType: 'image/png', buffer })));
    await maker.waitForSelector('[data-testid=sample-photos-pending]:has-text("2")', { timeout: 15000 });
    await maker.fill('[data-testid=sample-comment-text]', '试身样已完成，领围按 40 码制作，照片两张');
    await maker.click('[data-testid=sample-send-comment]');
    await until(maker, () => document.querySelectorAll('[data-testid=sample-photo]').length >= 2, undefined, { timeout: 15000 });
    await maker.click('[data-testid=sample-action-submit]');
    await maker.fill('[data-testid=sample-note]', '顺丰已寄出');
    await maker.click('[data-testid=sample-confirm]');
    await maker.waitForSelector('[data-testid=sample-status]:has-text("待确认")', { timeout: 15000 });
    await snap(maker, 'dev-03-maker-submitted');

    // The brand's room shows the maker's photos live, then the brand approves.
    await brand.goto(`${run.server.url}/zp/development/index/samples`);
    await brand.waitForSelector('[data-testid=sample-card]', { timeout: 20000 });
    await brand.click(`[data-testid=sample-card][data-no="${reqNo}"]`);
    await brand.waitForSelector('[data-testid=sample-status]:has-text("待确认")', { timeout: 15000 });
    await until(brand, () => document.querySelectorAll('[data-testid=sample-photo]').length >= 2, undefined, { timeout: 15000 });
    // The photos load (the brand's own copies of the files).
    await until(brand, () => [...document.querySelectorAll<HTMLImageElement>('[data-testid=sample-photo]')].every((i) => i.complete && i.naturalWidth > 0), undefined, { timeout: 15000 });
    expect(await brand.textContent('[data-testid=sample-thread]')).toContain('试身样已完成，领围按 40 码制作，照片两张');
    await snap(brand, 'dev-04-brand-sample-room-zh');
    await brand.click('[data-testid=sample-action-approve]');
    await brand.fill('[data-testid=sample-note]', '试身通过，进入产前样');
    await brand.click('[data-testid=sample-confirm]');
    await brand.waitForSelector('[data-testid=sample-status]:has-text("已批准")', { timeout: 15000 });

    // Live at the maker.
    await maker.waitForSelector('[data-testid=sample-status]:has-text("已批准")', { timeout: 20000 });
    expect(await maker.textContent('[data-testid=sample-thread]')).toContain('试身通过，进入产前样');
    await snap(maker, 'dev-05-maker-approved-zh');

    // The same room in English.
    await switchLanguage(brand, 'en');
    await brand.waitForSelector('[data-testid=sample-status]:has-text("Approved")', { timeout: 15000 });
    await snap(brand, 'dev-06-brand-sample-room-en');

    // The style page: the approved cardigan with its BOM by colour and routing, in English then Chinese.
    await brand.goto(`${run.server.url}/scm/masterdetail/style`);
    await brand.waitForSelector('[data-testid=grid-style] .ag-row[row-index="0"]', { timeout: 30000 });
    await snap(brand, 'dev-01-styles-en');
    await brand.dblclick('[data-testid=grid-style] .ag-row[row-index="0"] [col-id=code]');
    await brand.waitForSelector('[data-testid=entity-form]', { timeout: 15000 });
    await brand.waitForTimeout(800);
    await snap(brand, 'dev-02-style-form-en');
    await brand.goto(`${run.server.url}/scm/masterdetail/style`);
    await brand.waitForSelector('[data-testid=grid-style] .ag-row[row-index="0"]', { timeout: 30000 });
    await switchLanguage(brand, 'zh-CN');
    await brand.waitForSelector('[data-testid=action-create]:has-text("新建")');
    await snap(brand, 'dev-01-styles-zh');
    await brand.dblclick('[data-testid=grid-style] .ag-row[row-index="0"] [col-id=code]');
    await brand.waitForSelector('[data-testid=entity-form]', { timeout: 15000 });
    await brand.waitForTimeout(800);
    await snap(brand, 'dev-02-style-form-zh');

    // The costing versions: the cardigan's V1 superseded by the confirmed V2, with its figures.
    await brand.goto(`${run.server.url}/scm/masterdetail/stylecost`);
    await brand.waitForSelector('[data-testid=grid-stylecost] .ag-row[row-index="0"]', { timeout: 30000 });
    expect(await brand.textContent('[data-testid=grid-stylecost]')).toContain('ST-2701-V2');
    await snap(brand, 'dev-07-costing-zh');

    expect(errors).toEqual([]);
    await brandCtx.close();
    await makerCtx.close();
  });
});
