import { describe, expect, it } from 'vitest';
import { dynamicFormErrors, type DynamicField } from '../../../model/dynamic-form';
import { designedFieldErrors, designedFieldPage, designedFieldPatch, designedFieldValues, fieldOfType, STARTING_SIZES, typeChangeValues } from './designer-model';

const text: DynamicField = { key: 'f', label: 'F', type: 'text', required: true, rules: ['english'], default: 'x' };
const definitionOf = (field: DynamicField) => ({ sections: [{ key: 's', title: 'S', fields: [field] }] });

describe('changing a field\'s type in the designer', () => {
  it('gives each new type what it needs, so the field passes the designer\'s check at once', () => {
    for (const type of ['transfer', 'autocomplete', 'matrix', 'rules', 'location', 'dict', 'reference', 'tree'] as const) {
      const field = { ...text, ...fieldOfType(text, type, '选项') } as DynamicField;
      expect(dynamicFormErrors(definitionOf(field)), type).toEqual({});
    }
  });

  it('starts a matrix with sizes and keeps the ones declared, drops what a location refuses, keeps options across choices', () => {
    expect(fieldOfType(text, 'matrix', '选项').sizes).toEqual(STARTING_SIZES);
    expect(fieldOfType({ ...text, type: 'matrix', sizes: ['90', '100'] }, 'matrix', '选项').sizes).toEqual(['90', '100']);
    expect(fieldOfType(text, 'location', '选项')).toMatchObject({ required: false, rules: undefined, default: undefined });
    const options = [{ value: 'a', label: 'A' }];
    expect(fieldOfType({ ...text, type: 'dict', options }, 'transfer', '选项').options).toEqual(options);
    expect(fieldOfType({ ...text, type: 'dict', options }, 'text', '选项').options).toBeUndefined();
  });
});

describe('the designed field as the engine form edits it', () => {
  const matrix: DynamicField = { key: 'qtys', label: '尺码', type: 'matrix', sizes: ['S', 'M'], roles: ['buyer', 'qc'], max_length: 20 };

  it('shows lists and numbers as text and gives them back as the field holds them', () => {
    const values = designedFieldValues(matrix);
    expect(values).toMatchObject({ sizes: 'S, M', roles: 'buyer,qc', max_length: '20', takes_sizes: true, takes_rules: false, option_kind: 'none' });
    expect(designedFieldPatch({ sizes: 'S, M, L,', roles: '', max_length: '', key: ' qty ', help: '', takes_sizes: true })).toEqual({ sizes: ['S', 'M', 'L'], roles: undefined, max_length: undefined, key: 'qty', help: undefined });
    expect(designedFieldPatch({ sizes: '' })).toEqual({ sizes: [] });
    // Numbers and flags as the designed field declares them: its number fields, its read-only (computed) ones.
    expect(designedFieldPatch({ decimals: '2', max_length: '40', option_kind: 'list', unvalidated: true, no_default: false })).toEqual({ decimals: 2, max_length: 40 });
  });

  it('edits a suggestion list and a tree entity through their own fields, with their errors', () => {
    expect(designedFieldPatch({ suggestions: [{ value: '红', label: '红' }], tree_entity: 'org' })).toEqual({ options: [{ value: '红', label: '红' }], ref_entity: 'org' });
    // A suggestion's value is its text (the engine's record list edits the text alone).
    expect(designedFieldPatch({ suggestions: [{ value: '红', label: ' 蓝 ' }, { label: '' }] })).toEqual({ options: [{ value: '蓝', label: ' 蓝 ' }, { value: '', label: '' }] });
    const errors = designedFieldErrors({ 'sections[0].fields[1].options[0].value': 'dup', 'sections[0].fields[10].key': 'other', 'sections[0].fields[1].ref_entity': 'pick' }, 'sections[0].fields[1]');
    expect(errors).toEqual({ 'options[0].value': 'dup', 'suggestions[0].value': 'dup', ref_entity: 'pick', tree_entity: 'pick' });
  });

  it('a type change sets what fieldOfType patches and the new flags, and the patch out passes the designer\'s check', () => {
    const values = typeChangeValues(text, 'autocomplete', '选项');
    expect(values).toMatchObject({ type: 'autocomplete', option_kind: 'suggest', suggestions: [{ value: '选项', label: '选项' }] });
    const field = { ...text, ...designedFieldPatch(values) } as DynamicField;
    expect(dynamicFormErrors(definitionOf(field))).toEqual({});
  });

  it('declares every property of a designed field in its form', () => {
    const shown = designedFieldPage.sections.flatMap((sec) => sec.form.map((f) => f.field));
    const widget = (key: string) => designedFieldPage.sections.flatMap((sec) => sec.form).find((f) => f.field === key)?.type;
    expect([widget('options'), widget('suggestions')]).toEqual(['recordlist', 'recordlist']);
    for (const prop of ['key', 'label', 'label_en', 'type', 'required', 'rules', 'max_length', 'options', 'ref_entity', 'default', 'help', 'span', 'visible_when', 'disable_when', 'roles', 'clears', 'clears_when', 'calc', 'decimals', 'sizes'] satisfies Array<keyof DynamicField>) expect(shown).toContain(prop);
  });
});
