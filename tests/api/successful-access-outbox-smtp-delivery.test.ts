import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:net';
import { smtpServer } from '../support/smtp-server';
import { flushOutbox } from '../../src/server/services/notify';
import { createTestApp, type TestApp } from '../support/test-app';
import { lastMessageTo } from './access-test-helpers';

describe('outbox delivery through SMTP when SMTP_URL is set', () => {
  const received: string[] = [];
  let server: Server;
  let t: TestApp;
  let dead: TestApp;
  beforeAll(async () => {
    server = smtpServer(received);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${address.port}?from=platform@test.local` });
    // A port nobody listens on: delivery must fail and say so in the row.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const closedPort = (probe.address() as { port: number }).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    dead = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${closedPort}` });
  });
  afterAll(async () => {
    await t.close();
    await dead.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('a reset mail is written to the outbox, delivered, and marked sent', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/access/request-password-reset-link', payload: { email: 'brand@demo.local' } });
    expect(res.statusCode).toBe(200);
    await flushOutbox();
    const row = await lastMessageTo(t.database.db, 'brand@demo.local');
    expect(row!.status).toBe('sent');
    expect(received).toHaveLength(1);
    const raw = received[0].replace(/=\n/g, '');
    expect(raw).toMatch(/^To: brand@demo\.local$/m);
    expect(raw).toMatch(/^From: platform@test\.local$/m);
    expect(raw).toContain('/forgotpwd/newpwd?token=');
  });

  it('a mail server that does not answer leaves the row failed with its error', async () => {
    await dead.app.inject({ method: 'POST', url: '/api/utilsapi/send-code', payload: { channel: 'email', target: 'someone@example.com', purpose: 'signup' } });
    await flushOutbox();
    const row = await lastMessageTo(dead.database.db, 'someone@example.com');
    expect(row!.status).toBe('failed');
    // SMS has no transport: it stays queued for the outbox page.
    await dead.app.inject({ method: 'POST', url: '/api/utilsapi/send-code', payload: { channel: 'sms', target: '13511112222', purpose: 'signup' } });
    await flushOutbox();
    expect((await lastMessageTo(dead.database.db, '13511112222'))!.status).toBe('queued');
  });
});
