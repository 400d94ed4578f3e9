#!/usr/bin/env node
/**
 * Architecture metrics (issue 30, "Measured"): `npm run metrics` prints five figures of the
 * codebase's shape as tables; `-- --json` prints them as one JSON object instead, `-- --verbose`
 * adds the lists behind each count (files, functions, statements, import pairs).
 * Files are parsed with the `typescript` package (no type checking, no imports followed), so a
 * figure is what the syntax says, never a text search.
 *
 * What is measured, and how:
 *
 * 1. Hand-written against declared lines, per product module. A line is a code line: a line that
 *    holds at least one token (blank and comment-only lines do not count). Tests (`*.test.ts(x)`,
 *    tests/) are never counted; demo seeds (`*.seed.ts`, `*-seed.ts`, `src/server/db/seed.ts`)
 *    are shown in their own column and left out of the ratio. A file belongs to the module whose
 *    path prefix in MODULES below is the longest match. "Hand" is the module's services
 *    (src/server/services/<module>), pages (src/client/pages/<module>), its pure domain code in
 *    src/model (allocation.ts, aql.ts, ...) and, for the board, src/client/calendar and the
 *    scheduling arithmetic of calendars/ (auto-schedule, capacity, cascade). "Declared" is the
 *    module's entity files (src/model/entities/*.entity.ts), grids/<module>, its reports/ folders
 *    (a report belongs to the module of the entity it reads) and calendars/*.calendar.ts and menus.
 *    Everything else under src/ (the generic engine, access, database, import and export, shell,
 *    i18n catalogues, the model's machinery) is the platform, counted once and not divided.
 *    A module with hand-written lines and no declarations (workspace) has no ratio and counts as
 *    above the target. A module may name an exempt part (the issue's exceptions: the board's renderer, chat's
 *    transport); the ratio is printed with and without it and the target applies without it.
 *    Module mapping (menu group -> module):
 *      masterdata                masterdata (customers, vendors, materials, organisation, lines)
 *      orders                    customer orders, requirement orders, order shares
 *      allocation                demand allocation, vendor capacity, capacity groups (orders group)
 *      planning/board            planning (production plans, schedule board, calendar views, cycle calendar)
 *      production                production (work orders, bundles, scans)
 *      tracking                  node tracking
 *      outsource                 outsourced orders and tasks
 *      quality                   quality (inspections, AQL, defects)
 *      purchasing                purchase (contracts, orders, supplier orders, stock)
 *      sourcing                  sourcing and sourcingapply
 *      approvals                 approvals (process definitions, dynamic forms)
 *      chat/notify/tickets       collab (chat, notices, tasks, announcements, tickets)
 *      finance                   finance (statements, rates)
 *      development               development (styles, costing, samples)
 *      reports                   reports and dashboards (report pages, control tower, charts)
 *      admin                     admin and sysadmin (users, roles, menus, settings, audit)
 *      workspace                 workspace (home, my dashboard, profile)
 *
 * 2. Literal-URL API calls in components (src/client/**\/*.tsx): a call whose first argument is a
 *    string or template literal and whose callee is an API function (`api.get`, `api.post`, any
 *    `<x>Api.<verb>`, `request`, `fetch`), or any call whose literal first argument is an API
 *    address (`/api/...` or `/<prefix>api/...`, e.g. `downloadFile('/rptapi/...')`). Routes given to
 *    `navigate` and links are not API calls and are not counted.
 *
 * 3. Components over 200 lines: .tsx files over 200 lines, and function components (a PascalCase
 *    function holding JSX) spanning over 200 lines. Functions over 80 lines: every function,
 *    method, arrow or accessor spanning over 80 lines (first to last line, comments inside
 *    included) in src/, grids/, reports/, calendars/ and scripts/ (.ts, .tsx, .mjs; no tests, no
 *    declaration files). A function nested in a long one is counted on its own if it is long too,
 *    and a long component is a long function too.
 *
 * 4. Raw writes of registry tables outside the document writer. SQL text is the text of
 *    sql`...` templates (an interpolation reads as `$x`, or the name inside `sql.table('...')` /
 *    `sql.id('...')`), of `sql.raw(...)`, `CompiledQuery.raw(...)` and `execStatements(db, ...)`
 *    given a literal or a constant of the same file. A write is `insert into T`, `update T` (not
 *    `do update`, `for update`, `on update`) or `delete from T`. Registry tables are the
 *    `table: '...'` of src/model/entities/*.entity.ts (not a view entity's). The writer's files (WRITER_FILES) are left
 *    out; migrations are counted apart (a data migration may rewrite a registry table). A write
 *    whose table is an interpolation (`${tbl(entity)}`) is counted as "target not literal".
 *    Kysely's builder calls (`insertInto('t')`, `updateTable`, `deleteFrom`) count as writes too.
 *
 * 5. Imports running back up the layers (import and export declarations and `import()` with a
 *    relative address, read by TypeScript's import pre-processor, `importsInText`; type-only imports
 *    included and marked): a file of a lower layer
 *    importing a file of a higher one. Folders of one rank may import each other. Layers:
 *      client: model, grids/reports/calendars (0) < kernel (1) < api (2) < session (3) < grid (4)
 *              < form (5) < engine, calendar (6) < shell (7) < pages (8) < app (9) < main.tsx, index.ts (10)
 *              (kernel, added with issue 30, is the framework-free core every layer may use: the i18n
 *              instance and tr(), browser storage keys, the toast bus, the router handle for code
 *              outside React (navigateTo) and the route prefetch hook; grid holds AG Grid and the
 *              matrix table, the form drawer shows child grids, the engine composes lists and forms
 *              into pages; the board renderer is a peer of the engine)
 *      server: model, grids/reports/calendars, config.ts (0) < db (1) < kernel (2) < http (3)
 *              < access, realtime (4) < resources (5) < services (6) < app.ts, main.ts, index.ts (7)
 *              (kernel, added with issue 30, holds the primitives under the routes that access, the
 *              writer and the services all use and that need only the database: tenant scope and
 *              row-level security, the audit journal, numbering sequences, a company's dictionary
 *              items, the mail and SMS outbox queue, password hashing)
 *    The client importing the server or the server the client counts too (as "across").
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LIMITS = { component: 200, function: 80, moduleRatio: 2.0, importsBackUp: 6 };

const E = (name) => `src/model/entities/${name}.entity.ts`;
const S = (name) => `src/server/services/${name}/`;
const P = (name) => `src/client/pages/${name}/`;
const R = (...names) => names.map((n) => `reports/${n}/`);

/** Product modules: path prefixes of their hand-written and declared files (longest prefix wins). */
export const MODULES = [
  {
    name: 'masterdata',
    hand: [],
    declared: ['grids/masterdata/', 'src/model/dictionaries-masterdata.ts', ...['company', 'customer', 'material', 'org', 'plant', 'position', 'process', 'vendor', 'workline', 'workshop'].map(E)],
  },
  {
    name: 'orders',
    hand: [S('orders'), P('orders')],
    declared: ['grids/orders/customerorder.grid.ts', 'grids/orders/prorder.grid.ts', 'grids/orders/menu.ts', 'grids/orders/index.ts', ...['customerorder', 'prorder', 'ordershare'].map(E), ...R('order-book', 'orders-by-status', 'on-time-delivery', 'pr-order-book')],
  },
  {
    name: 'allocation',
    hand: [S('allocation'), P('allocation'), 'src/model/allocation.ts', 'src/model/allocation-suggest.ts'],
    declared: ['grids/orders/allocation.grid.ts', 'grids/orders/capacity.grid.ts', ...['allocationversion', 'demand', 'vendorcapacity', 'capacitygroup'].map(E), ...R('allocation-by-vendor', 'allocation-coverage', 'vendor-capacity-vs-allocated', 'capacity-heatmap')],
  },
  {
    name: 'planning/board',
    hand: [S('planning'), 'src/client/calendar/', 'calendars/auto-schedule.ts', 'calendars/capacity.ts', 'calendars/cascade.ts', 'src/model/schedule-board.ts', 'src/model/measures.ts'],
    declared: ['grids/planning/', 'calendars/', ...['prodplan', 'cyclecalendar'].map(E), ...R('capacity-load', 'plan-lateness')],
    exempt: { label: "the board's renderer", paths: ['src/client/calendar/'] },
  },
  {
    name: 'production',
    hand: [S('production'), P('production')],
    declared: ['grids/production/', E('workorder'), 'reports/dashboards/production.dashboard.ts', ...R('production-output')],
  },
  {
    name: 'tracking',
    hand: [S('tracking'), P('tracking'), 'src/model/node-tracking.ts'],
    declared: ['grids/tracking/', E('nodeconfig'), 'calendars/node-tracking.calendar.ts', ...R('node-risk')],
  },
  { name: 'outsource', hand: [S('outsource'), P('outsource')], declared: ['grids/outsource/', E('outsourceorder'), ...R('outsourced-wip')] },
  { name: 'quality', hand: [S('quality'), P('quality'), 'src/model/aql.ts'], declared: ['grids/quality/', E('inspection'), ...R('quality-defects')] },
  {
    name: 'purchasing',
    hand: [S('purchasing'), P('purchase')],
    declared: ['grids/purchase/', ...['purcontract', 'purorder', 'supplierorder', 'materialcalloff', 'stockbalance', 'stockmove', 'warehouselocation'].map(E), ...R('purchase-spend', 'material-price-trend', 'stock-by-location', 'supplier-orders', 'vendor-scorecard', 'vendor-kpi')],
  },
  {
    name: 'sourcing',
    hand: [S('sourcing'), P('sourcing')],
    declared: ['grids/sourcing/', ...['sourcingadmission', 'sourcingeval', 'sourcingproject', 'sourcingsupplier', 'sourcingvendoreval'].map(E), ...R('sourcing-in-progress'), 'reports/dashboards/sourcing.dashboard.ts'],
  },
  { name: 'approvals', hand: [S('approvals'), P('approvals'), 'src/model/dynamic-form.ts', 'src/model/approval-flow.ts'], declared: ['grids/approvals/', E('process-def'), E('dynamic-form'), E('approval-task')] },
  {
    name: 'chat/notify/tickets',
    hand: [S('chat'), S('notify'), S('tickets'), P('collab'), 'src/server/realtime/', 'src/model/notice-events.ts'],
    declared: ['grids/collab/', E('announcement'), E('friend'), E('notice'), E('task'), E('ticket'), ...R('open-exceptions')],
    exempt: {
      label: "chat's transport",
      paths: ['src/server/realtime/', S('chat'), 'src/client/pages/collab/ChatPage.tsx', 'src/client/pages/collab/ChatConversation.tsx', 'src/client/pages/collab/ChatParts.tsx', 'src/client/pages/collab/chat-styles.ts', 'src/client/pages/collab/use-conversation.ts', 'src/client/pages/collab/chat-api.ts', 'src/client/pages/collab/chat-messages.ts', 'src/client/pages/collab/voice-recorder.ts', 'src/client/pages/collab/voice-wav.ts'],
    },
  },
  { name: 'finance', hand: [S('finance'), P('finance'), 'src/model/finance-match.ts'], declared: ['grids/finance/', E('finstatement')] },
  { name: 'development', hand: [S('development'), P('development'), 'src/model/style-costing.ts'], declared: ['grids/development/', E('style'), E('samplerequest')] },
  {
    name: 'reports',
    // The figure alerts and the tiles companies build are the reports' own records (entities) with their pure rules (src/model).
    hand: [S('reports'), P('reports'), P('visual'), 'src/model/alerts.ts', 'src/model/tiles.ts'],
    declared: ['reports/', 'grids/reports/', E('rptalert'), E('rpttile')],
  },
  { name: 'admin', hand: [S('admin'), P('admin')], declared: ['grids/admin/', E('admin-settings'), E('admin-client'), E('admin-user'), E('admin-role'), E('admin-dataperm'), E('admin-sysdict'), E('admin-audit'), E('admin-service'), E('admin-apikey'), E('admin-push'), E('admin-sysconfig'), E('outbox')] },
  { name: 'workspace', hand: [S('profile'), P('workspace'), 'src/model/workspace.ts'], declared: ['grids/workspace/', 'src/model/profile-forms.ts', 'reports/dashboards/personal.board.ts', E('workspace-profile')] },
];

/**
 * The writer's files: the one write path, the import's own batch writer (docs/architecture.md,
 * architecture-excel.md), the view writer of the platform's own tables (issue 30, view-writer.ts) and
 * the journal writer of a journal view's transitions (an approval task's decisions, journal-writer.ts).
 */
export const WRITER_FILES = [
  'src/server/resources/document-writer.ts',
  'src/server/resources/document-stages.ts',
  'src/server/resources/record-writer.ts',
  'src/server/resources/view-writer.ts',
  'src/server/resources/journal-writer.ts',
  'src/server/services/import/import-sql.ts',
  'src/server/services/import/import.service.ts',
  'src/server/services/import/import-journal.ts',
];

/** Layer ranks by the first folder under src/client or src/server (see the header). */
export const CLIENT_LAYERS = { model: 0, declarations: 0, kernel: 1, api: 2, session: 3, grid: 4, form: 5, engine: 6, calendar: 6, shell: 7, pages: 8, app: 9, root: 10 };
export const SERVER_LAYERS = { model: 0, declarations: 0, config: 0, db: 1, kernel: 2, http: 3, access: 4, realtime: 4, resources: 5, services: 6, root: 7 };

// ---------------------------------------------------------------------------------------------
// Files

const SOURCE_ROOTS = ['src', 'grids', 'reports', 'calendars', 'scripts'];
const SOURCE_EXT = /\.(ts|tsx|mjs)$/;

/** Whether a repository path is a test (never measured). */
export function isTest(rel) {
  return /\.test\.(ts|tsx|mjs)$/.test(rel) || rel.startsWith('tests/') || /(^|\/)__tests__\//.test(rel);
}

/** Whether a repository path is demo seed data. */
export function isSeed(rel) {
  return /[.-]seed\.ts$/.test(rel) || rel === 'src/server/db/seed.ts';
}

/** Every measured source file (repository paths, '/'-separated, sorted). */
export function listSources() {
  const out = [];
  for (const top of SOURCE_ROOTS) {
    const dir = path.join(ROOT, top);
    if (!fs.existsSync(dir)) continue;
    for (const entry of fs.readdirSync(dir, { recursive: true })) {
      const rel = `${top}/${String(entry).split(path.sep).join('/')}`;
      if (!SOURCE_EXT.test(rel) || /\.d\.m?ts$/.test(rel) || rel.includes('node_modules/') || isTest(rel)) continue;
      if (top === 'scripts' && !/\.(mjs|ts)$/.test(rel)) continue;
      out.push(rel);
    }
  }
  return out.sort();
}

const parsed = new Map();

/** The parsed file (cached): { rel, text, sf }. */
function parse(rel) {
  let p = parsed.get(rel);
  if (!p) {
    const text = fs.readFileSync(path.join(ROOT, rel), 'utf8');
    const kind = rel.endsWith('.tsx') ? ts.ScriptKind.TSX : rel.endsWith('.mjs') ? ts.ScriptKind.JS : ts.ScriptKind.TS;
    p = { rel, text, sf: ts.createSourceFile(rel, text, ts.ScriptTarget.Latest, true, kind) };
    parsed.set(rel, p);
  }
  return p;
}

const lineOf = (sf, pos) => sf.getLineAndCharacterOfPosition(pos).line;

/** Code lines of a file: lines holding at least one token (comments and blank lines excluded). */
export function codeLines(sf) {
  const lines = new Set();
  const walk = (node) => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    const children = node.getChildren(sf);
    if (children.length === 0) {
      if (node.kind === ts.SyntaxKind.EndOfFileToken) return;
      if (node.kind === ts.SyntaxKind.JsxText && !node.getText(sf).trim()) return;
      const a = lineOf(sf, node.getStart(sf));
      const b = lineOf(sf, node.getEnd());
      for (let l = a; l <= b; l++) lines.add(l);
      return;
    }
    for (const c of children) walk(c);
  };
  walk(sf);
  return lines.size;
}

/** Physical line count of a file (as `wc -l` counts a file ending in a newline). */
const physicalLines = (text) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

// ---------------------------------------------------------------------------------------------
// 1. Hand-written against declared lines per module

/** The module and role of a path: { module, role: 'hand' | 'declared' } or null (platform). */
export function moduleOf(rel, modules = MODULES) {
  let best = null;
  for (const m of modules) {
    for (const role of ['hand', 'declared']) {
      for (const prefix of m[role]) {
        const hit = prefix.endsWith('/') ? rel.startsWith(prefix) : rel === prefix;
        if (hit && (!best || prefix.length > best.prefix.length)) best = { module: m.name, role, prefix };
      }
    }
  }
  return best;
}

const inAny = (rel, prefixes) => prefixes.some((p) => (p.endsWith('/') ? rel.startsWith(p) : rel === p));
// Shown cut (not rounded) to two decimals, so a ratio shown as 1.99 is under 2.0 (1.995 is not shown as 2);
// the targets compare the exact ratio (exactRatio).
const ratio = (a, b) => (b > 0 ? Math.floor((a / b) * 100) / 100 : null);
const exactRatio = (r) => (r.declared > 0 ? (r.hand - (r.exemptLabel ? r.exempt : 0)) / r.declared : null);

/** Per module: hand, declared and seed code lines, the ratio, and the ratio without the exempt part. */
function measureModules(files) {
  const rows = new Map(MODULES.map((m) => [m.name, { module: m.name, hand: 0, declared: 0, seed: 0, exempt: 0, exemptLabel: m.exempt?.label ?? null, files: [] }]));
  const platform = { lines: 0, seed: 0, byFolder: {} };
  for (const rel of files.filter((f) => !f.startsWith('scripts/'))) {
    const lines = codeLines(parse(rel).sf);
    const where = moduleOf(rel);
    if (!where) {
      if (isSeed(rel)) platform.seed += lines;
      else platform.lines += lines;
      const folder = rel.split('/').slice(0, rel.startsWith('src/') ? 3 : 1).join('/');
      platform.byFolder[folder] = (platform.byFolder[folder] ?? 0) + lines;
      continue;
    }
    const row = rows.get(where.module);
    const mod = MODULES.find((m) => m.name === where.module);
    row.files.push({ file: rel, role: isSeed(rel) ? 'seed' : where.role, lines });
    if (isSeed(rel)) row.seed += lines;
    else row[where.role] += lines;
    if (where.role === 'hand' && !isSeed(rel) && mod.exempt && inAny(rel, mod.exempt.paths)) row.exempt += lines;
  }
  const modules = [...rows.values()].map((r) => ({
    ...r,
    ratio: ratio(r.hand, r.declared),
    ratioWithoutExempt: r.exemptLabel ? ratio(r.hand - r.exempt, r.declared) : ratio(r.hand, r.declared),
  }));
  return { modules, platform };
}

// ---------------------------------------------------------------------------------------------
// 2. Literal-URL API calls in components

const API_ADDRESS = /^\/?(api\/)?[a-z]+api\//;
const API_VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'del', 'request', 'upload', 'download']);

/** The text of a string or template literal argument (interpolations as `${}`), or null. */
function literalText(node) {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((s) => '${}' + s.literal.text).join('');
  return null;
}

/** Whether a callee is an API function: api.get, chatApi.post, request, fetch. */
export function isApiCallee(expr) {
  if (ts.isIdentifier(expr)) return expr.text === 'request' || expr.text === 'fetch';
  if (ts.isPropertyAccessExpression(expr) && ts.isIdentifier(expr.expression)) {
    return /^(api|\w*Api|http)$/.test(expr.expression.text) && API_VERBS.has(expr.name.text);
  }
  return false;
}

/** The literal-address API calls of one parsed file: [{ line, callee, address }]. */
export function literalApiCallsIn(sf) {
  const found = [];
  const visit = (n) => {
    if (ts.isCallExpression(n) && n.arguments.length) {
      const address = literalText(n.arguments[0]);
      const apiCallee = isApiCallee(n.expression);
      if (address !== null && ((apiCallee && (address.startsWith('/') || address.startsWith('${}') || API_ADDRESS.test(address))) || API_ADDRESS.test(address))) {
        found.push({ line: lineOf(sf, n.getStart(sf)) + 1, callee: n.expression.getText(sf).replace(/\s+/g, ''), address });
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

function measureLiteralCalls(files) {
  const perFile = [];
  for (const rel of files.filter((f) => f.startsWith('src/client/') && f.endsWith('.tsx'))) {
    const calls = literalApiCallsIn(parse(rel).sf);
    if (calls.length) perFile.push({ file: rel, count: calls.length, calls });
  }
  perFile.sort((a, b) => b.count - a.count || a.file.localeCompare(b.file));
  return { total: perFile.reduce((s, f) => s + f.count, 0), files: perFile };
}

// ---------------------------------------------------------------------------------------------
// 3. Long components and long functions

/** A readable name for a function node: its own, its variable's, its property's, or its caller's. */
function functionName(node, sf) {
  if (node.name && !ts.isComputedPropertyName(node.name)) return node.name.getText(sf);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  let p = node.parent;
  while (p && (ts.isCallExpression(p) || ts.isParenthesizedExpression(p) || ts.isAsExpression(p) || ts.isSatisfiesExpression?.(p))) {
    if (ts.isCallExpression(p) && !ts.isVariableDeclaration(p.parent) && !ts.isPropertyAssignment(p.parent)) {
      const first = literalText(p.arguments[0]);
      return `(callback of ${p.expression.getText(sf).slice(0, 40)}${first !== null ? `('${first.slice(0, 40)}')` : ''})`;
    }
    p = p.parent;
  }
  if (p && (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)) && p.name) return p.name.getText(sf);
  return '(anonymous)';
}

function containsJsx(node) {
  let found = false;
  const visit = (n) => {
    if (found) return;
    if (ts.isJsxElement(n) || ts.isJsxSelfClosingElement(n) || ts.isJsxFragment(n)) found = true;
    else ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

const isFunctionNode = (n) =>
  ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n) || ts.isArrowFunction(n) || ts.isMethodDeclaration(n) || ts.isConstructorDeclaration(n) || ts.isGetAccessorDeclaration(n) || ts.isSetAccessorDeclaration(n);

/** Every function of a parsed file with its span in lines: [{ name, line, lines, component }]. */
export function functionsIn(sf) {
  const out = [];
  const visit = (n) => {
    if (isFunctionNode(n) && n.body) {
      const start = lineOf(sf, n.getStart(sf));
      const lines = lineOf(sf, n.getEnd()) - start + 1;
      const name = functionName(n, sf);
      const component = sf.fileName.endsWith('.tsx') && /^[A-Z]/.test(name) && containsJsx(n.body);
      out.push({ name, line: start + 1, lines, component });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

function measureLongCode(files) {
  const longFiles = [];
  const longComponents = [];
  const longFunctions = [];
  for (const rel of files) {
    const { sf, text } = parse(rel);
    if (rel.endsWith('.tsx')) {
      const lines = physicalLines(text);
      if (lines > LIMITS.component) longFiles.push({ file: rel, lines });
    }
    for (const f of functionsIn(sf)) {
      if (f.component && f.lines > LIMITS.component) longComponents.push({ file: rel, ...f });
      if (f.lines > LIMITS.function) longFunctions.push({ file: rel, ...f });
    }
  }
  const byLines = (a, b) => b.lines - a.lines;
  return { tsxFilesOver200: longFiles.sort(byLines), componentsOver200: longComponents.sort(byLines), functionsOver80: longFunctions.sort(byLines) };
}

// ---------------------------------------------------------------------------------------------
// 4. Raw writes of registry tables outside the writer

/**
 * The tables the registry declares: every `table: '...'` of src/model/entities/*.entity.ts, but those
 * of a `defineViewEntity(...)` (a read-only view of one of the platform's own tables, not the registry's)
 * and those of a bare `const x: EntityDef = { ... }` that no define call registers (columns declared for
 * a panel, e.g. a flow's history steps: the registry holds no such entity and serves no route for it).
 */
export function registryTables() {
  const tables = new Set();
  const dir = path.join(ROOT, 'src/model/entities');
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.entity.ts'))) {
    const visit = (n) => {
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'defineViewEntity') return;
      if (ts.isVariableDeclaration(n) && n.type?.getText() === 'EntityDef' && n.initializer && ts.isObjectLiteralExpression(n.initializer)) return;
      if (ts.isPropertyAssignment(n) && n.name.getText() === 'table' && ts.isStringLiteralLike(n.initializer)) tables.add(n.initializer.text);
      ts.forEachChild(n, visit);
    };
    visit(parse(`src/model/entities/${name}`).sf);
  }
  return tables;
}

/** The SQL text of an interpolation: the literal name in sql.table('t') / sql.id('t'), else `$x`. */
function interpolationText(expr) {
  if (ts.isCallExpression(expr) && ts.isPropertyAccessExpression(expr.expression) && ['table', 'id', 'ref'].includes(expr.expression.name.text)) {
    const t = literalText(expr.arguments[0]);
    if (t !== null && !t.includes('${}')) return t;
  }
  return '$x';
}

/** The SQL text of a sql`...` template. */
function templateSql(template) {
  if (ts.isNoSubstitutionTemplateLiteral(template)) return template.text;
  return template.head.text + template.templateSpans.map((s) => interpolationText(s.expression) + s.literal.text).join('');
}

/** Literal SQL texts an argument stands for: a literal, or a same-file constant (string, template, array of them). */
function argumentSql(arg, constants) {
  if (!arg) return [];
  const own = literalText(arg);
  if (own !== null) return [own.replaceAll('${}', '$x')];
  if (ts.isIdentifier(arg) && constants.has(arg.text)) return constants.get(arg.text);
  return [];
}

/** Top-level-or-nested `const NAME = 'sql'` / `[...]` of a file, as SQL texts. */
function sqlConstants(sf) {
  const constants = new Map();
  const visit = (n) => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer) {
      const one = literalText(n.initializer);
      if (one !== null) constants.set(n.name.text, [one.replaceAll('${}', '$x')]);
      else if (ts.isArrayLiteralExpression(n.initializer)) {
        const texts = n.initializer.elements.map(literalText).filter((t) => t !== null);
        if (texts.length) constants.set(n.name.text, texts.map((t) => t.replaceAll('${}', '$x')));
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return constants;
}

const isSqlTag = (tag) => ts.isIdentifier(tag) && tag.text === 'sql';
const calleeText = (expr, sf) => expr.getText(sf).replace(/\s+/g, '');

/** Every piece of SQL text in a parsed file: [{ line, sql }]. */
export function sqlTextsIn(sf) {
  const constants = sqlConstants(sf);
  const out = [];
  const visit = (n) => {
    if (ts.isTaggedTemplateExpression(n) && isSqlTag(n.tag)) out.push({ line: lineOf(sf, n.getStart(sf)) + 1, sql: templateSql(n.template) });
    if (ts.isCallExpression(n)) {
      const c = calleeText(n.expression, sf);
      const arg = c === 'sql.raw' || c === 'CompiledQuery.raw' ? n.arguments[0] : c === 'execStatements' ? n.arguments[1] : null;
      for (const text of argumentSql(arg, constants)) out.push({ line: lineOf(sf, n.getStart(sf)) + 1, sql: text });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

const WRITE = /\b(insert\s+into|update|delete\s+from)\s+((?:only\s+)?(?:"?[\w$]+"?\.)?"?[\w$]+"?)/gi;

/** The write statements of one SQL text: [{ verb, table }] (table null when not literal). */
export function writesInSql(text) {
  const out = [];
  for (const m of text.matchAll(WRITE)) {
    const verb = m[1].toLowerCase().replace(/\s+/g, ' ');
    const before = text.slice(Math.max(0, m.index - 12), m.index).toLowerCase();
    let target = m[2].replace(/^only\s+/i, '').replaceAll('"', '');
    if (verb === 'update' && (/\b(do|for|on|before|after|of)\s+$/.test(before) || /^(set|on|of|or|cascade|restrict|no)$/i.test(target))) continue;
    target = target.includes('.') ? target.split('.').pop() : target;
    out.push({ verb, table: target === '$x' ? null : target.toLowerCase() });
  }
  return out;
}

/** Kysely builder writes with a literal table: db.insertInto('t'), updateTable('t'), deleteFrom('t'). */
function builderWritesIn(sf) {
  const out = [];
  const visit = (n) => {
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && ['insertInto', 'updateTable', 'deleteFrom'].includes(n.expression.name.text)) {
      const t = literalText(n.arguments[0]);
      out.push({ line: lineOf(sf, n.getStart(sf)) + 1, verb: n.expression.name.text, table: t === null ? null : t.split(' ')[0] });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

export function measureRawWrites(files = listSources()) {
  const tables = registryTables();
  const result = { registryTables: tables.size, registryOutsideWriter: 0, notLiteralOutsideWriter: 0, allRawWrites: 0, inWriter: 0, inMigrations: { all: 0, registry: 0 }, files: [] };
  for (const rel of files.filter((f) => f.startsWith('src/server/'))) {
    const { sf } = parse(rel);
    const writes = [];
    for (const piece of sqlTextsIn(sf)) for (const w of writesInSql(piece.sql)) writes.push({ line: piece.line, ...w });
    for (const w of builderWritesIn(sf)) writes.push(w);
    if (!writes.length) continue;
    for (const w of writes) w.registry = w.table !== null && tables.has(w.table);
    result.allRawWrites += writes.length;
    const registry = writes.filter((w) => w.registry).length;
    const notLiteral = writes.filter((w) => w.table === null).length;
    const kind = WRITER_FILES.includes(rel) ? 'writer' : rel.startsWith('src/server/db/migrations/') ? 'migration' : 'other';
    if (kind === 'writer') result.inWriter += writes.length;
    else if (kind === 'migration') {
      result.inMigrations.all += writes.length;
      result.inMigrations.registry += registry;
    } else {
      result.registryOutsideWriter += registry;
      result.notLiteralOutsideWriter += notLiteral;
    }
    result.files.push({ file: rel, kind, all: writes.length, registry, notLiteral, writes });
  }
  result.files.sort((a, b) => b.registry - a.registry || b.all - a.all || a.file.localeCompare(b.file));
  return result;
}

// ---------------------------------------------------------------------------------------------
// 5. Imports running back up the layers

/** The side and layer of a repository path: { side, layer } (side 'client', 'server', 'shared' or null). */
export function layerOf(rel) {
  if (/^(grids|reports|calendars)\//.test(rel)) return { side: 'shared', layer: 'declarations' };
  if (rel.startsWith('src/model/')) return { side: 'shared', layer: 'model' };
  const m = /^src\/(client|server)\/(.+)$/.exec(rel);
  if (!m) return { side: null, layer: null };
  const [, side, rest] = m;
  if (!rest.includes('/')) {
    if (side === 'server' && rest.startsWith('config.')) return { side, layer: 'config' };
    return { side, layer: 'root' };
  }
  return { side, layer: rest.split('/')[0] };
}

/** Resolves a relative import to a repository path (extension and index guessed), or null. */
function resolveImport(fromRel, spec) {
  if (!spec.startsWith('.')) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(fromRel), spec)).replace(/\.(js|mjs)$/, '');
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((c) => fs.existsSync(path.join(ROOT, c)) && fs.statSync(path.join(ROOT, c)).isFile()) ?? base;
}

/** Every relative import of a parsed file: [{ line, spec, typeOnly }]. */
export function importsIn(sf) {
  const out = [];
  const visit = (n) => {
    if ((ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier)) {
      const typeOnly = ts.isImportDeclaration(n) ? Boolean(n.importClause?.isTypeOnly) : n.isTypeOnly;
      out.push({ line: lineOf(sf, n.getStart(sf)) + 1, spec: n.moduleSpecifier.text, typeOnly });
    } else if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteralLike(n.arguments[0])) {
      out.push({ line: lineOf(sf, n.getStart(sf)) + 1, spec: n.arguments[0].text, typeOnly: false, dynamic: true });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/**
 * The same list as `importsIn`, read by TypeScript's import pre-processor instead of a full parse
 * (several times faster, so the layer test stays quick): static imports and re-exports, `import()`
 * with a literal; type-only when the statement reads `import type` / `export type`.
 */
export function importsInText(text) {
  const out = [];
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const lineAt = (pos) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  for (const ref of ts.preProcessFile(text, true, true).importedFiles) {
    const before = text.slice(0, ref.pos);
    // `declare module 'x'` is no import
    if (!/(\bfrom|\bimport|\bimport\s*\()\s*['"`]?$/.test(before)) continue;
    let start = 0;
    for (const m of before.matchAll(/\b(import|export)\b/g)) start = m.index;
    const head = before.slice(start);
    const dynamic = /^import\s*\(\s*['"`]?$/.test(head);
    const typeOnly = !dynamic && /^(import|export)\s+type\b/.test(head);
    out.push({ line: lineAt(start) + 1, spec: ref.fileName, typeOnly, ...(dynamic ? { dynamic: true } : {}) });
  }
  return out;
}

/** Whether an import from `from` to `to` runs back up (or across sides); the reason, or null. */
export function backUp(from, to) {
  const a = layerOf(from);
  const b = layerOf(to);
  if (!a.side || !b.side || a.side === 'shared') return null;
  if (b.side !== 'shared' && b.side !== a.side) return 'across';
  const ranks = a.side === 'client' ? CLIENT_LAYERS : SERVER_LAYERS;
  const ra = ranks[a.layer];
  const rb = ranks[b.layer];
  if (ra === undefined || rb === undefined) return `unranked ${a.layer} -> ${b.layer}`;
  return rb > ra ? `${a.layer} -> ${b.layer}` : null;
}

/** Figure 5 alone, for the layer test (scripts/architecture-layers.test.ts): { client, server } as in `measure()`. */
export function measureLayerImports() {
  return measureImports(listSources());
}

function measureImports(files) {
  const sides = { client: { count: 0, typeOnly: 0, byPair: {}, imports: [] }, server: { count: 0, typeOnly: 0, byPair: {}, imports: [] } };
  for (const rel of files.filter((f) => f.startsWith('src/client/') || f.startsWith('src/server/'))) {
    const side = sides[layerOf(rel).side];
    const text = parsed.get(rel)?.text ?? fs.readFileSync(path.join(ROOT, rel), 'utf8');
    for (const imp of importsInText(text)) {
      const target = resolveImport(rel, imp.spec);
      const reason = target && backUp(rel, target);
      if (!reason) continue;
      side.count++;
      if (imp.typeOnly) side.typeOnly++;
      side.byPair[reason] = (side.byPair[reason] ?? 0) + 1;
      side.imports.push({ from: `${rel}:${imp.line}`, to: target, reason, typeOnly: imp.typeOnly, dynamic: Boolean(imp.dynamic) });
    }
  }
  return sides;
}

// ---------------------------------------------------------------------------------------------
// Output

/** A plain text table: columns from the first row's keys (or `columns`), right-aligned numbers. */
function table(rows, columns = rows.length ? Object.keys(rows[0]) : []) {
  if (!rows.length) return '  (none)\n';
  const cell = (v) => (v === null || v === undefined ? '-' : String(v));
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)));
  const line = (vals) => '  ' + vals.map((v, i) => (typeof rows[0][columns[i]] === 'number' ? v.padStart(widths[i]) : v.padEnd(widths[i]))).join('  ').trimEnd();
  return [line(columns), line(widths.map((w) => '-'.repeat(w))), ...rows.map((r) => line(columns.map((c) => cell(r[c]))))].join('\n') + '\n';
}

/** All five figures. */
export function measure() {
  const files = listSources();
  return {
    date: new Date().toISOString().slice(0, 10),
    modules: measureModules(files),
    literalApiCalls: measureLiteralCalls(files),
    longCode: measureLongCode(files),
    rawWrites: measureRawWrites(files),
    importsBackUp: measureImports(files),
  };
}

/** The headline figures against the issue's targets. */
export function summary(m) {
  // A module with hand-written lines and no declaration at all has no ratio: it counts as above.
  const over = m.modules.modules.filter((r) => (r.ratioWithoutExempt === null ? r.hand > 0 : exactRatio(r) > LIMITS.moduleRatio));
  const imports = m.importsBackUp.client.count + m.importsBackUp.server.count;
  return [
    { figure: 'modules above 2.0 hand/declared (exempt parts left out)', now: over.length, target: 0, detail: over.map((r) => `${r.module} ${r.ratioWithoutExempt ?? '(no declarations)'}`).join(', ') },
    { figure: 'literal-URL API calls in src/client .tsx', now: m.literalApiCalls.total, target: 0, detail: `${m.literalApiCalls.files.length} files` },
    { figure: '.tsx files over 200 lines', now: m.longCode.tsxFilesOver200.length, target: 0, detail: '' },
    { figure: 'function components over 200 lines', now: m.longCode.componentsOver200.length, target: 0, detail: '' },
    { figure: 'functions over 80 lines (not tests)', now: m.longCode.functionsOver80.length, target: null, detail: '' },
    { figure: 'raw writes of registry tables outside the writer', now: m.rawWrites.registryOutsideWriter, target: 0, detail: `${m.rawWrites.notLiteralOutsideWriter} more with a table not literal; ${m.rawWrites.allRawWrites} raw writes in all` },
    { figure: 'imports back up the layers (client + server)', now: imports, target: LIMITS.importsBackUp, detail: `client ${m.importsBackUp.client.count}, server ${m.importsBackUp.server.count}` },
  ];
}

function printModules(m, verbose) {
  console.log('1. Hand-written against declared code lines, per module (tests left out; seeds apart)\n');
  const rows = m.modules.modules.map((r) => ({ module: r.module, hand: r.hand, declared: r.declared, ratio: r.ratio ?? 'n/a', 'without exempt': r.exemptLabel ? (r.ratioWithoutExempt ?? 'n/a') : '', exempt: r.exemptLabel ? `${r.exempt} (${r.exemptLabel})` : '', seed: r.seed }));
  console.log(table(rows));
  const p = m.modules.platform;
  console.log(`  platform (not a module, not divided): ${p.lines} code lines, ${p.seed} seed lines`);
  if (verbose) {
    console.log(table(Object.entries(p.byFolder).sort((a, b) => b[1] - a[1]).map(([folder, lines]) => ({ folder, lines }))));
    for (const r of m.modules.modules) console.log(`  ${r.module}:\n` + r.files.map((f) => `    ${f.role.padEnd(8)} ${String(f.lines).padStart(5)}  ${f.file}`).join('\n'));
  }
  console.log('');
}

function printLiteralCalls(m, verbose) {
  const l = m.literalApiCalls;
  console.log(`2. Literal-URL API calls in components (src/client/**/*.tsx): ${l.total} in ${l.files.length} files\n`);
  console.log(table(l.files.map((f) => ({ file: f.file, calls: f.count }))));
  if (verbose) for (const f of l.files) for (const c of f.calls) console.log(`    ${f.file}:${c.line}  ${c.callee}('${c.address}')`);
  console.log('');
}

function printLongCode(m, verbose) {
  const { tsxFilesOver200, componentsOver200, functionsOver80 } = m.longCode;
  console.log(`3. Components over ${LIMITS.component} lines: ${tsxFilesOver200.length} .tsx files, ${componentsOver200.length} function components\n`);
  console.log(table(tsxFilesOver200));
  console.log(table(componentsOver200.map((c) => ({ component: c.name, file: `${c.file}:${c.line}`, lines: c.lines }))));
  const shown = verbose ? functionsOver80 : functionsOver80.slice(0, 15);
  console.log(`   Functions over ${LIMITS.function} lines (not tests): ${functionsOver80.length}${verbose ? '' : ' (the 15 longest; --verbose for all)'}\n`);
  console.log(table(shown.map((f) => ({ function: f.name.slice(0, 60), file: `${f.file}:${f.line}`, lines: f.lines }))));
}

function printRawWrites(m, verbose) {
  const w = m.rawWrites;
  console.log(`4. Raw writes (insert into / update / delete from in SQL text) of the ${w.registryTables} registry tables outside the writer: ${w.registryOutsideWriter}`);
  console.log(`   with a table that is not literal (an interpolation): ${w.notLiteralOutsideWriter}; all raw writes, any table: ${w.allRawWrites} (writer files ${w.inWriter}, migrations ${w.inMigrations.all} of which ${w.inMigrations.registry} registry)\n`);
  const rows = w.files.filter((f) => f.kind === 'other').map((f) => ({ file: f.file, registry: f.registry, 'not literal': f.notLiteral, all: f.all }));
  console.log(table(rows));
  if (verbose) for (const f of w.files) for (const x of f.writes) console.log(`    ${f.kind.padEnd(9)} ${f.file}:${x.line}  ${x.verb} ${x.table ?? '$x'}${x.registry ? '  (registry)' : ''}`);
  console.log('');
}

function printImports(m, verbose) {
  const { client, server } = m.importsBackUp;
  console.log(`5. Imports running back up the layers: client ${client.count} (${client.typeOnly} type-only), server ${server.count} (${server.typeOnly} type-only)\n`);
  for (const [side, s] of [['client', client], ['server', server]]) {
    console.log(table(Object.entries(s.byPair).sort((a, b) => b[1] - a[1]).map(([pair, imports]) => ({ side, 'lower -> higher': pair, imports }))));
    if (verbose) for (const i of s.imports) console.log(`    ${i.from} -> ${i.to}${i.typeOnly ? ' (type)' : ''}${i.dynamic ? ' (dynamic)' : ''}`);
  }
}

function main(argv) {
  const json = argv.includes('--json');
  const verbose = argv.includes('--verbose') || argv.includes('-v');
  const m = measure();
  if (json) {
    console.log(JSON.stringify({ ...m, summary: summary(m) }, null, 2));
    return;
  }
  console.log(`Architecture metrics, ${m.date} (issue 30; scripts/architecture-metrics.mjs)\n`);
  console.log(table(summary(m)));
  printModules(m, verbose);
  printLiteralCalls(m, verbose);
  printLongCode(m, verbose);
  printRawWrites(m, verbose);
  printImports(m, verbose);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
