import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildPgliteTemplate } from './pglite-template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Builds, once per API test run, a migrated and seeded PGlite cluster and dumps it to a file; each
 * test app then starts from a copy of it instead of running initdb, the migrations and the seed
 * again (from about 10 s to about 1 s per app on this machine). Skipped on PostgreSQL runs.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return () => {};
  }
  const dir = resolve('.tmp');
  mkdirSync(dir, { recursive: true });
  const file = resolve(dir, `pglite-template-${process.pid}.tar`);
  writeFileSync(file, await buildPgliteTemplate());
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}
