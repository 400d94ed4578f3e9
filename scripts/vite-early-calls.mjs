import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's root (paths in the options are relative to it, wherever the build is run from). */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The document's early script (src/client/early/early-calls.js, loaded by index.html): written into
 * the build as `early-calls.js` with the chunks each signed-in page will import, so the script can
 * have the browser fetch and compile them (`modulepreload`) while the app's entry is still loading
 * and running, instead of after it (B8: the tower's chunks were asked ~0.3-0.5 s after the
 * navigation). `pages` maps an address (a path, or `*` for every signed-in page) to the source
 * module that page imports lazily; its chunk and the chunks that chunk imports statically are
 * listed, less those the entry loads anyway. The script's `/*PRELOAD*\/{}` takes the map. The dev
 * server serves the script with an empty map.
 * @param {{ script: string; pages: Record<string, string> }} options paths from the project's root
 */
export function earlyCalls({ script, pages }) {
  const file = resolve(ROOT, script);
  const text = () => readFileSync(file, 'utf8');
  let base = '/';
  return {
    name: 'early-calls',
    configResolved(config) {
      base = config.base;
    },
    configureServer(server) {
      server.middlewares.use('/early-calls.js', (_req, res) => {
        res.setHeader('content-type', 'text/javascript');
        res.end(text());
      });
    },
    generateBundle(_options, bundle) {
      this.emitFile({ type: 'asset', fileName: 'early-calls.js', source: withPreloads(text(), preloadMap(bundle, pages, base)) });
    },
  };
}

/**
 * The chunks to preload per address: each page's chunk and its static imports, in import order,
 * without the entry's own (which index.html loads) and, for an address, without those of `*`. A page whose module is not in the build is an
 * error of the configuration: the build fails.
 * @param {Record<string, { type: string; fileName: string; imports?: string[]; isEntry?: boolean; facadeModuleId?: string | null }>} bundle
 * @param {Record<string, string>} pages
 * @param {string} base
 */
export function preloadMap(bundle, pages, base = '/') {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start) => {
    const seen = [];
    const walk = (name) => {
      if (seen.includes(name)) return;
      seen.push(name);
      for (const i of byName.get(name)?.imports ?? []) walk(i);
    };
    walk(start);
    return seen;
  };
  const entry = chunks.find((c) => c.isEntry);
  const initial = new Set(entry ? closure(entry.fileName) : []);
  /** @type {Record<string, string[]>} */
  const map = {};
  for (const [address, module] of Object.entries(pages)) {
    const id = resolve(ROOT, module);
    const chunk = chunks.find((c) => c.facadeModuleId === id);
    if (!chunk) throw new Error(`early-calls: no chunk for ${module} (the page of ${address})`);
    map[address] = closure(chunk.fileName).filter((f) => !initial.has(f)).map((f) => `${base}${f}`);
  }
  // A page's list leaves out what every signed-in page's (`*`) has already.
  const everyPage = new Set(map['*'] ?? []);
  for (const address of Object.keys(map)) if (address !== '*') map[address] = map[address].filter((f) => !everyPage.has(f));
  return map;
}

/** The script with its preload map written in. */
export function withPreloads(script, map) {
  if (!script.includes('/*PRELOAD*/{}')) throw new Error('early-calls: the script has no /*PRELOAD*/{} to fill');
  return script.replace('/*PRELOAD*/{}', JSON.stringify(map));
}
