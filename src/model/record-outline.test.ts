import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyOutlineEdit, moved, unusedKey, type OutlineDecl } from './record-outline';

const outline: OutlineDecl = {
  title: { zh: '分组与字段', en: 'Sections and fields' },
  testId: 't',
  top: { list: 'sections', noun: 'section', key: 'key', inline: [{ field: 'title' }], fresh: { fields: [] }, named: { field: 'title', label: { zh: '新分组', en: 'New section' } }, remove: { zh: '删除分组', en: 'Remove section' } },
  rows: { list: 'fields', noun: 'field', key: 'key', title: 'label', detail: ['key'], fresh: { type: 'text' }, named: { field: 'label', label: { zh: '新字段', en: 'New field' } }, remove: { zh: '删除字段', en: 'Remove field' } },
};
const design = () => ({
  sections: [
    { key: 'base', title: '基本', fields: [{ key: 'field_1', label: 'A' }, { key: 'b', label: 'B' }, { key: 'c', label: 'C' }] },
    { key: 'section_1', title: '其他', fields: [] },
  ],
});

describe('an outline of a record\'s two-level list, edited in place', () => {
  it('adds a row with an unused key and its declared words, and selects it', () => {
    const { record, selection } = applyOutlineEdit(outline, design(), { op: 'addRow', s: 1 }, null, 'zh-CN');
    expect((record.sections as Array<{ fields: unknown[] }>)[1].fields).toEqual([{ type: 'text', key: 'field_2', label: '新字段' }]);
    expect(selection).toEqual({ s: 1, f: 0 });
  });

  it('adds a top item in the interface\'s language, keeping the selection', () => {
    const sel = { s: 0, f: 1 };
    const { record, selection } = applyOutlineEdit(outline, design(), { op: 'addTop' }, sel, 'en');
    expect((record.sections as unknown[])[2]).toEqual({ fields: [], key: 'section_2', title: 'New section' });
    expect(selection).toBe(sel);
  });

  it('moves a row with its selection, and not past either end', () => {
    const down = applyOutlineEdit(outline, design(), { op: 'moveRow', s: 0, f: 1, by: 1 }, { s: 0, f: 1 }, 'zh-CN');
    expect((down.record.sections as Array<{ fields: Array<{ key: string }> }>)[0].fields.map((f) => f.key)).toEqual(['field_1', 'c', 'b']);
    expect(down.selection).toEqual({ s: 0, f: 2 });
    const top = applyOutlineEdit(outline, design(), { op: 'moveRow', s: 0, f: 0, by: -1 }, null, 'zh-CN');
    expect((top.record.sections as Array<{ fields: Array<{ key: string }> }>)[0].fields.map((f) => f.key)).toEqual(['field_1', 'b', 'c']);
    expect(top.selection).toEqual({ s: 0, f: 0 });
  });

  it('removes a row or a top item and leaves nothing selected; sets a top item\'s field in place', () => {
    const row = applyOutlineEdit(outline, design(), { op: 'removeRow', s: 0, f: 0 }, { s: 0, f: 0 }, 'zh-CN');
    expect((row.record.sections as Array<{ fields: unknown[] }>)[0].fields).toHaveLength(2);
    expect(row.selection).toBeNull();
    const top = applyOutlineEdit(outline, design(), { op: 'removeTop', s: 0 }, { s: 0, f: 0 }, 'zh-CN');
    expect((top.record.sections as Array<{ key: string }>).map((x) => x.key)).toEqual(['section_1']);
    expect(top.selection).toBeNull();
    const set = applyOutlineEdit(outline, design(), { op: 'setTop', s: 1, patch: { title: '附加' } }, null, 'zh-CN');
    expect((set.record.sections as Array<{ title: string }>)[1].title).toBe('附加');
  });

  it('never gives a key an item of either level already holds (property)', () => {
    const key = fc.constantFrom('field_1', 'field_2', 'field_3', 'section_1', 'section_2', 'x');
    fc.assert(
      fc.property(fc.array(fc.record({ key, fields: fc.array(fc.record({ key }), { maxLength: 4 }) }), { maxLength: 4 }), fc.constantFrom('field', 'section'), (sections, stem) => {
        const used = sections.flatMap((s) => [s.key, ...s.fields.map((f) => f.key)]);
        const fresh = unusedKey(outline, { sections }, stem);
        expect(used).not.toContain(fresh);
        expect(fresh.startsWith(`${stem}_`)).toBe(true);
      }),
    );
  });

  it('moves an item one place, keeping every item (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 8 }), fc.nat(9), fc.constantFrom(-1 as const, 1 as const), (list, i, by) => {
        const out = moved(list, i, by);
        expect([...out].sort()).toEqual([...list].sort());
        if (i + by >= 0 && i + by < list.length && i < list.length) expect(out[i + by]).toBe(list[i]);
        else expect(out).toEqual(list);
      }),
    );
  });
});
