// npm test: type check, ESLint and unit tests (side by side), API tests (on PostgreSQL when
// TEST_DATABASE_URL is set, then the embedded-database files on PGlite; else all on PGlite), a build
// of the browser app, and the end-to-end tests in headless Chromium.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { EMBEDDED_DATABASE_FILES } from '../tests/support/embedded-database-files.mjs';

// The machine's CPU counters (Linux /proc/stat, in clock ticks): user+nice, system, idle+iowait.
function cpuTicks() {
  if (!existsSync('/proc/stat')) return null;
  const [user, nice, system, idle, iowait, irq, softirq] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return { user: user + nice, system: system + irq + softirq, idle: idle + iowait };
}

// How busy the cores were during a stage: a stage that leaves them idle waits on something (a timer,
// a poll, one long file) and is not made shorter by cheaper work, only by waiting less.
function cpuUse(before) {
  const after = cpuTicks();
  if (!before || !after) return '';
  const d = { user: after.user - before.user, system: after.system - before.system, idle: after.idle - before.idle };
  const all = d.user + d.system + d.idle || 1;
  const pc = (x) => `${Math.round((100 * x) / all)} %`;
  return ` (cores busy ${pc(d.user + d.system)}: user ${pc(d.user)}, system ${pc(d.system)}; idle ${pc(d.idle)})`;
}

function run(title, cmd, args, env = {}) {
  console.log(`\n=== ${title}`);
  const started = Date.now();
  const ticks = cpuTicks();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${title}: ${r.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s${cpuUse(ticks)}`);
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// Runs a command with its output kept, so that two can run at once and print one after the other.
function start(title, cmd, args, env = {}) {
  const started = Date.now();
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let out = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (d) => { out += d; });
  }
  return new Promise((resolve) => {
    child.on('error', (e) => { out += String(e); });
    child.on('close', (code) => resolve({ title, code, out, seconds: (Date.now() - started) / 1000 }));
  });
}

// Prints the outputs of commands run side by side, one after the other, and stops the run on a failure.
function report(results, ticks, what) {
  for (const c of results) {
    console.log(`\n=== ${c.title}`);
    if (c.out) process.stdout.write(c.out);
    console.log(`=== ${c.title}: ${c.code === 0 ? 'passed' : 'FAILED'} in ${c.seconds.toFixed(1)} s`);
  }
  console.log(`=== ${what}: ${cpuUse(ticks).trim() || 'done'}`);
  const failed = results.find((c) => c.code !== 0);
  if (failed) process.exit(failed.code ?? 1);
}

// The type check, ESLint (zero warnings), the unit tests and the browser build need no database:
// side by side. The two checks alone left a quarter to a third of the two cores idle (single-threaded phases
// of each); the unit tests fill it (2026-12-05: 56 s and 47 s side by side, then unit 32 s alone).
const checkTicks = cpuTicks();
const checks = await Promise.all([
  start('type check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']),
  start('lint', 'npm', ['run', '--silent', 'lint']),
  start('unit tests', 'npx', ['vitest', 'run', '--project', 'unit']),
  // The browser build is read only by the end-to-end stage; built here, it takes no stage of its own.
  start('browser build', 'npx', ['vite', 'build', '--logLevel', 'warn']),
]);
report(checks, checkTicks, 'checks side by side');
// With PostgreSQL at hand every API file runs on it, and on PGlite the files of the embedded-database
// list (tests/support/embedded-database-files.mjs says why); without it, every file runs on PGlite.
const pg = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
if (pg) {
  // Side by side: each stage ended on one long file with a core idle (20-40 s each), and the two share
  // nothing (each its own template, databases and Redis keys: tests/support/global-setup.ts).
  const apiTicks = cpuTicks();
  const api = await Promise.all([
    start('API tests on PostgreSQL', 'npx', ['vitest', 'run', '--project', 'api'], { TEST_DATABASE_URL: pg }),
    start('API tests on PGlite (embedded-database files)', 'npx', ['vitest', 'run', '--project', 'api', ...EMBEDDED_DATABASE_FILES.map(([file]) => file)], { TEST_DATABASE_URL: '' }),
  ]);
  report(api, apiTicks, 'API tests side by side');
} else run('API tests on PGlite', 'npx', ['vitest', 'run', '--project', 'api'], { TEST_DATABASE_URL: '' });
writeFileSync('dist/client/build-id.txt', `build-${Date.now().toString(36)}`);
run('end-to-end tests in Chromium', 'npx', ['vitest', 'run', '--project', 'e2e']);
