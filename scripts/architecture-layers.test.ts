import { describe, expect, it } from 'vitest';
import { backUp, importsInText, measureLayerImports } from './architecture-metrics.mjs';

/**
 * Imports running back up the layers (issue 30; the layers are in the header of
 * architecture-metrics.mjs and in docs/architecture.md "Layout"). Every import of a lower layer
 * from a higher one must be listed here with its reason; the target is at most 6 in all.
 * A new one fails this test: move the module to the layer it belongs to, or invert the dependency
 * (a registration hook, as db/derived-tables.ts), rather than adding it here.
 */
const ALLOWED: Array<{ from: string; to: string; reason: string }> = [
  {
    from: 'src/server/access/permission.service.ts',
    to: 'src/server/resources/page-query.ts',
    reason: "a role's data permissions compile to the same SQL filter as a list's filters (filterSql, columnType), so that what a list shows and what a permission allows never differ",
  },
  {
    from: 'src/server/config.ts',
    to: 'src/server/http/client-address.ts',
    reason: 'TRUST_PROXY is parsed (and refused) when the configuration loads, by the same pure parser that reads the client address of each request',
  },
  {
    from: 'src/server/db/seed.ts',
    to: 'src/server/kernel/password.ts',
    reason: "the demo seed stores its users' passwords hashed with the sign-in's own argon2 parameters",
  },
];
const TARGET = 6;

const measured = measureLayerImports();
const all = [...measured.client.imports, ...measured.server.imports];
const key = (from: string, to: string) => `${from} -> ${to}`;
const fileOf = (from: string) => from.replace(/:\d+$/, '');

describe('imports running back up the layers', () => {
  it('are only the allowed ones, each with its reason', () => {
    const allowed = new Set(ALLOWED.map((a) => key(a.from, a.to)));
    expect(all.filter((i) => !allowed.has(key(fileOf(i.from), i.to))).map((i) => `${i.from} -> ${i.to} (${i.reason})`)).toEqual([]);
    for (const a of ALLOWED) expect(a.reason.length, key(a.from, a.to)).toBeGreaterThan(20);
  });

  it('keep no allowance for an import that is gone', () => {
    const found = new Set(all.map((i) => key(fileOf(i.from), i.to)));
    expect(ALLOWED.filter((a) => !found.has(key(a.from, a.to))).map((a) => key(a.from, a.to))).toEqual([]);
  });

  it('stay within the target of the issue (client and server together)', () => {
    expect(measured.client.count + measured.server.count).toBeLessThanOrEqual(TARGET);
    expect(ALLOWED.length).toBeLessThanOrEqual(TARGET);
  });

  it('are recognised: a lower layer importing a higher one, either side, and across sides', () => {
    expect(backUp('src/client/api/client.ts', 'src/client/app/i18n.ts')).toBe('api -> app');
    expect(backUp('src/client/grid/EntityGrid.tsx', 'src/client/kernel/toast-bus.ts')).toBeNull();
    expect(backUp('src/server/db/migrate.ts', 'src/server/services/reports/aggregates.ts')).toBe('db -> services');
    expect(backUp('src/server/services/reports/aggregates.ts', 'src/server/db/derived-tables.ts')).toBeNull();
    expect(backUp('src/client/pages/x.tsx', 'src/server/app.ts')).toBe('across');
    const text = "import type { A } from '../a';\nexport { b } from './b';\nconst C = lazy(() => import('../c'));\ndeclare module 'fastify' {}\nimport { importRows } from\n  '../d';\n";
    expect(importsInText(text)).toEqual([
      { line: 1, spec: '../a', typeOnly: true },
      { line: 2, spec: './b', typeOnly: false },
      { line: 3, spec: '../c', typeOnly: false, dynamic: true },
      { line: 5, spec: '../d', typeOnly: false },
    ]);
  });
});
