import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registryIndexes } from '../../scripts/registry-index.mjs';
import '../../grids';
import { allEntities, allMenuGroups, allPages, getDictionary, getEntity, pageRoute, translate, type EntityDef } from '../../src/model';
import { formFields, resolvePage } from '../../src/model/page-resolve';

/**
 * The declarations say everything once and leave nothing out (issue 10): every writable field can be
 * set by some screen or says why not, a page's menu code and menu entry come from its declaration,
 * a state field's options are its states, and types are known by the field-type table only.
 */
const ROOT = resolve(__dirname, '../..');

/** Field keys a page of the entity lets a user set: its form sections (child entities: its parent's editable child grids). */
function editableKeys(entity: EntityDef): Set<string> {
  const keys = new Set<string>();
  for (const page of allPages()) {
    const resolved = resolvePage(page);
    if (resolved.entity.name === entity.name) for (const f of formFields(resolved)) if (f.def && !f.isNotPost) keys.add(f.field);
    for (const grid of resolved.children) {
      // A read-only grid (a statement's matched lines) shows the lines; it sets none of their fields.
      if (grid.entity.name !== entity.name || !grid.editable) continue;
      for (const c of grid.columns) keys.add(c.field);
      // The parent's foreign key is set by the document itself.
      keys.add(grid.child.foreignKey);
    }
  }
  return keys;
}

describe('every writable field can be set by a screen, or says why not', () => {
  for (const entity of allEntities()) {
    it(`${entity.name}`, () => {
      const editable = editableKeys(entity);
      if (entity.omitFromForm !== undefined) {
        expect(entity.omitFromForm.trim(), `${entity.name}.omitFromForm needs a reason`).not.toBe('');
        expect([...editable], `${entity.name} says no page edits it, yet one does`).toEqual([]);
        return;
      }
      const missing = entity.fields.filter((f) => !f.readonly && f.omitFromForm === undefined && !editable.has(f.key)).map((f) => f.key);
      expect(missing, `writable fields of ${entity.name} in no form section: add them to a page's form or declare omitFromForm with the reason`).toEqual([]);
      for (const f of entity.fields.filter((x) => x.omitFromForm !== undefined)) {
        expect(f.omitFromForm!.trim(), `${entity.name}.${f.key}.omitFromForm needs a reason`).not.toBe('');
        expect(editable.has(f.key), `${entity.name}.${f.key} is declared omitted but a form sets it`).toBe(false);
      }
    });
  }

  it('gives the platform code of a vendor and the vendor settings of an allocation version their widgets', () => {
    const vendorForm = resolvePage(allPages().find((p) => p.opt === 'vendor')!);
    const platform = vendorForm.sections.find((s) => s.form.some((f) => f.field === 'platform_client_code'))!;
    expect(platform.title?.en).toMatch(/platform/i);
    const code = platform.form.find((f) => f.field === 'platform_client_code')!;
    expect(code).toMatchObject({ type: '', upperCase: true });
    expect(code.helpConfig?.textEn).toMatch(/routed to that company/);
    const settings = formFields(resolvePage(allPages().find((p) => p.opt === 'allocationversion')!)).find((f) => f.field === 'vendor_settings')!;
    expect(settings.type).toBe('keyedtable');
    expect(settings.def?.entries?.fields.map((f) => f.key)).toEqual(['kpi', 'shareMax', 'shareTarget']);
  });
});

describe('adding an entity is adding its file and its page', () => {
  it('registers every entity and page file through the generated indexes (node scripts/registry-index.mjs writes them)', () => {
    for (const [path, text] of Object.entries(registryIndexes())) expect({ path, text: readFileSync(join(ROOT, path), 'utf8') }).toEqual({ path, text });
  });
});

describe('an entity carries its own messages', () => {
  it('in both languages, with the same keys', () => {
    for (const entity of allEntities().filter((e) => e.messages)) {
      expect({ entity: entity.name, keys: Object.keys(entity.messages!.en).sort() }).toEqual({ entity: entity.name, keys: Object.keys(entity.messages!['zh-CN']).sort() });
      for (const key of Object.keys(entity.messages!.en)) expect(translate('en', key)).toBe(entity.messages!.en[key]);
    }
  });
});

describe('pages take what their entity knows', () => {
  it("takes each page's menu code from its entity unless the page names one", () => {
    for (const page of allPages()) expect({ page: page.opt, code: page.menuCode }).toEqual({ page: page.opt, code: getEntity(page.entity)!.menuCode });
  });

  it('puts each page with a menu place in its group, at its route', () => {
    for (const page of allPages().filter((p) => p.menu)) {
      const group = allMenuGroups().find((g) => g.code === page.menu!.group);
      expect(group?.entries.some((e) => e.furl === pageRoute(page) && e.code === (page.menu!.code ?? page.menuCode)), `${page.opt} in menu ${page.menu!.group}`).toBe(true);
    }
  });

  it("offers a state field's states as its options, labels included", () => {
    for (const entity of allEntities().filter((e) => e.states)) {
      const field = entity.fields.find((f) => f.key === entity.states!.field)!;
      const items = getDictionary(field.dict!)!.items.map((i) => ({ value: i.value, label: i.label }));
      expect({ entity: entity.name, items }).toEqual({ entity: entity.name, items: entity.states!.states.map((s) => ({ value: s.code, label: s.label })) });
    }
  });

  it('keeps the string flags on the field: no page declares upperCase or lowerCase', () => {
    const declared = allPages().flatMap((p) => p.form.flatMap((s) => s.form.filter((f) => 'upperCase' in f || 'lowerCase' in f).map((f) => `${p.opt}.${f.field}`)));
    expect(declared).toEqual([]);
  });
});

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(path.split(sep).join('/'));
  }
  return out;
}

/**
 * What the field-type table alone knows, written elsewhere by type name: reference-ness, JSON
 * storage, number types, text types. (Widget names and the table itself are not type lists.)
 */
const TYPE_KNOWLEDGE: Array<[string, RegExp]> = [
  ["'reference' || 'tree' chains", /===\s*'reference'\s*\|\||===\s*'tree'\s*\|\|/],
  ['JSON-storage sets', /new Set(<[^>]*>)?\(\[\s*'multidict'/],
  ['number-type lists', /new Set(<[^>]*>)?\(\[\s*'integer',\s*'decimal'|===\s*'integer'\s*\|\|\s*\w+(\.\w+)*\s*===\s*'decimal'/],
  ['text-type sets', /new Set(<[^>]*>)?\(\[\s*'text',\s*'textarea'/],
];

describe('the field-type table is the only place that knows a type', () => {
  const files = ['src', 'grids'].flatMap(sourceFiles).filter((f) => f !== 'src/model/field-types.ts');
  const offenders = files.filter((f) => TYPE_KNOWLEDGE.some(([, re]) => re.test(readFileSync(join(ROOT, f), 'utf8'))));

  it('has no scattered type sets or chains', () => {
    expect(offenders).toEqual([]);
  });
});
