/**
 * One read at a time, the latest wanted (the board's late reasons, useLateReasons.ts): `run` reads what
 * is wanted now unless a read is under way; then, once that one is answered, it reads what is wanted by
 * then, once, however many times `run` was called meanwhile. So a view that moves or a burst of changes
 * never queues reads on the server ahead of the planner's next command.
 *
 * Example: `const r = new OneReadAtATime(fetchReasons, (q, reply) => show(reply)); r.want(span); r.run();`
 */
export class OneReadAtATime<Q, R> {
  private wanted: Q | null = null;
  private busy = false;
  private again = false;
  /** Whether a read was ever started. */
  started = false;
  /** Whether what is wanted now has not been read yet (no read of it started). */
  pending = false;

  constructor(private readonly read: (q: Q) => Promise<R>, private readonly take: (q: Q, reply: R | null) => void) {}

  want(q: Q): void {
    this.wanted = q;
    this.pending = true;
  }

  get wanting(): Q | null {
    return this.wanted;
  }

  /** Reads what is wanted now, or once the read under way is answered. */
  run(): void {
    const q = this.wanted;
    if (q === null) return;
    if (this.busy) { this.again = true; return; }
    this.busy = true;
    this.started = true;
    this.pending = false;
    this.read(q).then((r) => this.done(q, r), () => this.done(q, null));
  }

  private done(q: Q, reply: R | null): void {
    this.busy = false;
    this.take(q, reply);
    if (this.again) { this.again = false; this.run(); }
  }
}
