// The server as one ES module (about 2 MB), for the e2e run: each e2e file starts its own server,
// and loading the server's few hundred TypeScript modules through tsx took about 3 CPU-seconds of
// every start, one file took 0.3. Libraries stay outside (node_modules, loaded by Node as usual);
// what the server reads at run time beside its code (the reports' folders, the import's worker
// source, the browser build) is found where it is in the repository, as under tsx: each module
// keeps its own `import.meta.url`. `npm start` and the API tests run the sources through tsx.
//
// Usage: node scripts/build-server.mjs <outfile>
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/** Each module's own address where it asks for it (bundled, every module would get the bundle's). */
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes('node_modules')) return undefined;
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

export async function buildServer(outfile) {
  await build({
    entryPoints: ['src/server/main.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'warning',
    plugins: [ownImportMetaUrl],
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer(process.argv[2] ?? '.tmp/server/main.mjs');
