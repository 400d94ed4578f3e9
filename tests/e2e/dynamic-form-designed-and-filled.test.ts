import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dynamicFieldType } from '../../src/model/entities/dynamic-form.entity';
import { signIn as signInAt, toast } from './support/approval-steps';
import { serverAndBrowserForFile, snap } from './support/harness';
import { until } from './support/steps';

/**
 * Dynamic forms in the browser (issue 14): the brand's administrator creates a form in "动态表单",
 * opens its designer from the drawer, builds it (a required title, a choice whose duplicate option
 * value is refused until corrected, a note shown only for fabric, quantity and price with a computed
 * amount), watches the preview rendered by the form engine, and saves it as version 1; a buyer fills
 * it in from "表单填报": the note appears for fabric, the amount computes, a missing required value
 * is refused, the saved record is listed.
 * Build the client first (`npx vite build --outDir ../../dist-<name>`, CLIENT_DIR=dist-<name>).
 */
const run = serverAndBrowserForFile();
const signIn = (page: Page, path: string, username: string) => signInAt(page, run.server.url, path, username);

/** Adds a field to the first section and sets its name, key and type in the property panel (the engine's form of the designed field). */
async function addField(page: Page, label: string, key: string, type: string): Promise<void> {
  await page.click('[data-testid=dyn-add-field-0]');
  await page.fill('#f-dynfield-label', label);
  await page.fill('#f-dynfield-key', key);
  await page.click('#f-dynfield-type');
  await page.getByRole('option', { name: dynamicFieldType.items.find((i) => i.value === type)!.label.zh, exact: true }).click();
  await page.waitForSelector(`[data-testid=dyn-field-row][data-key="${key}"]`);
}

describe('a dynamic form designed and filled in', () => {
  it('the administrator designs a form with options, a condition and a calculation; a buyer fills it in', async () => {
    const errors: string[] = [];
    const admin = await run.browser.newPage({ viewport: { width: 1600, height: 1000 } });
    admin.on('pageerror', (e) => errors.push(e.message));
    await signIn(admin, '/admin/index/dynform', 'brand');
    await admin.waitForSelector('[data-testid=list-dynform]');

    // A new form from the list's drawer.
    await admin.click('[data-testid=action-create]');
    await admin.waitForSelector('[data-testid=entity-form]');
    await admin.fill('#f-dynform-code', 'qc_e2e');
    await admin.fill('#f-dynform-name', '面料检验记录');
    await admin.click('[data-testid=form-save]');
    await toast(admin, 'success', '保存成功');
    // The list holds other forms too (the sourcing access form of the demo): find the new one's row.
    await admin.locator('.ag-row', { hasText: 'QC_E2E' }).first().waitFor({ timeout: 15000 });
    await admin.locator('.ag-row', { hasText: 'QC_E2E' }).locator('.ag-selection-checkbox input').check();
    await admin.click('[data-testid=action-edit]');
    await admin.click('[data-testid=link-open-designer]');
    await admin.waitForSelector('[data-testid=dyn-designer]');

    // The designer: fields of several types.
    await addField(admin, '标题', 'title', 'text');
    await admin.check('#f-dynfield-required');
    await addField(admin, '类别', 'kind', 'dict');
    await admin.fill('[data-testid=items-options-value-0]', 'fabric');
    await admin.fill('[data-testid=items-options-label-0]', '面料');
    await admin.click('[data-testid=items-options-add]');
    await admin.fill('[data-testid=items-options-value-1]', 'fabric');
    await admin.fill('[data-testid=items-options-label-1]', '辅料');
    // spec 5: a duplicate option value is refused, and the design cannot be saved meanwhile.
    await admin.waitForSelector('[data-testid=items-options-error]:has-text("选项值“fabric”重复")');
    expect(await admin.isDisabled('[data-testid=dyn-designer-save]')).toBe(true);
    await snap(admin, 'dynform-01-duplicate-option-refused');
    await admin.fill('[data-testid=items-options-value-1]', 'trim');
    await admin.waitForSelector('[data-testid=items-options-error]', { state: 'detached' });
    await addField(admin, '瑕疵说明', 'defect_note', 'textarea');
    await admin.fill('#f-dynfield-visible_when', "kind == 'fabric'");
    await addField(admin, '数量', 'qty', 'integer');
    await admin.getByRole('checkbox', { name: '非负整数' }).check();
    await addField(admin, '单价', 'price', 'decimal');
    await addField(admin, '金额', 'amount', 'money');
    await admin.fill('#f-dynfield-calc', 'qty * price');
    // A duplicate field key is refused too.
    await addField(admin, '重复', 'qty', 'text');
    await admin.waitForSelector('[data-testid=dyn-field-editor] :text("字段编码“qty”重复")');
    await admin.fill('#f-dynfield-key', 'inspector');
    await admin.fill('#f-dynfield-label', '检验员');

    // The preview is the form engine's own drawer form.
    await admin.waitForSelector('[data-testid=dyn-preview] [data-testid=entity-form] [data-field=amount]');
    expect(await admin.locator('[data-testid=dyn-preview] [data-field=defect_note]').count()).toBe(0);
    await snap(admin, 'dynform-02-designer-with-preview');
    await admin.click('[data-testid=dyn-designer-save]');
    await toast(admin, 'success', '已保存，设计版本 1');
    await admin.waitForSelector('[data-testid=dyn-designer-version]:has-text("v1")');

    // A buyer fills it in.
    const buyer = await run.browser.newPage({ viewport: { width: 1440, height: 900 } });
    buyer.on('pageerror', (e) => errors.push(e.message));
    await signIn(buyer, '/approvals/forms', 'brand.buyer');
    // The forms to fill are the engine's list; a form's row opens its records.
    const form = buyer.locator('[data-testid=dyn-forms] .ag-cell[col-id="code"]').filter({ hasText: /^\s*QC_E2E\s*$/ });
    await form.waitFor();
    await snap(buyer, 'dynform-03-forms-to-fill');
    for (const [width, height] of [[1366, 768], [1920, 1080]] as const) {
      await buyer.setViewportSize({ width, height });
      await snap(buyer, `dynform-03-forms-to-fill-${width}`);
    }
    await form.dblclick();
    await buyer.waitForSelector('[data-testid=list-dynform-QC_E2E]');
    await buyer.click('[data-testid=action-create]');
    await buyer.waitForSelector('[data-testid=entity-form]');
    await buyer.click('#f-dynform-QC_E2E-kind');
    await buyer.click('[role=option]:has-text("面料")');
    // The note shows for fabric.
    await buyer.waitForSelector('#f-dynform-QC_E2E-defect_note');
    await buyer.fill('#f-dynform-QC_E2E-qty', '12');
    await buyer.fill('#f-dynform-QC_E2E-price', '2.5');
    await until(buyer, () => (document.querySelector('#f-dynform-QC_E2E-amount') as HTMLInputElement | null)?.value?.startsWith('30'), undefined, { timeout: 10000 });
    // The title is required (and so is nothing hidden).
    await buyer.click('[data-testid=form-save]');
    await toast(buyer, 'error', '请先更正表单的错误内容，再尝试提交！');
    await snap(buyer, 'dynform-04-required-title');
    await buyer.fill('#f-dynform-QC_E2E-title', '十一月面料抽检');
    await buyer.fill('#f-dynform-QC_E2E-defect_note', '轻微色差');
    await buyer.click('[data-testid=form-save]');
    await toast(buyer, 'success', '保存成功');
    await until(buyer, () => document.querySelector('.ag-row[row-index="0"] .ag-cell[col-id="title"]')?.textContent?.includes('十一月面料抽检'), undefined, { timeout: 15000 });
    expect(await buyer.textContent('.ag-row[row-index="0"] .ag-cell[col-id="kind"]')).toContain('面料');
    expect(await buyer.textContent('.ag-row[row-index="0"] .ag-cell[col-id="amount"]')).toContain('30');
    await snap(buyer, 'dynform-05-filled-record-listed');
    expect(errors).toEqual([]);
  });
});
