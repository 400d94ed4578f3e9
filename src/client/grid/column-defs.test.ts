import { describe, expect, it } from 'vitest';
import { headerFitWidth } from './column-defs';

describe('a header’s longest word fits its column', () => {
  it('widens a narrow column for a long English word, never narrows one, and leaves CJK labels alone', () => {
    expect(headerFitWidth('Allocation status', 110)).toBeGreaterThanOrEqual(Math.ceil(10 * 7.6 + 52));
    expect(headerFitWidth('Allocation status', 300)).toBe(300);
    expect(headerFitWidth('分配状态', 90)).toBe(90);
    expect(headerFitWidth('客户PR单号', 110)).toBe(110);
    expect(headerFitWidth('Qty', undefined)).toBeUndefined();
  });
});
