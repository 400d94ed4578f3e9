import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defineDictionary } from './dictionaries';
import type { EntityDef, FieldDef, ItemsDef } from './entity';
import { recordPathErrors } from './item-paths';
import { validateField, validateRecord } from './validate';

const L = { zh: 'x', en: 'x' };
const colour = defineDictionary({ code: 'test_item_paths_colour', label: L, items: [{ value: 'red', label: L }, { value: 'blue', label: L }] });

/** A small shelf of boxes, each with its items: the declarations these tests check values against. */
const item: ItemsDef = {
  titleField: 'name',
  max: { count: 3, message: 't.tooManyItems' },
  fields: [
    { key: 'code', label: L, type: 'text', required: true, requiredMessage: 't.badCode', pattern: { test: /^[a-z]+$/, message: 't.badCode' }, refused: { values: ['id'], message: 't.reserved' }, distinct: { message: 't.duplicateCode', across: true } },
    { key: 'name', label: L, type: 'text', maxLength: 10 },
    { key: 'kind', label: L, type: 'dict', dict: colour.code, oneOf: { message: 't.badKind' } },
    { key: 'size', label: L, type: 'integer', range: { min: 1, max: 9, message: 't.badSize' } },
    { key: 'sizes', label: L, type: 'json', values: { item: { key: 'size', label: L, type: 'text', required: true, requiredMessage: 't.badSizes', distinct: { message: 't.duplicateSize' } }, max: { count: 2, message: 't.tooManySizes' } } },
    { key: 'tint', label: L, type: 'text', when: { field: 'kind', require: { red: 't.tintRequired', blue: { message: 't.badTint', among: ['navy', 'sky'] } } } },
    { key: 'lid', label: L, type: 'boolean', when: { field: 'kind', refuse: { blue: 't.noLid' } } },
  ],
};
const shelf: ItemsDef = {
  fields: [{ key: 'boxes', label: L, type: 'json', required: true, requiredMessage: 't.noBoxes', items: { shape: 't.badBox', fields: [{ key: 'label', label: L, type: 'text', distinct: { message: 't.duplicateBox' } }, { key: 'items', label: L, type: 'json', items: item }] } }],
};

describe('a JSON record checked item by item, each error at its path', () => {
  it('says each field\'s own words at its path: pattern, reserved value, closed values with the value, range, and a box that is not a record', () => {
    const errors = recordPathErrors(shelf, {
      boxes: [
        { label: 'a', items: [{ code: 'A1' }, { code: 'id', name: 'x'.repeat(11) }, { code: 'ok', kind: 'green', size: 10 }] },
        'not a box',
      ],
    });
    expect(errors).toEqual({
      'boxes[0].items[0].code': { key: 't.badCode' },
      'boxes[0].items[1].code': { key: 't.reserved', params: { code: 'id' } },
      'boxes[0].items[1].name': { key: 'rule.maxLength', params: { max: 10 } },
      'boxes[0].items[2].kind': { key: 't.badKind', params: { kind: 'green' } },
      'boxes[0].items[2].size': { key: 't.badSize' },
      'boxes[1]': { key: 't.badBox' },
    });
  });

  it('asks a field for what another field of its item needs: given (among a list), or left empty', () => {
    const errors = recordPathErrors(shelf, { boxes: [{ items: [{ code: 'a', kind: 'red' }, { code: 'b', kind: 'blue', tint: 'red', lid: true }, { code: 'c', kind: 'blue', tint: 'navy', lid: false }] }] });
    expect(errors).toEqual({
      'boxes[0].items[0].tint': { key: 't.tintRequired' },
      'boxes[0].items[1].tint': { key: 't.badTint' },
      'boxes[0].items[1].lid': { key: 't.noLid' },
    });
  });

  it('keeps each value as its type stores it: a number as a number, a list as a list, a text as a text', () => {
    expect(recordPathErrors(shelf, { boxes: [{ items: [{ code: 'a', size: '5' }, { code: 5 }] }] })).toEqual({
      'boxes[0].items[0].size': { key: 't.badSize', params: { size: '' } },
      'boxes[0].items[1].code': { key: 't.badCode', params: { code: '' } },
    });
    expect(recordPathErrors(shelf, { boxes: 'x' })).toEqual({ boxes: { key: 't.noBoxes', params: { boxes: '' } } });
    expect(recordPathErrors(shelf, {})).toEqual({ boxes: { key: 't.noBoxes', params: { boxes: '' } } });
  });

  it('checks a list of plain values as one input, at the list\'s path, and the length of every list', () => {
    const errors = recordPathErrors(shelf, { boxes: [{ items: [{ code: 'a', sizes: ['S', 'S'] }, { code: 'b', sizes: ['S', ''] }, { code: 'c', sizes: ['S', 'M', 'L'] }] }, { items: [{ code: 'd' }, { code: 'e' }, { code: 'f' }, { code: 'g' }] }] });
    expect(errors).toEqual({
      'boxes[0].items[0].sizes': { key: 't.duplicateSize', params: { size: 'S' } },
      'boxes[0].items[1].sizes': { key: 't.badSizes', params: { size: '' } },
      'boxes[0].items[2].sizes': { key: 't.tooManySizes', params: { max: 2 } },
      'boxes[1].items': { key: 't.tooManyItems', params: { max: 3 } },
    });
  });

  it('refuses a value used twice in its list, or across every list of the same declaration, naming the first holder', () => {
    const errors = recordPathErrors(shelf, { boxes: [{ label: 'a', items: [{ code: 'x', name: 'First' }] }, { label: 'a', items: [{ code: 'y' }, { code: 'x', name: 'Second' }] }] });
    expect(errors).toEqual({
      'boxes[1].label': { key: 't.duplicateBox', params: { label: 'a' } },
      'boxes[1].items[1].code': { key: 't.duplicateCode', params: { code: 'x', other: 'First' } },
    });
  });

  it('finds exactly the repeated codes, wherever they sit in the nested lists (property)', () => {
    const code = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
    fc.assert(
      fc.property(fc.array(fc.array(code, { maxLength: 3 }), { minLength: 1, maxLength: 4 }), (boxes) => {
        const errors = recordPathErrors(shelf, { boxes: boxes.map((codes) => ({ items: codes.map((c) => ({ code: c })) })) });
        const seen = new Set<string>();
        const expected: Record<string, unknown> = {};
        boxes.forEach((codes, b) =>
          codes.forEach((c, i) => {
            if (seen.has(c)) expected[`boxes[${b}].items[${i}].code`] = { key: 't.duplicateCode', params: { code: c, other: c } };
            seen.add(c);
          }),
        );
        expect(errors).toEqual(expected);
      }),
    );
  });

  it('reports only paths that exist in the value (property)', () => {
    const anyItem = fc.record({ code: fc.oneof(fc.string(), fc.integer()), kind: fc.constantFrom('red', 'blue', 'green', ''), size: fc.oneof(fc.integer(), fc.string()), sizes: fc.array(fc.string(), { maxLength: 3 }) }, { requiredKeys: [] });
    fc.assert(
      fc.property(fc.array(fc.record({ items: fc.array(anyItem, { maxLength: 4 }) }), { maxLength: 3 }), (boxes) => {
        for (const path of Object.keys(recordPathErrors(shelf, { boxes }))) {
          const m = /^boxes(?:\[(\d+)\](?:\.items(?:\[(\d+)\]\.(\w+))?)?)?$/.exec(path);
          expect(m, path).not.toBeNull();
          if (m?.[1] !== undefined) expect(Number(m[1])).toBeLessThan(boxes.length);
          if (m?.[2] !== undefined) expect(Number(m[2])).toBeLessThan(boxes[Number(m[1])].items.length);
        }
      }),
    );
  });
});

describe('the declared checks of any field (a save, an import and a form alike)', () => {
  const field = (more: Partial<FieldDef>): FieldDef => ({ key: 'code', label: L, type: 'text', ...more });

  it('a pattern, a range, closed values and refused values say their own words', () => {
    expect(validateField(field({ pattern: { test: /^[A-Z]+$/, message: 't.caps' } }), 'ab').error).toEqual({ key: 't.caps' });
    expect(validateField(field({ pattern: { test: /^[A-Z]+$/, message: 't.caps' } }), 'AB').error).toBeNull();
    for (const raw of ['0', '10', '2.5', 'two']) expect(validateField(field({ type: 'integer', range: { min: 1, max: 9, message: 't.range' } }), raw).error, raw).toEqual({ key: 't.range' });
    expect(validateField(field({ type: 'integer', range: { min: 1, max: 9, message: 't.range' } }), '9').value).toBe(9);
    expect(validateField(field({ type: 'multidict', oneOf: { values: ['a', 'b'], message: 't.notOne' } }), ['a', 'z']).error).toEqual({ key: 't.notOne', params: { code: 'z' } });
    expect(validateField(field({ type: 'dict', dict: colour.code }), 'green').error).toEqual({ key: 'rule.notInDictionary' });
    expect(validateField(field({ refused: { values: ['id'], message: 't.reserved' } }), ' id ').error).toEqual({ key: 't.reserved', params: { code: 'id' } });
  });

  it('a record field\'s errors come with the record\'s, under the field\'s key; an empty object is nothing entered yet', () => {
    const entity: EntityDef = { name: 'shelfdoc', table: 'shelf_doc', prefix: 'test', menuCode: 'test', label: L, titleField: 'name', fields: [{ key: 'name', label: L, type: 'text', required: true }, { key: 'layout', label: L, type: 'json', record: shelf }] };
    expect(validateRecord(entity, { name: 'n', layout: { boxes: [{ items: [{ code: 'A' }] }] } }).errors).toEqual({ 'layout.boxes[0].items[0].code': { key: 't.badCode' } });
    expect(validateRecord(entity, { name: 'n', layout: {} }).errors).toEqual({});
    expect(validateRecord(entity, { name: 'n', layout: [] }).errors).toEqual({ 'layout.boxes': { key: 't.noBoxes', params: { boxes: '' } } });
  });
});
