import { describe, expect, it } from 'vitest';
import './entities';
import { dynamicEntity, dynamicFormErrors, dynamicPage, fieldsHiddenByRole, prepareDynamicValues, type DynamicFormDefinition } from './dynamic-form';
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
      'sections[0].fields[0].options[1].value': { key: 'dynform.duplicateOption', params: { value: 'x', field: 'a' } },
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
