import { describe, expect, it } from 'vitest';
import '../../../grids';
import type { ResolvedField } from '../../model/page-resolve';
import { adminCalls } from '../../model/calls/admin';
import { ticketCalls } from '../../model/calls/tickets';
import { chosenCallInput, optionsOfRows, referenceWhere, sourceQuery } from './use-options';

const field = (f: Partial<ResolvedField>): ResolvedField => ({ field: 'f', label: 'f', labelEn: 'f', type: '', validations: [], required: false, fieldType: 'text', ...f });

describe('a source\'s rows as a field\'s options (spec 3 optionConfig, displayAvatarfield)', () => {
  const rows = [{ id: 7, code: 'V007', name: '华纺纺织', short: '华纺', logo: '/files/7.png' }, { id: 8, code: 'V008', name: '锦绣面料', short: null, logo: null }];

  it('labels each row by the target\'s title with its code, or by the declared label field', () => {
    expect(optionsOfRows(field({ source: { entity: 'vendor' } }), rows).map((o) => [o.value, o.label])).toEqual([['7', '华纺纺织 · V007'], ['8', '锦绣面料 · V008']]);
    expect(optionsOfRows(field({ source: { entity: 'vendor' }, optionConfig: { valueField: 'code', labelField: 'short' } }), rows).map((o) => [o.value, o.label])).toEqual([['V007', '华纺 · V007'], ['V008', 'V008 · V008']]);
  });

  it('gives each option the picture its displayAvatarfield names, and none without one', () => {
    expect(optionsOfRows(field({ source: { entity: 'vendor' }, displayAvatarfield: 'logo' }), rows).map((o) => o.image)).toEqual(['/files/7.png', '']);
    expect(optionsOfRows(field({ source: { entity: 'vendor' } }), rows).every((o) => o.image === undefined)).toBe(true);
  });

  it('offers a field\'s own options when it has no source', () => {
    const options = [{ value: 'a', label: '甲' }];
    expect(optionsOfRows(field({ options }), rows)).toBe(options);
  });
});

describe("a reference's declared where as the list's filters", () => {
  const ref = { entity: 'vendor', labelField: 'name', where: { 'platform_client_code.notnull': '1', 'status.ne': 'inactive' } };

  it('asks the target list for the rows the reference may name, beside a cascade', () => {
    expect(referenceWhere(ref)).toEqual({ 'f.platform_client_code.notnull': '1', 'f.status.ne': 'inactive' });
    expect(referenceWhere({ entity: 'vendor', labelField: 'name' })).toEqual({});
    const f = field({ source: { entity: 'vendor', filter: { category: '$kind' } }, def: { key: 'vendor_id', label: { zh: '供应商', en: 'Vendor' }, type: 'reference', ref } });
    expect(sourceQuery(f, { kind: 'fabric' })).toEqual({ 'f.platform_client_code.notnull': '1', 'f.status.ne': 'inactive', 'f.category.eq': 'fabric' });
    expect(sourceQuery(f, {})).toBeNull();
  });
});

describe("a picker's chosen values asked of its declared call (OptionsCall.chosen)", () => {
  const colleagues = { call: adminCalls.userOptions, input: { size: '100' }, search: 'q', chosen: 'ids', labelField: 'fullname', codeField: 'username' };

  it('asks for the wanted values by id, joined by commas, with the call\'s own input and no search', () => {
    expect(chosenCallInput(colleagues, {}, ['7', '12'])).toEqual({ size: '100', ids: '7,12' });
  });

  it('asks nothing when none is wanted, when the call names no chosen field, or while a $field it follows is empty', () => {
    expect(chosenCallInput(colleagues, {}, [])).toBeNull();
    expect(chosenCallInput({ ...colleagues, chosen: undefined }, {}, ['7'])).toBeNull();
    expect(chosenCallInput(undefined, {}, ['7'])).toBeNull();
    const people = { call: ticketCalls.people, input: { doc_type: '$doc_type' }, chosen: 'ids', labelField: 'fullname' };
    expect(chosenCallInput(people, { doc_type: '' }, ['7'])).toBeNull();
    expect(chosenCallInput(people, { doc_type: 'prorder' }, ['7'])).toEqual({ doc_type: 'prorder', ids: '7' });
  });
});
