import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ReportDef } from '../../../model';
import { aggregateOf, keptTableOf } from './aggregates';
import { registerServerQuery, type ServerQuery } from './server-query';

/**
 * The server's catalogue of reports, found by their folders (docs/architecture-reports.md): every
 * folder `reports/<name>/` holding `<name>.report.ts` is a report; its declarations register on
 * import (with their menu entries), and its `<name>.query.ts`, when there is one, is the server
 * query of the folder's reports that name one. The server runs under tsx, which has no
 * `import.meta.glob`, so it reads the directory once at start (top-level await: whoever imports this
 * module gets every report registered); the browser finds the same folders with vite's glob
 * (reports/index.ts). A folder whose report names a query it does not hold, or whose query no
 * report of it names, stops the start. A folder's `<name>.aggregate.ts`, when there is one, declares
 * the kept tables its reports read (the browser never loads it); a report naming a kept table no
 * folder declares stops the start too.
 */
export const REPORTS_DIR = fileURLToPath(new URL('../../../../reports/', import.meta.url));

/** The report folders of a directory: each subfolder that holds `<folder>.report.ts`, sorted. */
export function reportFolders(dir: string = REPORTS_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, `${e.name}.report.ts`)))
    .map((e) => e.name)
    .sort();
}

const isReport = (v: unknown): v is ReportDef => typeof v === 'object' && v !== null && 'name' in v && 'measures' in v && 'dimensions' in v;

/**
 * A folder's module. The product's own folders are imported by a path relative to this file, which
 * a bundler can follow (the e2e run's server bundle, scripts/build-server.mjs, holds every
 * `reports/<name>/<name>.report.ts` and `.query.ts`); another directory (a test's fixtures) by its
 * address.
 */
const load = (dir: string, folder: string, kind: 'report' | 'query' | 'aggregate'): Promise<Record<string, unknown>> => {
  if (dir !== REPORTS_DIR) return import(pathToFileURL(join(dir, folder, `${folder}.${kind}.ts`)).href) as Promise<Record<string, unknown>>;
  if (kind === 'aggregate') return import(`../../../../reports/${folder}/${folder}.aggregate.ts`) as Promise<Record<string, unknown>>;
  return (kind === 'report' ? import(`../../../../reports/${folder}/${folder}.report.ts`) : import(`../../../../reports/${folder}/${folder}.query.ts`)) as Promise<Record<string, unknown>>;
};

/** Loads one folder: its declarations, and its server query bound to the reports that name one. */
export async function loadReportFolder(folder: string, dir: string = REPORTS_DIR): Promise<ReportDef[]> {
  if (existsSync(join(dir, folder, `${folder}.aggregate.ts`))) await load(dir, folder, 'aggregate');
  const reports = Object.values(await load(dir, folder, 'report')).filter(isReport);
  if (!reports.length) throw new Error(`reports/${folder}/${folder}.report.ts declares no report`);
  const named = reports.filter((r) => r.query);
  const hasQuery = existsSync(join(dir, folder, `${folder}.query.ts`));
  if (named.length && !hasQuery) throw new Error(`report ${named[0].name} names server query ${named[0].query}, but reports/${folder}/ holds no ${folder}.query.ts`);
  if (!hasQuery) return reports;
  const { query } = (await load(dir, folder, 'query')) as { query?: ServerQuery };
  if (typeof query !== 'function') throw new Error(`reports/${folder}/${folder}.query.ts exports no \`query\` function`);
  if (!named.length) throw new Error(`reports/${folder}/${folder}.query.ts: no report of the folder names a server query`);
  for (const r of named) registerServerQuery(r.query!, query);
  return reports;
}

async function loadAll(): Promise<ReportDef[]> {
  const out: ReportDef[] = [];
  // One after another, in folder order, so the menu's entries come in the same order on every start.
  for (const folder of reportFolders()) out.push(...(await loadReportFolder(folder)));
  const unknown = out.find((r) => r.aggregate && !(r.query ? keptTableOf(r.aggregate) : aggregateOf(r.aggregate)));
  if (unknown) throw new Error(`report ${unknown.name} reads kept table ${unknown.aggregate}, which no report folder declares (<name>.aggregate.ts)`);
  return out;
}

/** Every report of the product, loaded once. */
export const REPORTS: readonly ReportDef[] = await loadAll();
