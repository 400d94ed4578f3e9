import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ordersUi } from '../../../model/i18n/orders-ui';

/** Every word the order pages and the workbench show exists in Chinese and in English (spec 9). */
const dirs = ['src/client/pages/orders', 'src/client/pages/allocation'];
const source = dirs.flatMap((d) => readdirSync(d).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts')).map((f) => readFileSync(join(d, f), 'utf8'))).join('\n');

describe('orders UI catalogue', () => {
  it('has the same keys in zh-CN and en', () => {
    expect(Object.keys(ordersUi.en).sort()).toEqual(Object.keys(ordersUi['zh-CN']).sort());
  });

  it('has every literal key the pages use, and every key built from an action or a status', () => {
    const literal = [...source.matchAll(/'((?:orders|alloc)\.[A-Za-z.]+)'/g)].map((m) => m[1]);
    const built = [
      ...['open', 'send', 'saveAndSend', 'allocate', 'cancel', 'finish', 'accept', 'reject'].map((a) => `orders.action.${a}`),
      ...['send', 'sendNew', 'allocate', 'accept', 'cancel', 'finish'].map((a) => `orders.confirm.${a}`),
      // The workbench's toast once a version's transition lands in that state (its `to`).
      ...['published', 'archived'].map((s) => `alloc.${s}`),
      ...['allocated', 'capacity', 'load'].map((s) => `alloc.pinned.${s}`),
    ];
    const missing = [...new Set([...literal, ...built])].filter((k) => !(k in ordersUi['zh-CN']) || !(k in ordersUi.en));
    expect(missing).toEqual([]);
    expect(literal.length).toBeGreaterThan(50);
  });
});
