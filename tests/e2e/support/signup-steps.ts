import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Steps of the account screens that several e2e files walk: the login form, the sign-up wizard's
 * verify, company and account steps, and the codes the outbox page shows (the demo has no mail or
 * SMS gateway: the outbox is where a code is read, as the super administrator sees it).
 */

/** Signs in through the login form and waits for the workspace home. */
export async function signInThroughForm(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.waitForSelector('[data-testid=login-form]');
  await page.fill('input[name=username]', username);
  await page.fill('input[name=password]', password);
  await page.click('[data-testid=login-submit]');
  await page.waitForSelector('[data-testid=workspace-home]');
}

/** On the verify step: asks for the e-mail's code, then the mobile number's, and waits until both are sent. */
export async function sendSignupCodes(page: Page, email: string, mobile: string): Promise<void> {
  await page.fill('[data-testid=signup-step-verify] input[type=email]', email);
  await page.click('[data-testid=send-code]');
  await page.waitForSelector('[data-testid=code-sent]');
  await page.fill('[data-testid=signup-step-verify] input[type=tel]', mobile);
  await page.click('[data-testid=send-sms]');
  await page.waitForSelector('[data-testid=sms-sent]');
}

const OUTBOX_ROWS = '[data-testid=list-outbox] .ag-row';

/**
 * The six-digit codes of the newest outbox rows to the addresses, read on the outbox page by a
 * signed-in super administrator. The page is opened again (up to five times) until a row for every
 * address shows: a code is queued by the call that answered the sign-up page, and the list is read
 * as it is at that moment.
 */
export async function codesOnOutboxPage(page: Page, baseUrl: string, addresses: string[]): Promise<string[]> {
  let codes: (string | undefined)[] = [];
  for (let attempt = 0; attempt < 5; attempt++) {
    await page.goto(`${baseUrl}/page/outbox`);
    await page.waitForSelector(`${OUTBOX_ROWS} [col-id=to_address]`);
    codes = await page.$$eval(
      OUTBOX_ROWS,
      (rows, wanted) =>
        wanted.map((address) => {
          const body = rows.find((r) => r.querySelector('[col-id=to_address]')?.textContent === address)?.querySelector('[col-id=body]')?.textContent ?? '';
          return /\d{6}/.exec(body)?.[0];
        }),
      addresses,
    );
    if (codes.every(Boolean)) break;
    await page.waitForTimeout(500);
  }
  addresses.forEach((address, i) => expect(codes[i], `a code to ${address} on the outbox page`).toBeTruthy());
  return codes as string[];
}

/** What the company step of the sign-up asks for. */
export type CompanyStep = { name: string; type: 'maker' | 'brand' | 'supplier'; industry: string; scale: string; taxCode: string; legalPerson: string; province?: string; city?: string; address?: string };

/** Fills the company step (the next click is the caller's: some files check a refusal first). */
export async function fillCompanyStep(page: Page, c: CompanyStep): Promise<void> {
  await page.waitForSelector('[data-testid=signup-step-company]');
  await page.fill('input[name=company_name]', c.name);
  await page.click(`[data-testid=company-type] input[value=${c.type}]`);
  await page.selectOption('[data-testid=company-industry]', c.industry);
  await page.selectOption('[data-testid=company-scale]', c.scale);
  await page.fill('[data-testid=company-tax-code]', c.taxCode);
  await page.fill('[data-testid=company-legal-person]', c.legalPerson);
  if (c.province !== undefined) await page.fill('input[name=province]', c.province);
  if (c.city !== undefined) await page.fill('input[name=city]', c.city);
  if (c.address !== undefined) await page.fill('input[name=address]', c.address);
}

/** Fills the account step: the user name, the person's name and the password twice. */
export async function fillAccountStep(page: Page, username: string, name: string, password: string): Promise<void> {
  await page.waitForSelector('[data-testid=signup-step-profile]');
  await page.fill('[data-testid=signup-step-profile] input[autocomplete=username]', username);
  await page.fill('[data-testid=signup-step-profile] input[autocomplete=name]', name);
  const passwords = await page.$$('[data-testid=signup-step-profile] input[type=password]');
  await passwords[0].fill(password);
  await passwords[1].fill(password);
}
