import { describe, expect, it } from 'vitest';
import '../../grids';
import { allPages, definePage, getPage, type LineTimelineDecl, type PageDef } from './page';
import { formFields, resolveField, resolvePage } from './page-resolve';
import { getEntity, requireEntity } from './entity';
import { allMenuGroups } from './menus';

describe('resolvePage', () => {
  it('resolves every declared page without a declaration error', () => {
    expect(allPages().length).toBeGreaterThanOrEqual(10);
    for (const page of allPages()) {
      const r = resolvePage(page);
      expect(r.columns.length, page.opt).toBeGreaterThan(0);
      expect(formFields(r).length, page.opt).toBeGreaterThan(0);
    }
  });

  it('shows a year as plain digits (no thousands separator) while other integers keep theirs', () => {
    const demand = allPages().find((p) => p.entity === 'demand');
    expect(demand).toBeDefined();
    const columns = new Map(resolvePage(demand!).columns.map((c) => [c.field, c]));
    expect(columns.get('year')).toMatchObject({ fieldType: 'integer', renderer: 'text' });
    const numbers = resolvePage(demand!).columns.filter((c) => c.fieldType === 'integer' && c.field !== 'year');
    for (const c of numbers) expect(c.renderer, c.field).toBe('number');
  });

  it('fills label, widget type, inputType and validations from the entity (vendor)', () => {
    const r = resolvePage(getPage('vendor')!);
    const byKey = new Map(formFields(r).map((f) => [f.field, f]));
    const name = byKey.get('name')!;
    expect(name).toMatchObject({ label: '供应商名称', labelEn: 'Vendor name', type: '', inputType: 'text', required: true });
    expect(name.validations).toEqual([{ type: 'required' }]);
    expect(byKey.get('contact_mobile')!.validations).toEqual([{ type: 'telephone' }]);
    expect(byKey.get('email')!.validations).toEqual([{ type: 'email' }]);
    expect(byKey.get('email')!.lowerCase).toBe(true);
    expect(byKey.get('code')!.upperCase).toBe(true);
    expect(byKey.get('valid_from')!).toMatchObject({ inputType: 'date', defaultValue: '$$NOW$$' });
    const type = byKey.get('vendor_type')!;
    expect(type.type).toBe('dropdownbox');
    expect(type.options!.length).toBeGreaterThan(0);
    expect(type.options![0]).toHaveProperty('labelEn');
    expect(byKey.get('status')!).toMatchObject({ disable: true, isNotPost: true });
    expect(byKey.get('bank_branch_code')!.helpConfig?.targetFields).toEqual([{ target: 'bank_branch_code' }]);
    // A page override of the widget type wins (the remark is written in markdown).
    expect(byKey.get('remark')!.type).toBe('markdown');
  });

  it('gives references a source, option config and the joined label field', () => {
    const r = resolvePage(getPage('material')!);
    const vendorField = formFields(r).find((f) => f.field === 'vendor_id')!;
    expect(vendorField).toMatchObject({
      type: 'dropdowntable',
      source: { entity: 'vendor' },
      optionConfig: { valueField: 'id', labelField: 'name' },
      displayfield: 'vendor_id__label',
    });
    const col = r.columns.find((c) => c.field === 'vendor_id')!;
    expect(col).toMatchObject({ renderer: 'reference', labelField: 'vendor_id__label', filter: 'reference', refEntity: 'vendor' });
  });

  it('gives tree fields a treeConfig', () => {
    const f = formFields(resolvePage(getPage('org')!)).find((x) => x.field === 'parent_id')!;
    expect(f.type).toBe('treeselect');
    expect(f.treeConfig).toEqual({ nodeConfig: { idField: 'id', labelField: 'name' }, target: 'parent_id', isMulti: false });
  });

  it('resolves columns from field keys with filter kinds and dictionary options', () => {
    const r = resolvePage(getPage('vendor')!);
    const col = (k: string) => r.columns.find((c) => c.field === k)!;
    expect(col('code')).toMatchObject({ label: { zh: '供应商编码', en: 'Vendor code' }, filter: 'text', pinned: 'left', width: 140, sortable: true });
    expect(col('vendor_type')).toMatchObject({ renderer: 'dict', filter: 'set' });
    expect(col('valid_from')).toMatchObject({ renderer: 'date', filter: 'date' });
    expect(col('updated_at')).toMatchObject({ renderer: 'datetime', label: { zh: '修改时间', en: 'Updated at' } });
    expect(r.apiBase).toBe('/api/mdapi/vendor');
    expect(r.route).toBe('/md/index/vendor');
    expect(r.transitions.map((t) => t.action)).toEqual(['freeze', 'activate', 'link', 'check_bank']);
    expect(r.quickSearch).toEqual(['code', 'name']);
  });

  it('searches quickly in a list’s code column: a planner types the code they see (node follow configuration: FAB_IN)', () => {
    const missing: string[] = [];
    for (const page of allPages()) {
      const r = resolvePage(page);
      if (!r.quickSearch.length) continue;
      const codes = r.columns.filter((c) => c.filter === 'text' && /(^|_)(code|no)$/.test(c.field)).map((c) => c.field);
      if (codes.length && !codes.some((f) => r.quickSearch.includes(f))) missing.push(`${page.opt}: ${codes.join(', ')} not in ${r.quickSearch.join(', ')}`);
    }
    expect(missing).toEqual([]);
    expect(resolvePage(getPage('nodefollow')!).quickSearch).toContain('node_code');
  });

  it('resolves child grids of master-detail pages against the child entity', () => {
    const r = resolvePage(getPage('workline')!);
    expect(r.children.map((c) => c.child.key)).toEqual(['members', 'capacities', 'sams']);
    const members = r.children[0];
    expect(members.entity.name).toBe('workline_member');
    expect(members.fields.find((f) => f.field === 'member_name')!.required).toBe(true);
    expect(members.columns.find((c) => c.field === 'is_leader')!.renderer).toBe('boolean');
  });

  it('keeps a declaration-only helper field with its own label', () => {
    const f = formFields(resolvePage(getPage('workline')!)).find((x) => x.field === 'daily_minutes')!;
    expect(f).toMatchObject({ label: '日产能(标准分钟)', isNotPost: true, disable: true, fieldType: 'text' });
    expect(f.def).toBeUndefined();
  });

  it('merges page validations after the entity rules, replacing the message of the same rule', () => {
    const vendor = requireEntity('vendor');
    const f = resolveField(vendor, { field: 'name', validations: [{ type: 'required', message: '名称必填' }, { type: 'chinese' }] });
    expect(f.validations).toEqual([{ type: 'required', message: '名称必填' }, { type: 'chinese' }]);
  });

  it('rejects declarations that name unknown fields, children or entities', () => {
    const base: PageDef = { opt: 'x-bad', cata: 'md', kind: 'index', entity: 'vendor', title: { zh: 'x', en: 'x' }, menuCode: 'x', columns: ['nope'], form: [] };
    expect(() => resolvePage(base)).toThrow(/column "nope"/);
    expect(() => resolvePage({ ...base, columns: [], form: [{ modelName: 'm', form: [{ field: 'ghost' }] }] })).toThrow(/ghost/);
    expect(() => resolvePage({ ...base, columns: [], children: [{ child: 'lines', columns: [] }] })).toThrow(/child grid "lines"/);
    expect(() => resolvePage({ ...base, entity: 'unknown' })).toThrow(/unknown/);
    expect(() => definePage(getPage('vendor')!)).toThrow(/declared twice/);
  });

  it('derives the default form and columns when a page declares none', () => {
    const r = resolvePage({ opt: 'x-default', cata: 'md', kind: 'index', entity: 'workshop', title: { zh: 'x', en: 'x' }, menuCode: 'x', columns: [], form: [] });
    expect(formFields(r).map((f) => f.field)).toEqual(getEntity('workshop')!.fields.filter((f) => !f.readonly).map((f) => f.key));
    expect(r.columns.map((c) => c.field)).toEqual(getEntity('workshop')!.fields.map((f) => f.key));
  });

  it('lists every master-data page in the masterdata menu group', () => {
    const group = allMenuGroups().find((g) => g.code === 'masterdata')!;
    expect(group.entries.map((e) => e.furl).sort()).toEqual(
      ['/md/index/customer', '/md/index/vendor', '/md/masterdetail/material', '/md/index/company', '/md/index/plant', '/md/index/org', '/md/index/position', '/md/index/workshop', '/md/masterdetail/workline', '/md/index/process'].sort(),
    );
  });
  it("resolves a view's lines with their computed fields, and what a line grid runs from its rows (tracked orders)", () => {
    const maker = resolvePage(getPage('node-tracking')!);
    const nodes = maker.children.find((c) => c.child.key === 'nodes')!;
    // The node's state today and the supplier it went to are the lines' computed fields, read-only, labelled by their declaration.
    expect(nodes.columns.find((c) => c.field === 'state')).toMatchObject({ fieldType: 'dict', label: { zh: '节点状态', en: 'Node state' } });
    expect(nodes.entity.fields.find((f) => f.key === 'sent_to')?.readonly).toBe(true);
    expect(nodes.editable).toBe(false);
    expect(nodes.lineActions.map((t) => t.action)).toEqual(['plan', 'send', 'recall']);
    expect(nodes.lineCells.actual_date).toMatchObject({ action: 'actual' });
    // The brand reads: no runs.
    const brand = resolvePage(getPage('order-node-timeline')!).children[0];
    expect([brand.lineActions.length, Object.keys(brand.lineCells).length]).toEqual([0, 0]);
  });

  it('refuses a line grid whose runs the line entity cannot take', () => {
    const decl = (children: PageDef['children']) => ({ ...getPage('node-tracking')!, opt: 'lines-refused', children });
    const cols = ['node_name', 'plan_date', 'actual_date'];
    expect(() => resolvePage(decl([{ child: 'nodes', columns: cols, lineActions: ['fly'] }]))).toThrow(/"fly" is not a transition of the line/);
    // `plan` takes a plan_date, not an actual date; `send` a vendor.
    expect(() => resolvePage(decl([{ child: 'nodes', columns: cols, lineCells: { actual_date: 'plan' } }]))).toThrow(/no date parameter "actual_date"/);
    expect(() => resolvePage(decl([{ child: 'nodes', columns: cols, lineCells: { plan_date: 'actual' } }]))).toThrow(/no date parameter "plan_date"/);
    expect(() => resolvePage(decl([{ child: 'nodes', columns: ['node_name'], lineCells: { actual_date: 'actual' } }]))).toThrow(/not one of its columns/);
    // A line saved from its cell is an editable view's; ordernode is a table's line.
    expect(() => resolvePage(decl([{ child: 'nodes', columns: cols, lineCells: { actual_date: 'save' } }]))).toThrow(/writable field of an editable view/);
  });

  it("resolves a line grid's timeline: its fields the line's, its drag a transition taking the bar's end (tracked orders)", () => {
    const nodes = resolvePage(getPage('node-tracking')!).children[0];
    expect(nodes.timeline).toMatchObject({ start: 'plan_start', end: 'plan_date', state: 'state', emphasis: 'critical', dragTransition: { action: 'plan' } });
    // The brand's and the supplier's timelines are read-only.
    expect(resolvePage(getPage('order-node-timeline')!).children[0].timeline?.dragTransition).toBeUndefined();
    expect(resolvePage(getPage('supplier-nodes')!).children[0].timeline?.dragTransition).toBeUndefined();
    const decl = (timeline: Partial<LineTimelineDecl>) => ({
      ...getPage('node-tracking')!,
      opt: 'timeline-refused',
      children: [{ child: 'nodes', columns: ['node_name'], timeline: { key: 'node_code', label: 'node_name', start: 'plan_start', end: 'plan_date', ...timeline } }],
    });
    expect(() => resolvePage(decl({ projected: 'nowhere' }))).toThrow(/"nowhere" is not a field of the line/);
    // `actual` takes an actual date, not the bar's end; `recall` nothing.
    expect(() => resolvePage(decl({ drag: 'actual' }))).toThrow(/"actual" is not a line transition with a date parameter "plan_date"/);
    expect(() => resolvePage(decl({ drag: 'recall' }))).toThrow(/not a line transition with a date parameter/);
  });

  it("refuses a record command naming no registered entity or filtering by a field the record lacks (a tracked order's)", () => {
    const page = getPage('node-tracking')!;
    expect(resolvePage(page).page.commands?.map((c) => c.key)).toEqual(['regenerate-nodes', 'export-nodes']);
    const decl = (commands: PageDef['commands']) => ({ ...page, opt: 'commands-refused', commands });
    const label = { zh: '导出', en: 'Export' };
    expect(() => resolvePage(decl([{ key: 'x', label, run: { entity: 'nowhere', action: 'go' } }]))).toThrow(/command "x" names no registered entity/);
    expect(() => resolvePage(decl([{ key: 'y', label, export: { entity: 'trackednode', filters: { 'order_no.eq': 'pr_no' } } }]))).toThrow(/filters by pr_no, not fields of trackedorder/);
  });
});
