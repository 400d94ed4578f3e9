// npm start: builds the browser app when it is missing or older than its sources, then starts the
// server (migrations run and demo data is seeded on first start) on one port.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

function newest(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const s = statSync(p);
    t = Math.max(t, s.isDirectory() ? newest(p) : s.mtimeMs);
  }
  return t;
}

const stamp = 'dist/client/build-id.txt';
const sources = Math.max(newest('src/client'), newest('src/model'), newest('grids'), newest('reports'), newest('calendars'));
if (!existsSync(stamp) || statSync(stamp).mtimeMs < sources) {
  console.log('Building the browser app ...');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  writeFileSync(stamp, `build-${Date.now().toString(36)}`);
}
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'src/server/main.ts'], { stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
