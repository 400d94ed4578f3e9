import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OneReadAtATime } from './one-read-at-a-time';

/** A server that answers when told: the reads under way, and how many were ever under way at once. */
function server() {
  const open: { q: number; answer: (r: string) => void; fail: () => void }[] = [];
  let most = 0;
  const asked: number[] = [];
  const read = (q: number) => new Promise<string>((answer, fail) => {
    asked.push(q);
    open.push({ q, answer, fail: () => fail(new Error('down')) });
    most = Math.max(most, open.length);
  });
  return { open, asked, read, most: () => most };
}

const flush = () => new Promise<void>((ok) => setTimeout(ok, 0));

describe('one read at a time, the latest wanted', () => {
  it('never has two reads under way, and the last read is of what was wanted last', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.oneof(
      fc.record({ op: fc.constant('want' as const), q: fc.nat(50) }),
      fc.record({ op: fc.constant('run' as const) }),
      fc.record({ op: fc.constant('answer' as const), ok: fc.boolean() }),
    ), { maxLength: 40 }), async (ops) => {
      const s = server();
      const taken: [number, string | null][] = [];
      const r = new OneReadAtATime<number, string>(s.read, (q, reply) => taken.push([q, reply]));
      let runs = 0;
      for (const o of ops) {
        if (o.op === 'want') r.want(o.q);
        else if (o.op === 'run') { r.run(); runs++; }
        else {
          const f = s.open.shift();
          if (o.ok) f?.answer(`r${f.q}`); else f?.fail();
          await flush();
        }
        expect(s.open.length).toBeLessThanOrEqual(1);
      }
      // Answer whatever is still under way (and what it starts after it).
      while (s.open.length) { s.open.shift()!.answer('late'); await flush(); }
      expect(s.most()).toBeLessThanOrEqual(1);
      expect(s.asked.length).toBeLessThanOrEqual(runs);
      expect(taken.map(([q]) => q)).toEqual(s.asked);
      // The last read is of what was wanted when `run` was last called, or of a later want (read once the one under way was answered).
      const lastRun = ops.map((o, i) => (o.op === 'run' ? i : -1)).reduce((x, y) => Math.max(x, y), -1);
      const wants = (to: number) => ops.slice(0, to).flatMap((o) => (o.op === 'want' ? [o.q] : []));
      const atLastRun = wants(lastRun + 1).at(-1);
      if (atLastRun !== undefined) expect([atLastRun, ...wants(ops.length).slice(wants(lastRun + 1).length)]).toContain(s.asked.at(-1));
    }));
  });

  it('a burst of runs while one read is under way reads once more, the latest', async () => {
    const s = server();
    const r = new OneReadAtATime<number, string>(s.read, () => undefined);
    r.want(1);
    expect(r.pending).toBe(true);
    r.run();
    expect(r.pending).toBe(false);
    for (let q = 2; q <= 30; q++) { r.want(q); r.run(); }
    expect(s.asked).toEqual([1]);
    expect(r.pending).toBe(true);
    s.open.shift()!.answer('a');
    await flush();
    expect(s.asked).toEqual([1, 30]);
    s.open.shift()!.answer('b');
    await flush();
    expect(s.asked).toEqual([1, 30]);
  });
});
