import { describe, expect, it } from 'vitest';
import { dynamicFormErrors, type DynamicField } from '../../../model/dynamic-form';
import { fieldOfType, STARTING_SIZES } from './designer-model';

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
