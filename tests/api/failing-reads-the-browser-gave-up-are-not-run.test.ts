import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * A read the browser gave up on while it waited for the database is not run (src/server/resources/
 * menu-call.ts `refuseIfGone`, unit-tested beside it). On the embedded database every call waits for
 * its one connection: the board's windows asked while the planner scrolls, then given up (aborted)
 * when the view moved on, used to run one after another before the planner's next command. Here, over
 * real HTTP, the connection is held by a transaction, board reads are asked and aborted while they
 * wait, and one read is asked and kept: once the connection is let go, the kept read answers with the
 * board's frame (a check that tells a closed connection by the request rather than its socket would
 * refuse every read, since a request reads as destroyed once its body is read).
 */
let t: TestApp;
let base: string;
let planner: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  planner = await signIn(t.app, 'maker.planner');
}, 120_000);
afterAll(async () => t?.close());

const read = (signal?: AbortSignal) => fetch(`${base}/api/scmapi/schedule/window?frame=1`, { headers: { authorization: `Bearer ${planner}` }, signal });

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('reads the browser gave up on (embedded database: one connection, so reads wait)', () => {
  it('are given up; a read still wanted answers', async () => {
    expect((await read()).status).toBe(200);
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    let holding!: () => void;
    const started = new Promise<void>((r) => { holding = r; });
    const hold = t.app.db.transaction().execute(async (tx) => {
      await sql`select 1`.execute(tx);
      holding();
      await held;
    });
    await started;
    const aborts = Array.from({ length: 4 }, () => new AbortController());
    const given = aborts.map((a) => read(a.signal).then(() => 'answered', () => 'aborted'));
    const wanted = read();
    await new Promise((r) => setTimeout(r, 300));
    for (const a of aborts) a.abort();
    expect(await Promise.all(given)).toEqual(['aborted', 'aborted', 'aborted', 'aborted']);
    await new Promise((r) => setTimeout(r, 100));
    release();
    await hold;
    const answer = await wanted;
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { data: { lines: unknown[] } }).data.lines.length).toBeGreaterThan(0);
  });
});
