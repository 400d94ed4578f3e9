import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle';

describe('whenIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('asks the browser for an idle period with the timeout, and cancels it', () => {
    const asked: Array<{ timeout: number }> = [];
    const cancelled: number[] = [];
    vi.stubGlobal('window', { requestIdleCallback: (_cb: () => void, o: { timeout: number }) => (asked.push(o), 7), cancelIdleCallback: (id: number) => cancelled.push(id) });
    const cancel = whenIdle(() => undefined, 1000, 50);
    expect(asked).toEqual([{ timeout: 1000 }]);
    cancel();
    expect(cancelled).toEqual([7]);
  });

  it('falls back to a timer where the browser has no idle callback, and cancels it', () => {
    vi.useFakeTimers();
    vi.stubGlobal('window', {});
    const ran: string[] = [];
    whenIdle(() => ran.push('a'), 1000, 200);
    const cancel = whenIdle(() => ran.push('b'), 1000, 200);
    cancel();
    vi.advanceTimersByTime(199);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(['a']);
  });
});
