import { describe, expect, it } from 'vitest';
import './entities';
import { DYNAMIC_TYPE_TABLE, dynamicEntity, dynamicFormErrors, dynamicPage, fieldsHiddenByRole, prepareDynamicValues, type DynamicFormDefinition } from './dynamic-form';
import { validateRecord } from './validate';

const DEF: DynamicFormDefinition = {
  sections: [
    {
      key: 'base',
      title: '基本',
      fields: [
        { key: 'kind', label: '类别', type: 'dict', required: true, options: [{ value: 'a', label: '甲' }, { value: 'b', label: '乙' }] },
        { key: 'note', label: '说明', type: 'text', required: true, visible_when: "kind == 'a'" },
        { key: 'qty', label: '数量', type: 'integer', rules: ['naturalNumber'] },
        { key: 'price', label: '单价', type: 'decimal' },
        { key: 'amount', label: '金额', type: 'money', calc: 'qty * price', decimals: 2 },
      ],
    },
  ],
};
const FORM = { id: 1, code: 'T_FORM', name: '测试', version: 1 };

describe('the designer rules', () => {
  it('accept a sound definition', () => expect(dynamicFormErrors(DEF)).toEqual({}));

  it('refuse duplicate keys and option values at their paths', () => {
    const bad = { sections: [{ key: 's', title: 'S', fields: [{ key: 'a', label: 'A', type: 'dict', options: [{ value: 'x', label: 'X' }, { value: ' x ', label: 'Y' }] }, { key: 'a', label: 'B', type: 'text' }] }] };
    expect(dynamicFormErrors(bad)).toEqual({
      // The path names the field; the message names the value (选项值“x”重复).
      'sections[0].fields[0].options[1].value': { key: 'dynform.duplicateOption', params: { value: 'x' } },
      'sections[0].fields[1].key': { key: 'dynform.duplicateKey', params: { key: 'a', other: 'A' } },
    });
  });

  it('refuse keys that are not identifiers, whatever they hold', () => {
    for (const key of ['A', '_a', 'a-b', 'a b', "a'--", 'a'.repeat(41), '', '__proto__'])
      expect(dynamicFormErrors({ sections: [{ key: 's', title: 'S', fields: [{ key, label: 'L', type: 'text' }] }] })['sections[0].fields[0].key']?.key, key).toBe('dynform.badKey');
  });
});

describe('fields cleared when another changes (clearFormFields)', () => {
  it('hands the drawer the fields and the condition, and refuses keys the form lacks', () => {
    const def: DynamicFormDefinition = { sections: [{ key: 's', title: 'S', fields: [
      { key: 'kind', label: '类别', type: 'dict', options: [{ value: 'a', label: 'A' }], clears: ['note'], clears_when: "kind != 'a'" },
      { key: 'note', label: '说明', type: 'text' },
    ] }] };
    expect(dynamicFormErrors(def)).toEqual({});
    expect(dynamicPage(FORM, def).sections[0].form[0].clearFormFields).toEqual([{ condition: "kind != 'a'", fields: ['note'] }]);
    const bad = { sections: [{ ...def.sections[0], fields: [{ ...def.sections[0].fields[0], clears: ['nosuch'], clears_when: 'kind ==' }, def.sections[0].fields[1]] }] };
    const e = dynamicFormErrors(bad);
    expect(e['sections[0].fields[0].clears']).toEqual({ key: 'dynform.unknownField', params: { field: 'nosuch' } });
    expect(e['sections[0].fields[0].clears_when']?.key).toBe('dynform.badExpression');
  });
});

describe('a field limited to roles', () => {
  const def: DynamicFormDefinition = { sections: [{ key: 's', title: 'S', fields: [{ key: 'review', label: '审核', type: 'text', required: true, roles: ['clientadmin'], visible_when: 'true' }] }] };
  it('is shown to holders of every role, and required only in the drawer of those who see it', () => {
    const f = dynamicPage(FORM, def).sections[0].form[0];
    expect(f.visible).toEqual({ dashrolesLimits: ['clientadmin'], selfFormExpression: 'true' });
    expect(f.validations).toEqual([{ type: 'required' }]);
    expect(dynamicEntity(FORM, def).fields[0].required).toBe(false);
    expect(fieldsHiddenByRole(def, ['common']).map((x) => x.key)).toEqual(['review']);
    expect(fieldsHiddenByRole(def, ['clientadmin', 'common'])).toEqual([]);
  });
});

describe('a stored form as an entity', () => {
  const entity = dynamicEntity(FORM, DEF);

  it('validates a record with the registry validation: required, options, rules', () => {
    expect(validateRecord(entity, { kind: '', qty: '1' }).errors.kind?.key).toBe('rule.required');
    expect(validateRecord(entity, { kind: 'z', qty: '1' }).errors.kind?.key).toBe('rule.notInDictionary');
    expect(validateRecord(entity, { kind: 'b', qty: '-1' }).errors.qty?.key).toBe('rule.naturalNumber');
  });

  it('requires a conditional field only while it is shown', () => {
    expect(validateRecord(entity, { kind: 'a', note: '' }).errors.note?.key).toBe('rule.required');
    expect(validateRecord(entity, { kind: 'b', note: '' }).errors.note).toBeUndefined();
  });

  it('computes and clears what the form computes and hides', () => {
    expect(prepareDynamicValues(DEF, { kind: 'b', note: 'x', qty: 3, price: 1.255, amount: 1 })).toMatchObject({ note: null, amount: 3.77 });
  });

  it('gives the drawer its sections, options, condition and calculation owners', () => {
    const page = dynamicPage(FORM, DEF);
    const fields = page.sections[0].form;
    expect(page.apiBase).toBe('/api/crossapi/dynformdata/T_FORM');
    expect(fields.find((f) => f.field === 'kind')?.options?.map((o) => o.value)).toEqual(['a', 'b']);
    expect(fields.find((f) => f.field === 'note')?.visible).toEqual({ selfFormExpression: "kind == 'a'" });
    expect(fields.find((f) => f.field === 'qty')?.calcConfig?.[0]).toMatchObject({ targetFieldIdx: 'amount', expression: 'qty * price', fixed: 2 });
    expect(fields.find((f) => f.field === 'amount')?.disable).toBe(true);
    expect(page.columns.find((c) => c.field === 'kind')?.options?.[0]).toMatchObject({ value: 'a', label: '甲' });
  });
});

describe('transfer, autocomplete, matrix, rules table and location (issue 35)', () => {
  const COLOURS = [{ value: 'red', label: '红' }, { value: 'navy', label: '藏青' }];
  const def: DynamicFormDefinition = {
    sections: [
      {
        key: 's',
        title: 'S',
        fields: [
          { key: 'buyers', label: '采购员', type: 'transfer', required: true, options: [{ value: 'zhang', label: '张三' }, { value: 'li', label: '李四' }] },
          { key: 'colour', label: '颜色', type: 'autocomplete', options: COLOURS },
          { key: 'sizes', label: '颜色尺码', type: 'matrix', sizes: ['S', 'M', 'L'] },
          { key: 'checks', label: '校验', type: 'rules' },
          { key: 'spot', label: '检验位置', type: 'location' },
        ],
      },
    ],
  };
  const entity = dynamicEntity(FORM, def);
  const good = { buyers: ['zhang'], colour: '米白', sizes: [{ color: '红', size: 'S', qty: 10 }, { color: '红', size: 'M', qty: 0 }], checks: [{ type: 'naturalNumber', message: '数量须为非负整数' }], spot: '31.230416,121.473701' };

  it('are offered by the designer, each with what it needs', () => {
    expect(dynamicFormErrors(def)).toEqual({});
    const bad = { sections: [{ key: 's', title: 'S', fields: [
      { key: 'a', label: 'A', type: 'transfer' },
      { key: 'b', label: 'B', type: 'autocomplete', options: [] },
      { key: 'c', label: 'C', type: 'matrix' },
      { key: 'd', label: 'D', type: 'matrix', sizes: ['S', 'S'] },
      { key: 'e', label: 'E', type: 'location', required: true, rules: ['english'] },
      { key: 'f', label: 'F', type: 'text', sizes: ['S'] },
      { key: 'g', label: 'G', type: 'rules', default: '[]', rules: ['english'] },
      { key: 'h', label: 'H', type: 'matrix', sizes: [' S', 'x'.repeat(21)] },
    ] }] };
    expect(dynamicFormErrors(bad)).toEqual({
      'sections[0].fields[0].options': { key: 'dynform.transferOptionsRequired' },
      'sections[0].fields[1].options': { key: 'dynform.suggestionsRequired' },
      'sections[0].fields[2].sizes': { key: 'dynform.sizesRequired' },
      'sections[0].fields[3].sizes': { key: 'dynform.duplicateSize', params: { size: 'S' } },
      'sections[0].fields[4].required': { key: 'dynform.notValidated' },
      'sections[0].fields[4].rules': { key: 'dynform.notValidated' },
      'sections[0].fields[5].sizes': { key: 'dynform.sizesNotAllowed' },
      'sections[0].fields[6].rules': { key: 'dynform.rulesNotAllowed' },
      'sections[0].fields[6].default': { key: 'dynform.noDefault' },
      'sections[0].fields[7].sizes': { key: 'dynform.badSize' },
    });
  });

  it('are stored as their registry types and drawn with their widgets', () => {
    expect(entity.fields.map((f) => [f.key, f.type, f.required])).toEqual([
      ['buyers', 'transfer', true],
      ['colour', 'text', false],
      ['sizes', 'matrix', false],
      ['checks', 'rules', false],
      ['spot', 'text', false],
    ]);
    const form = dynamicPage(FORM, def).sections[0].form;
    expect(form.map((f) => f.type)).toEqual(['transfer', 'autocomplete', 'matrixinputtable', 'rulestable', 'runtimeLocation']);
    expect(form[0].options?.map((o) => o.value)).toEqual(['zhang', 'li']);
    expect(form[1].options?.map((o) => o.label)).toEqual(['红', '藏青']);
    expect(form[2].matinTableConfig?.tableConfig).toMatchObject({ rowField: 'color', colField: 'size', cellField: 'qty', fixedColumns: true });
    expect(form[2].matinTableConfig?.tableConfig.columns?.map((c) => c.field)).toEqual(['S', 'M', 'L']);
  });

  it('accept a sound filled record (the suggestions are only suggestions)', () => {
    expect(validateRecord(entity, good).errors).toEqual({});
    expect(validateRecord(entity, { ...good, spot: '' }).errors).toEqual({});
  });

  it('refuse a transfer value outside the options, a matrix of an undeclared size, a negative quantity or an unnamed colour, an unknown rule type', () => {
    const errorOf = (patch: Record<string, unknown>) => {
      const e = validateRecord(entity, { ...good, ...patch }).errors;
      return Object.fromEntries(Object.entries(e).map(([k, v]) => [k, v.key]));
    };
    expect(errorOf({ buyers: ['zhang', 'wang'] })).toEqual({ buyers: 'rule.notInDictionary' });
    expect(errorOf({ buyers: [] })).toEqual({ buyers: 'rule.required' });
    expect(errorOf({ buyers: '["li"]' })).toEqual({});
    expect(errorOf({ sizes: [{ color: '红', size: 'XXL', qty: 1 }] })).toEqual({ sizes: 'dynform.matrixBadSize' });
    expect(errorOf({ sizes: [{ color: '红', size: 'S', qty: -1 }] })).toEqual({ sizes: 'dynform.matrixBadQty' });
    expect(errorOf({ sizes: [{ color: '红', size: 'S', qty: '3' }] })).toEqual({ sizes: 'dynform.matrixBadQty' });
    expect(errorOf({ sizes: [{ color: ' ', size: 'S', qty: 1 }] })).toEqual({ sizes: 'dynform.matrixBadColor' });
    expect(errorOf({ sizes: [{ color: '红', size: 'S', qty: 1 }, { color: '红', size: 'S', qty: 2 }] })).toEqual({ sizes: 'dynform.matrixDuplicateCell' });
    expect(errorOf({ sizes: { color: '红' } })).toEqual({ sizes: 'dynform.matrixBad' });
    expect(errorOf({ sizes: [{ color: '红', size: 'S', qty: 1, price: 9 }] })).toEqual({ sizes: 'dynform.matrixBad' });
    expect(errorOf({ checks: [{ type: 'nosuch' }] })).toEqual({ checks: 'dynform.rulesBadType' });
    expect(errorOf({ checks: [{ type: 'email', message: { x: 1 } }] })).toEqual({ checks: 'dynform.rulesBad' });
  });

  it('lets a text field become an autocomplete or a location (both stored as text), not a list', () => {
    expect(DYNAMIC_TYPE_TABLE.autocomplete.fieldType).toBe(DYNAMIC_TYPE_TABLE.text.fieldType);
    expect(DYNAMIC_TYPE_TABLE.location.fieldType).toBe(DYNAMIC_TYPE_TABLE.text.fieldType);
    expect(DYNAMIC_TYPE_TABLE.transfer.fieldType).not.toBe(DYNAMIC_TYPE_TABLE.text.fieldType);
  });
});
