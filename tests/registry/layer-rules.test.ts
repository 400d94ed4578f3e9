import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layer rules of docs/architecture.md, checked on every import statement so that they stay true:
 * the model is shared by browser and server and depends on neither; browser and server meet only
 * through the model and HTTP; declarations (grids, reports, calendars) are data over the model; the
 * generic screens (engine, form, grid, shell) know no hand-made page; the resource API and the
 * administration services share their permission and filter pieces through neutral modules, and
 * the administration reaches the engine only to register its views.
 */
const ROOT = resolve(__dirname, '../..');
const SOURCE_DIRS = ['src', 'grids', 'reports', 'calendars'];

type Import = { from: string; spec: string; target: string | null };

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(entry.name)) out.push(path.split(sep).join('/'));
  }
  return out;
}

/** `import ... from 'x'`, `export ... from 'x'`, `import 'x'` and `import('x')`, comments excluded. */
const IMPORT = /(?:^|[;\s])(?:import|export)\s[^;'"]*?from\s*['"]([^'"]+)['"]|(?:^|[;\s])import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

export function importsOf(file: string, text: string): Import[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const out: Import[] = [];
  for (const m of code.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3];
    const target = spec.startsWith('.') ? relative(ROOT, resolve(ROOT, dirname(file), spec)).split(sep).join('/') : null;
    out.push({ from: file, spec, target });
  }
  return out;
}

const ALL: Import[] = SOURCE_DIRS.flatMap((d) => sourceFiles(d)).flatMap((f) => importsOf(f, readFileSync(join(ROOT, f), 'utf8')));

const inside = (path: string | null, folder: string) => path !== null && (path === folder || path.startsWith(`${folder}/`));
const show = (list: Import[]) => list.map((i) => `${i.from} -> ${i.spec}`);

/** Imports from files under `from` that break `bad`. */
function offending(from: string, bad: (i: Import) => boolean): string[] {
  return show(ALL.filter((i) => inside(i.from, from) && !i.from.endsWith('.test.ts') && bad(i)));
}

describe('layer rules', () => {
  it('reads the import statements of the sources', () => {
    expect(ALL.length).toBeGreaterThan(500);
    expect(importsOf('src/a/b.ts', "import { x } from '../c';\nexport * from './d';\nimport './e.css';\nconst f = import('../g/h');\n// import y from 'z'").map((i) => i.target)).toEqual([
      'src/c',
      'src/a/d',
      'src/a/e.css',
      'src/g/h',
    ]);
  });

  it('the model imports nothing from the server, the browser, React or Fastify', () => {
    expect(offending('src/model', (i) => inside(i.target, 'src/server') || inside(i.target, 'src/client') || /^(react|react-dom|fastify|@fastify\/|@fluentui\/)/.test(i.spec))).toEqual([]);
  });

  it('the server never imports the browser, nor the browser the server', () => {
    expect([...offending('src/server', (i) => inside(i.target, 'src/client')), ...offending('src/client', (i) => inside(i.target, 'src/server'))]).toEqual([]);
  });

  it('declarations (grids, reports, calendars) import only the model and each other', () => {
    // A report's server query (reports/<name>/<name>.query.ts) runs on the server: it may take the server's query kit, and only that.
    const queryKit = (i: Import) => /^reports\/[^/]+\/[^/]+\.query\.ts$/.test(i.from) && i.target === 'src/server/services/reports/query-kit';
    expect(['grids', 'reports', 'calendars'].flatMap((dir) => offending(dir, (i) => i.target !== null && !inside(i.target, dir) && !inside(i.target, 'src/model') && !queryKit(i)))).toEqual([]);
  });

  it("no source imports a report's server query (the server's catalogue finds it by its folder)", () => {
    expect(show(ALL.filter((i) => i.target !== null && /^reports\/.*\.query(\.ts)?$/.test(i.target)))).toEqual([]);
  });

  it('the generic screens (engine, form, grid, shell) import nothing from pages/', () => {
    expect(['engine', 'form', 'grid', 'shell'].flatMap((dir) => offending(`src/client/${dir}`, (i) => inside(i.target, 'src/client/pages')))).toEqual([]);
  });

  // Issue 30: the administration screens are the engine's views; the administration registers its
  // views' scope and rules with the engine's two registration modules, and nothing else of it.
  const VIEW_REGISTRATION = ['src/server/resources/view-reader', 'src/server/resources/view-writer'];
  it('the resource API imports nothing of the administration services, which register their views only', () => {
    expect([
      ...offending('src/server/resources', (i) => inside(i.target, 'src/server/services/admin')),
      ...offending('src/server/services/admin', (i) => inside(i.target, 'src/server/resources') && !VIEW_REGISTRATION.includes(i.target ?? '')),
    ]).toEqual([]);
  });

  it('the browser and the server each have a public face', () => {
    const faces = ALL.filter((i) => i.from === 'src/client/index.ts' || i.from === 'src/server/index.ts');
    expect(faces.some((i) => i.from === 'src/client/index.ts')).toBe(true);
    expect(faces.some((i) => i.from === 'src/server/index.ts')).toBe(true);
  });
});
