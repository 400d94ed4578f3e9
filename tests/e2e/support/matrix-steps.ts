import type { Page } from 'playwright-core';
import { signIn } from './steps';

/**
 * Signs the brand in, opens a new purchase order of finished goods and adds two colours (黑色, 白色)
 * to its first style's colour x size matrix; returns the matrix's cell addresses and readers.
 */
export async function newGoodsOrderMatrix(page: Page, baseUrl: string) {
  await signIn(page, baseUrl, '/srm/masterdetail/purorder', 'brand');
  await page.waitForSelector('[data-testid=grid-purorder] .ag-header-cell', { timeout: 30000 });
  await page.click('[data-testid=action-create]');
  await page.waitForSelector('[data-testid=entity-form]');
  await page.click('#f-purorder-order_kind');
  await page.click('[role=option]:has-text("成品")');
  const BLOCK = '[data-testid=order-style-0]';
  await page.waitForSelector(BLOCK);
  for (const colour of ['黑色', '白色']) {
    await page.fill(`${BLOCK} [data-testid=add-colour]`, colour);
    await page.press(`${BLOCK} [data-testid=add-colour]`, 'Enter');
  }
  const input = (colour: string, size: string) => `${BLOCK} input[aria-label="${colour} ${size}"]`;
  const value = (colour: string, size: string) => page.inputValue(input(colour, size));
  const total = async () => ((await page.textContent(`${BLOCK} [data-testid=matrix-grand-total]`)) ?? '').trim();
  await page.waitForSelector(input('白色', 'L'));
  return { BLOCK, input, value, total };
}
