import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dynamicFieldType } from '../../src/model/entities/dynamic-form.entity';
import { signIn as signInAt, toast } from './support/approval-steps';
import { serverAndBrowserForFile, snap } from './support/harness';
import { until } from './support/steps';

/**
 * The designer's structured field types in the browser (issue 35): the brand's administrator adds a
 * transfer (followers picked from three people), an autocomplete (a colour with suggestions), a
 * colour x size matrix (the sizes declared in the designer) and a location to a new form, sees them
 * in the preview and publishes version 1; a buyer fills it in (moves two people across, picks a
 * suggested colour, adds a colour row and types quantities, takes the device's position), saves,
 * and reopening the record shows every value as saved.
 * Build the client first (`npx vite build --outDir ../../dist-<name>`, CLIENT_DIR=dist-<name>).
 */
const run = serverAndBrowserForFile();
const signIn = (page: Page, path: string, username: string) => signInAt(page, run.server.url, path, username);
const CODE = 'SIZE_E2E';
const f = (key: string) => `#f-dynform-${CODE}-${key}`;
const inField = (key: string, selector: string) => `[data-testid=entity-form] [data-field=${key}] ${selector}`;
const POSITION = { latitude: 31.230416, longitude: 121.473701 };

/** Adds a field to the first section and sets its name, key and type in the property panel (the engine's form of the designed field). */
async function addField(page: Page, label: string, key: string, type: string): Promise<void> {
  await page.click('[data-testid=dyn-add-field-0]');
  await page.fill('#f-dynfield-label', label);
  await page.fill('#f-dynfield-key', key);
  await page.click('#f-dynfield-type');
  await page.getByRole('option', { name: dynamicFieldType.items.find((i) => i.value === type)!.label.zh, exact: true }).click();
  await page.waitForSelector(`[data-testid=dyn-field-row][data-key="${key}"]`);
}

/** Fills the options of the selected field: the first replaces the one a new choice starts with. */
async function setOptions(page: Page, options: Array<[string, string]>): Promise<void> {
  for (const [i, [value, label]] of options.entries()) {
    if (i > 0) await page.click('[data-testid=items-options-add]');
    await page.fill(`[data-testid=items-options-value-${i}]`, value);
    await page.fill(`[data-testid=items-options-label-${i}]`, label);
  }
}

/** Fills the suggestions of the selected autocomplete: each is its text alone. */
async function setSuggestions(page: Page, texts: string[]): Promise<void> {
  for (const [i, text] of texts.entries()) {
    if (i > 0) await page.click('[data-testid=items-suggestions-add]');
    // One input per suggestion: its text, no value.
    expect(await page.locator('[data-testid=items-suggestions] input').count()).toBe(i + 1);
    expect(await page.locator(`[data-testid=items-suggestions-value-${i}]`).count()).toBe(0);
    await page.fill(`[data-testid=items-suggestions-label-${i}]`, text);
  }
}

/** Screenshots at the two widths the product is judged at. */
async function snapAtWidths(page: Page, name: string): Promise<void> {
  for (const [width, height] of [[1366, 768], [1920, 1080]] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    await snap(page, `${name}-${width}`);
  }
}

/** The administrator creates the form and opens its designer from the drawer. */
async function createForm(admin: Page): Promise<void> {
  await signIn(admin, '/admin/index/dynform', 'brand');
  await admin.waitForSelector('[data-testid=list-dynform]');
  await admin.click('[data-testid=action-create]');
  await admin.waitForSelector('[data-testid=entity-form]');
  await admin.fill('#f-dynform-code', CODE);
  await admin.fill('#f-dynform-name', '样衣尺码登记');
  await admin.click('[data-testid=form-save]');
  await toast(admin, 'success', '保存成功');
  await admin.locator('.ag-row', { hasText: CODE }).first().waitFor({ timeout: 15000 });
  await admin.locator('.ag-row', { hasText: CODE }).locator('.ag-selection-checkbox input').check();
  await admin.click('[data-testid=action-edit]');
  await admin.click('[data-testid=link-open-designer]');
  await admin.waitForSelector('[data-testid=dyn-designer]');
}

/** The design: a title, a transfer, an autocomplete, a matrix with declared sizes and a location. */
async function design(admin: Page): Promise<void> {
  await addField(admin, '标题', 'title', 'text');
  await admin.check('#f-dynfield-required');
  await addField(admin, '跟单员', 'followers', 'transfer');
  await setOptions(admin, [['zhang', '张三'], ['li', '李四'], ['wang', '王五']]);
  await addField(admin, '颜色', 'colour', 'autocomplete');
  await setSuggestions(admin, ['大红', '藏青']);
  await addField(admin, '尺码数量', 'qtys', 'matrix');
  // A matrix without sizes is refused until the designer declares them.
  await admin.fill('#f-dynfield-sizes', '');
  await admin.press('#f-dynfield-sizes', 'Tab');
  await admin.waitForSelector('[data-testid=dyn-field-editor] :text("颜色尺码矩阵请至少声明一个尺码")');
  expect(await admin.isDisabled('[data-testid=dyn-designer-save]')).toBe(true);
  await admin.fill('#f-dynfield-sizes', 'S, M, L, XL');
  await admin.press('#f-dynfield-sizes', 'Tab');
  await admin.waitForSelector('[data-testid=dyn-field-editor] :text("颜色尺码矩阵请至少声明一个尺码")', { state: 'detached' });
  await addField(admin, '登记位置', 'spot', 'location');
  // spec 5: a location is never validated, so it cannot be made required.
  expect(await admin.isDisabled('#f-dynfield-required')).toBe(true);
  // The preview draws each with its widget.
  await admin.waitForSelector('[data-testid=dyn-preview] [data-field=followers] [data-testid=transfer-available]');
  await admin.waitForSelector('[data-testid=dyn-preview] [data-field=qtys] [data-testid=matrix-input] th:has-text("XL")');
  await admin.waitForSelector('[data-testid=dyn-preview] [data-field=spot] button:has-text("获取当前位置")');
  await snapAtWidths(admin, 'dynform-types-01-designer');
  await admin.click('[data-testid=dyn-designer-save]');
  await toast(admin, 'success', '已保存，设计版本 1');
}

/** The buyer's values: two followers, a suggested colour, two cells of a new colour row, the position. */
async function fill(buyer: Page): Promise<void> {
  await buyer.fill(f('title'), '十二月样衣');
  const available = inField('followers', '[data-testid=transfer-available]');
  // The options in the designer's order: 张三, 李四, 王五.
  const boxes = buyer.locator(`${available} input[type=checkbox]`);
  await boxes.nth(0).check();
  await boxes.nth(2).check();
  await buyer.click(inField('followers', 'button[aria-label="→"]'));
  await buyer.waitForSelector(inField('followers', '[data-testid=transfer-chosen] :text("王五")'));
  // Free text with the designer's options as suggestions: typing narrows them, a click takes one.
  await buyer.click(f('colour'));
  await buyer.locator(f('colour')).pressSequentially('藏');
  await buyer.locator('[role=listbox] [role=option]', { hasText: '藏青' }).click();
  const matrix = inField('qtys', '[data-testid=matrix-input]');
  await buyer.fill(`${matrix} input[placeholder="添加颜色"]`, '大红');
  await buyer.press(`${matrix} input[placeholder="添加颜色"]`, 'Enter');
  await buyer.fill(`${matrix} input[aria-label="大红 S"]`, '10');
  await buyer.fill(`${matrix} input[aria-label="大红 XL"]`, '4');
  await buyer.press(`${matrix} input[aria-label="大红 XL"]`, 'Tab');
  await until(buyer, () => document.querySelector('[data-testid=matrix-grand-total]')?.textContent === '14', undefined, { timeout: 10000 });
  await buyer.click(inField('spot', 'button:has-text("获取当前位置")'));
  await until(buyer, (id) => (document.querySelector(id) as HTMLInputElement | null)?.value === '31.230416,121.473701', f('spot'), { timeout: 10000 });
}

/** Reopening the saved record shows what was saved in each widget. */
async function expectSaved(buyer: Page): Promise<void> {
  await buyer.locator('.ag-row', { hasText: '十二月样衣' }).first().waitFor({ timeout: 15000 });
  await buyer.locator('.ag-row', { hasText: '十二月样衣' }).locator('.ag-selection-checkbox input').check();
  await buyer.click('[data-testid=action-edit]');
  await buyer.waitForSelector(inField('followers', '[data-testid=transfer-chosen] :text("张三")'));
  const chosen = await buyer.textContent(inField('followers', '[data-testid=transfer-chosen]'));
  expect(chosen).toContain('王五');
  expect(chosen).not.toContain('李四');
  expect(await buyer.inputValue(f('colour'))).toBe('藏青');
  const matrix = inField('qtys', '[data-testid=matrix-input]');
  expect(await buyer.inputValue(`${matrix} input[aria-label="大红 S"]`)).toBe('10');
  expect(await buyer.inputValue(`${matrix} input[aria-label="大红 XL"]`)).toBe('4');
  expect(await buyer.inputValue(`${matrix} input[aria-label="大红 M"]`)).toBe('');
  expect(await buyer.inputValue(f('spot'))).toBe('31.230416,121.473701');
}

describe('a designed form with a transfer, an autocomplete, a matrix and a location', () => {
  it('the administrator adds them in the designer and publishes; a buyer fills, saves and reopens the record', async () => {
    const errors: string[] = [];
    const admin = await run.browser.newPage({ viewport: { width: 1600, height: 1000 } });
    admin.on('pageerror', (e) => errors.push(e.message));
    await createForm(admin);
    await design(admin);

    const buyer = await run.browser.newPage({ viewport: { width: 1440, height: 900 }, geolocation: POSITION, permissions: ['geolocation'] });
    buyer.on('pageerror', (e) => errors.push(e.message));
    await signIn(buyer, `/approvals/forms/${CODE}`, 'brand.buyer');
    await buyer.waitForSelector(`[data-testid=list-dynform-${CODE}]`);
    await buyer.click('[data-testid=action-create]');
    await buyer.waitForSelector('[data-testid=entity-form]');
    await fill(buyer);
    await snapAtWidths(buyer, 'dynform-types-02-filled-drawer');
    await buyer.click('[data-testid=form-save]');
    await toast(buyer, 'success', '保存成功');
    await buyer.setViewportSize({ width: 1440, height: 900 });
    await expectSaved(buyer);
    await snap(buyer, 'dynform-types-03-reopened');
    expect(errors).toEqual([]);
  });
});
