/**
 * `npm run bench`: runs every benchmark file of this folder (b<n>...-*.ts exporting `bench`), each
 * printing its measurements as ratios against a baseline measured in the same run. Exits non-zero when
 * a benchmark misses its target, so CI can watch it.
 *
 * Usage: `npm run bench` (all) or `npm run bench -- b4a` (files whose name starts with b4a).
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export type BenchLine = { label: string; value: string };
export type BenchResult = { lines: BenchLine[]; passed: boolean; target: string };
export type Bench = { id: string; title: string; run: () => Promise<BenchResult> | BenchResult };

// Benchmarks time pages in the full Chromium a planner's browser is, not the lighter headless shell
// the e2e tests use (tests/e2e/support/harness.ts), so their figures stay comparable over time.
process.env.E2E_CHROMIUM ||= '/usr/bin/chromium';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => /^b\d+[a-z]?-.*\.ts$/.test(f) && !f.endsWith('.test.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
  .sort();

let failed = 0;
for (const file of files) {
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { bench?: Bench };
  if (!mod.bench) continue;
  const { bench } = mod;
  console.log(`\n== ${bench.id}: ${bench.title}`);
  const result = await bench.run();
  const width = Math.max(...result.lines.map((l) => l.label.length));
  for (const l of result.lines) console.log(`   ${l.label.padEnd(width)}  ${l.value}`);
  console.log(`   target: ${result.target} -> ${result.passed ? 'MET' : 'MISSED'}`);
  if (!result.passed) failed++;
}
console.log(`\n${files.length} benchmark file(s), ${failed} missed`);
process.exit(failed ? 1 : 0);
