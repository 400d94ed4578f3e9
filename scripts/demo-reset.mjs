// npm run demo:reset: forgets the demo on the embedded database so the next `npm start` seeds a fresh
// season. Removes the database and the uploaded and generated files under DATA_DIR (default ./data);
// keeps the JWT secret. With DATABASE_URL set it stops: a server database is not the script's to drop.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

if (process.env.DATABASE_URL) {
  console.error('DATABASE_URL is set: demo:reset only resets the embedded database. Drop and recreate that database yourself, then run npm start.');
  process.exit(1);
}
const dir = resolve(process.env.DATA_DIR ?? './data');
if (!existsSync(dir)) {
  console.log(`Nothing to reset: ${dir} does not exist. npm start seeds the demo.`);
  process.exit(0);
}
const keep = new Set(['jwt-secret']);
const removed = [];
for (const name of readdirSync(dir)) {
  if (keep.has(name)) continue;
  rmSync(join(dir, name), { recursive: true, force: true });
  removed.push(name);
}
console.log(`Removed ${removed.length ? removed.join(', ') : 'nothing'} from ${dir}. Run npm start to seed a fresh demo season.`);
