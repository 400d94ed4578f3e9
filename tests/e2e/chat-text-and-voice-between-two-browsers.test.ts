import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, snap, startServer, type RunningServer } from './support/harness';
import { until } from './support/steps';

/**
 * Chat in two browsers (issue 15): the brand's buyer opens a chat with the maker (companies that
 * share an order), a text message arrives live in the maker's page, and a voice message recorded in
 * the buyer's browser (Chromium's fake microphone: a beep) arrives in the maker's and plays there: a
 * 16 kHz 16-bit WAV of the recorded length, not silent.
 * Only this file launches Chromium with the fake media flags.
 */
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', '--autoplay-policy=no-user-gesture-required']);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signIn(page: Page, username: string): Promise<void> {
  await page.goto(`${server.url}/login`);
  await page.waitForSelector('[data-testid=login-form]');
  await page.fill('input[name=username]', username);
  await page.fill('input[name=password]', 'Demo1234');
  await page.click('[data-testid=login-submit]');
  await page.waitForSelector('[data-testid=unread-bell]');
}

describe('chat between two browsers', () => {
  it('a text and a voice message sent by the buyer arrive live at the maker, and the voice plays', async () => {
    const buyerContext = await browser.newContext({ viewport: { width: 1366, height: 820 }, permissions: ['microphone'] });
    const makerContext = await browser.newContext({ viewport: { width: 1366, height: 820 } });
    const buyer = await buyerContext.newPage();
    const maker = await makerContext.newPage();
    const errors: string[] = [];
    for (const p of [buyer, maker]) p.on('pageerror', (e) => errors.push(e.message));
    await signIn(buyer, 'brand.buyer');
    await signIn(maker, 'maker');

    // The buyer starts a chat with the maker through the contact picker.
    await buyer.goto(`${server.url}/collab/chat`);
    await buyer.waitForSelector('[data-testid=collab-chat]');
    await buyer.click('[data-testid=chat-start]');
    await buyer.fill('[data-testid=chat-contact-search]', 'maker');
    await buyer.click('[data-testid=chat-contact-maker]');
    await snap(buyer, 'chat-01-pick-contact');
    await buyer.click('[data-testid=chat-start-save]');
    await buyer.waitForSelector('[data-testid=chat-conversation]');

    // The maker has the chat page open on no conversation: the list updates live.
    await maker.goto(`${server.url}/collab/chat`);
    await maker.waitForSelector('[data-testid=chat-list]');

    await buyer.fill('[data-testid=chat-input]', '您好，春季订单的面料什么时候到厂？');
    await buyer.keyboard.press('Enter');
    await buyer.waitForSelector('[data-testid=chat-message][data-kind=text]');
    const item = maker.locator('[data-testid=chat-item]').first();
    await maker.waitForSelector('[data-testid=chat-item] [data-testid=chat-unread]', { timeout: 10_000 });
    expect(await item.textContent()).toContain('您好，春季订单的面料什么时候到厂？');
    await snap(maker, 'chat-02-maker-unread');
    await item.click();
    await maker.waitForSelector('[data-testid=chat-message][data-kind=text]');
    expect(await maker.locator('[data-testid=chat-message]').last().textContent()).toContain('春季订单的面料');
    // Opening it read it.
    await maker.waitForSelector('[data-testid=chat-item] [data-testid=chat-unread]', { state: 'detached' });

    // The buyer records about two seconds from the (fake) microphone and sends it.
    await buyer.click('[data-testid=chat-voice-button]');
    await until(buyer, () => /[2-9]/.test(document.querySelector('[data-testid=chat-voice-button]')?.textContent ?? ''), null, { timeout: 15_000 });
    await snap(buyer, 'chat-03-recording');
    await buyer.click('[data-testid=chat-voice-button]');
    await buyer.waitForSelector('[data-testid=chat-message][data-kind=voice]', { timeout: 15_000 });

    // It arrives live in the maker's open conversation and plays.
    await maker.waitForSelector('[data-testid=chat-message][data-kind=voice] audio', { timeout: 10_000 });
    const played = await maker.evaluate(async () => {
      const audio = document.querySelector<HTMLAudioElement>('[data-testid=chat-message][data-kind=voice] audio')!;
      await new Promise<void>((ok, fail) => {
        if (audio.readyState >= 1) return ok();
        audio.addEventListener('loadedmetadata', () => ok(), { once: true });
        audio.addEventListener('error', () => fail(new Error('audio error')), { once: true });
      });
      await audio.play();
      await new Promise((r) => setTimeout(r, 600));
      const playedFor = audio.currentTime;
      audio.pause();
      const bytes = new Uint8Array(await (await fetch(audio.src)).arrayBuffer());
      const v = new DataView(bytes.buffer);
      let peak = 0;
      for (let i = 44; i + 1 < bytes.length; i += 2) peak = Math.max(peak, Math.abs(v.getInt16(i, true)));
      return { duration: audio.duration, playedFor, rate: v.getUint32(24, true), bits: v.getUint16(34, true), channels: v.getUint16(22, true), riff: String.fromCharCode(...bytes.slice(0, 4)), peak };
    });
    expect(played).toMatchObject({ riff: 'RIFF', rate: 16000, bits: 16, channels: 1 });
    expect(played.duration).toBeGreaterThan(1.5);
    expect(played.duration).toBeLessThan(8);
    expect(played.playedFor).toBeGreaterThan(0.2);
    // The fake microphone's beep is in the recording: not silence.
    expect(played.peak).toBeGreaterThan(1000);
    await snap(maker, 'chat-04-maker-voice');
    await snap(buyer, 'chat-05-buyer-sent');
    expect(errors).toEqual([]);
    await buyerContext.close();
    await makerContext.close();
  }, 180_000);
});
