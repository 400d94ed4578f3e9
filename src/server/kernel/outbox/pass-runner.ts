import { redactError } from './outbox.service';

/**
 * The loop every outbox sender runs (notices' mail and workplace chat, out-api pushes): a pass claims
 * a batch of due rows (the sender's `claim`, `for update skip locked`, so two processes never take one
 * row) and delivers each (`deliver`, which records the outcome itself), until nothing is due. A pass
 * runs on start, every `pollMs` (rows another process queued), and on `wake()`; a wake during a pass
 * runs one more pass right after it, never two at once. `stop()` waits for the pass under way.
 *
 * Example:
 * ```ts
 * class Sender extends PassRunner<Row> {
 *   protected claim() { return claimDueRows(db); }
 *   protected deliver(row: Row) { return send(row); }
 * }
 * ```
 */
export abstract class PassRunner<Row> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  protected stopped = true;

  protected constructor(private readonly loop: { name: string; pollMs: number; log: (msg: string, extra?: object) => void; parallel?: boolean }) {}

  /** Claims the next batch of due rows (empty: nothing is due). */
  protected abstract claim(): Promise<Row[]>;
  /** Delivers one claimed row and records its outcome; it does not throw for a failed delivery. */
  protected abstract deliver(row: Row): Promise<void>;

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.loop.pollMs);
    this.timer.unref();
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Runs a pass now, or right after the one under way. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .then(() => undefined)
      .catch((e) => this.loop.log(`${this.loop.name} pass failed`, { error: redactError(e) }))
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Delivers every due row, a batch at a time (side by side when `parallel`). Returns how many were handled. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const batch = await this.claim();
      if (!batch.length) return total;
      if (this.loop.parallel) await Promise.all(batch.map((row) => this.deliver(row)));
      else for (const row of batch) await this.deliver(row);
      total += batch.length;
      if (this.stopped) return total;
    }
  }
}
