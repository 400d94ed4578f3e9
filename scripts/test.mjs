// npm test: type check, unit tests, API tests (PGlite, then PostgreSQL when TEST_DATABASE_URL is
// set), a build of the browser app, and the end-to-end tests in headless Chromium.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

function run(title, cmd, args, env = {}) {
  console.log(`\n=== ${title}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${title}: ${r.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (r.status !== 0) process.exit(r.status ?? 1);
}

run('type check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
run('unit tests', 'npx', ['vitest', 'run', '--project', 'unit']);
run('API tests on PGlite', 'npx', ['vitest', 'run', '--project', 'api'], { TEST_DATABASE_URL: '' });
const pg = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
if (pg) run('API tests on PostgreSQL', 'npx', ['vitest', 'run', '--project', 'api'], { TEST_DATABASE_URL: pg });
run('browser build', 'npx', ['vite', 'build', '--logLevel', 'warn']);
writeFileSync('dist/client/build-id.txt', `build-${Date.now().toString(36)}`);
run('end-to-end tests in Chromium', 'npx', ['vitest', 'run', '--project', 'e2e']);
