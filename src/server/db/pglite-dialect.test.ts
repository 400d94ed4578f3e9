import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { FairMutex, PGliteDialect, runAsBackground } from './pglite-dialect';

/** Issue 19 (B10): PGlite's one connection serves a waiting user before queued background jobs. */
describe('PGlite connection queue', () => {
  it('hands the connection to a waiting user before a background job that queued earlier', async () => {
    const m = new FairMutex(60_000);
    const order: string[] = [];
    const release = await m.lock('background');
    const job = m.lock('background').then((r) => (order.push('job'), r));
    const user = m.lock('user').then((r) => (order.push('user'), r));
    expect(m.waiting).toEqual({ user: 1, background: 1 });
    release();
    (await user)();
    (await job)();
    expect(order).toEqual(['user', 'job']);
  });

  it('keeps first come, first served within a lane', async () => {
    const m = new FairMutex(60_000);
    const order: number[] = [];
    const release = await m.lock('user');
    const waits = [1, 2, 3].map((n) => m.lock('user').then((r) => (order.push(n), r())));
    release();
    await Promise.all(waits);
    expect(order).toEqual([1, 2, 3]);
  });

  it('lets a background job that has waited its time go before later users (no starvation)', async () => {
    const m = new FairMutex(20, 60_000);
    const order: string[] = [];
    const release = await m.lock('user');
    const job = m.lock('background').then((r) => (order.push('job'), r()));
    await new Promise((r) => setTimeout(r, 40));
    const user = m.lock('user').then((r) => (order.push('user'), r()));
    release();
    await Promise.all([job, user]);
    expect(order).toEqual(['job', 'user']);
  });

  it("gives users the connection after a job's transaction, before a job that waited through it", async () => {
    const m = new FairMutex(10, 60_000);
    const order: string[] = [];
    const release = await m.lock('background');
    const job = m.lock('background').then((r) => (order.push('job'), r()));
    const first = m.lock('user');
    await new Promise((r) => setTimeout(r, 30)); // the queued job has aged
    release();
    // The user's request takes the connection a second time (its next statement): still before the job.
    (await first)();
    order.push('user 1');
    const second = m.lock('user').then((r) => (order.push('user 2'), r()));
    await Promise.all([job, second]);
    expect(order).toEqual(['user 1', 'user 2', 'job']);
  });

  describe('through Kysely on a real PGlite', () => {
    const pg = new PGlite();
    const db = new Kysely<Record<string, never>>({ dialect: new PGliteDialect(pg) });
    afterAll(() => db.destroy());

    it("runs a user's query between two jobs' transactions, not after both", async () => {
      await sql`select 1`.execute(db);
      const order: string[] = [];
      let open!: () => void;
      const gate = new Promise<void>((r) => (open = r));
      // Job 1 holds the connection in its transaction until the gate opens; job 2 queues behind it.
      const job1 = runAsBackground(() =>
        db.transaction().execute(async (tx) => {
          order.push('job1 begin');
          await gate;
          await sql`select 1`.execute(tx);
          order.push('job1 end');
        }),
      );
      await new Promise((r) => setTimeout(r, 20));
      const job2 = runAsBackground(() =>
        db.transaction().execute(async (tx) => {
          order.push('job2 begin');
          await sql`select 1`.execute(tx);
        }),
      );
      await new Promise((r) => setTimeout(r, 20));
      const user = sql`select 1`.execute(db).then(() => order.push('user'));
      await new Promise((r) => setTimeout(r, 20));
      open();
      await Promise.all([job1, job2, user]);
      expect(order).toEqual(['job1 begin', 'job1 end', 'user', 'job2 begin']);
    }, 60_000);
  });
});
