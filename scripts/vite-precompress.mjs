import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images and fonts of the build are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/i;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/** @param {string} dir @returns {Promise<string[]>} */
async function filesUnder(dir) {
  /** @type {string[]} */
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the browser build, once, at build time,
 * at the strongest settings (brotli quality 11, gzip level 9). The server (src/server/app.ts) serves
 * them with `preCompressed` of @fastify/static when the browser accepts the encoding; a copy that is
 * not smaller than its file is not written. Answers the files written, for the build's log.
 */
export async function precompressDir(dir) {
  const totals = { files: 0, raw: 0, br: 0, gz: 0 };
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f));
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return;
      const data = await readFile(file);
      const [b, g] = await Promise.all([
        brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
        gz(data, { level: 9 }),
      ]);
      totals.files++;
      totals.raw += data.length;
      if (b.length < data.length) {
        await writeFile(`${file}.br`, b);
        totals.br += b.length;
      }
      if (g.length < data.length) {
        await writeFile(`${file}.gz`, g);
        totals.gz += g.length;
      }
    }),
  );
  return totals;
}

/** The Vite plugin: compresses the build's output after it is written (build only, not the dev server). */
export function precompress() {
  /** @type {import('vite').ResolvedConfig} */
  let config;
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const dir = resolve(config.root, config.build.outDir);
      const t = await precompressDir(dir);
      const kb = (/** @type {number} */ n) => `${(n / 1024).toFixed(0)} KB`;
      config.logger.info(`precompressed ${t.files} files: ${kb(t.raw)} -> brotli ${kb(t.br)}, gzip ${kb(t.gz)}`);
    },
  };
}
