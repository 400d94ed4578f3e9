import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EMBEDDED_DATABASE_FILES } from '../tests/support/embedded-database-files.mjs';

const apiFiles = ['tests/api', 'tests/registry'].flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith('.test.ts')).map((f) => `${dir}/${f}`));

describe('the API files that run on the embedded database too', () => {
  it('names files that exist, once each, each with a reason', () => {
    const names = EMBEDDED_DATABASE_FILES.map(([file]) => file);
    expect(names.filter((f) => !existsSync(f))).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
    expect(EMBEDDED_DATABASE_FILES.filter(([, why]) => why.length < 10)).toEqual([]);
  });

  it('holds every file with tests that run on the embedded database only (else CI would never run them)', () => {
    const embeddedOnly = apiFiles.filter((f) => /skipIf\(\s*Boolean\(process\.env\.TEST_DATABASE_URL\)\s*\)/.test(readFileSync(f, 'utf8')));
    expect(embeddedOnly.length).toBeGreaterThan(0);
    const listed = new Set(EMBEDDED_DATABASE_FILES.map(([file]) => file));
    expect(embeddedOnly.filter((f) => !listed.has(f))).toEqual([]);
  });
});
