import { describe, expect, it } from 'vitest';
import { FIELD_TYPE_TABLE, FIELD_TYPES, isCalendarDate, structureText, SYSTEM_COLUMN_TABLE, SYSTEM_COLUMNS, systemColumn, type FieldType } from './field-types';

type Case = [FieldType, unknown, { value: unknown } | { error: string }];
const v = (value: unknown) => ({ value });
const e = (error: string) => ({ error });

/** Coercion of raw inputs (form text, JSON values, Excel cells) per field type. */
const CASES: Case[] = [
  ['text', '  keep  ', v('  keep  ')],
  ['text', 12, v('12')],
  ['text', '', v(null)],
  ['text', { a: 1 }, e('err.badRequest')],
  // numbers: leading zeros are fine, decimals stop at 4 (spec 9), thousands separators are dropped
  ['integer', '007', v(7)],
  ['integer', '1.5', e('rule.naturalNumber')],
  ['integer', '-3', v(-3)],
  ['integer', 'abc', e('rule.number')],
  ['decimal', '12.3456', v(12.3456)],
  ['decimal', '12.34560', e('rule.maxDecimals4')],
  ['decimal', '1,234.5', v(1234.5)],
  ['decimal', ' 2.5 ', v(2.5)],
  ['decimal', 0.1 + 0.2, v(0.3)],
  ['decimal', '1e20', e('rule.number')],
  ['money', '99999999999999', v(99999999999999)],
  ['money', '100000000000000', e('rule.number')],
  // eslint-disable-next-line no-loss-of-precision -- the expected value is the nearest double, the one parsing the text gives
  ['money', '9999999999999.9999', v(9999999999999.9999)],
  // dates: real calendar dates only (the 31st exists only in months that have it)
  ['date', '2026-01-31', v('2026-01-31')],
  ['date', '2026-04-31', e('rule.date')],
  ['date', '2026-02-29', e('rule.date')],
  ['date', '2028-02-29', v('2028-02-29')],
  ['date', '2100-02-29', e('rule.date')],
  ['date', '2000-02-29', v('2000-02-29')],
  ['date', '2026-02-31', e('rule.date')],
  ['date', '2026-12-31 08:00:00', v('2026-12-31')],
  ['date', '2026-12-31T08:00:00', v('2026-12-31')],
  ['date', '2026-12-31 anything', e('rule.date')],
  ['date', '2026-1-5', e('rule.date')],
  ['date', new Date(2026, 0, 31), v('2026-01-31')],
  ['month', '2026-03', v('2026-03')],
  ['month', '2026-13', e('rule.date')],
  ['month', '2026-02-15', v('2026-02')],
  ['month', '2026-02-30', e('rule.date')],
  ['datetime', '2026-12-31 23:59:59', v('2026-12-31 23:59:59')],
  ['datetime', '2026-12-31 23:59', v('2026-12-31 23:59:00')],
  ['datetime', '2026-02-31 10:00:00', e('rule.datetime')],
  ['datetime', '2026-12-31 24:00:00', e('rule.datetime')],
  ['datetime', '2026-12-31T15:00:00Z', v('2026-12-31T15:00:00.000Z')],
  // booleans from forms, JSON and Excel
  ['boolean', 'true', v(true)],
  ['boolean', '是', v(true)],
  ['boolean', '0', v(false)],
  ['boolean', false, v(false)],
  ['boolean', 'maybe', e('err.badRequest')],
  // multi-values: a list, JSON text or comma text, always strings
  ['multidict', 'a,b', v(['a', 'b'])],
  ['multidict', '["a","b"]', v(['a', 'b'])],
  ['multidict', '[1,2]', v(['1', '2'])],
  ['multidict', '[{"x":1}]', e('err.badRequest')],
  ['multidict', '{"a":1}', e('err.badRequest')],
  ['multidict', ['a', 3], v(['a', '3'])],
  ['transfer', '', v(null)],
  ['matrix', '{"Black":{"M":1}}', v({ Black: { M: 1 } })],
  ['matrix', '{bad', e('err.badRequest')],
  // references: positive ids only
  ['reference', '12', v(12)],
  ['reference', 12, v(12)],
  ['reference', '0', e('rule.referenceMissing')],
  ['reference', '1.5', e('rule.referenceMissing')],
  ['reference', 'V001', e('rule.referenceMissing')],
];

describe('field-type table', () => {
  it.each(CASES)('%s coerces %j', (type, raw, want) => {
    const got = FIELD_TYPE_TABLE[type].coerce(raw);
    if ('value' in want) expect(got).toEqual({ ok: true, value: want.value });
    else expect(got).toMatchObject({ ok: false, messageKey: want.error });
  });

  it('every type maps to a column, a widget, a grid renderer and turns blanks into null', () => {
    for (const type of FIELD_TYPES) {
      const spec = FIELD_TYPE_TABLE[type];
      expect(spec.sqlType).toBeTruthy();
      expect(spec.grid).toBeTruthy();
      for (const blank of [null, undefined, '', '   ']) expect(spec.coerce(blank), `${type} ${JSON.stringify(blank)}`).toEqual({ ok: true, value: null });
    }
  });

  it('knows the length of every month over four centuries', () => {
    for (let y = 2000; y < 2400; y++) {
      const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
      expect(isCalendarDate(y, 2, 29)).toBe(leap);
      for (const m of [1, 3, 5, 7, 8, 10, 12]) expect(isCalendarDate(y, m, 31)).toBe(true);
      for (const m of [4, 6, 9, 11]) expect([isCalendarDate(y, m, 30), isCalendarDate(y, m, 31)]).toEqual([true, false]);
    }
    expect(isCalendarDate(2026, 13, 1)).toBe(false);
    expect(isCalendarDate(2026, 1, 0)).toBe(false);
  });
});

describe('the field-type table knows each type once', () => {
  it('stores structures as JSON and marks references, numbers and texts', () => {
    const where = (pick: (s: (typeof FIELD_TYPE_TABLE)[FieldType]) => boolean) => FIELD_TYPES.filter((t) => pick(FIELD_TYPE_TABLE[t]));
    expect(where((s) => s.storage === 'jsonb')).toEqual(['multidict', 'matrix', 'transfer', 'rules', 'json']);
    expect(where((s) => s.storage === 'jsonb')).toEqual(where((s) => s.sqlType === 'jsonb'));
    expect(where((s) => s.reference)).toEqual(['reference', 'tree']);
    expect(where((s) => s.nature === 'number')).toEqual(['integer', 'decimal', 'money']);
    expect(where((s) => s.nature === 'text').sort()).toEqual(['code', 'dict', 'email', 'image', 'markdown', 'mobile', 'month', 'text', 'textarea']);
    expect(where((s) => s.excelKind === null)).toEqual(['image', 'matrix', 'transfer', 'rules', 'json']);
    expect(FIELD_TYPE_TABLE.email.impliedRules).toEqual(['email']);
    expect(FIELD_TYPE_TABLE.mobile.impliedRules).toEqual(['telephone']);
  });

  it('lists the system columns once, with their labels, the tenant column kept out of lists', () => {
    expect(SYSTEM_COLUMNS).toEqual(['id', 'client_id', 'version', 'created_by', 'created_at', 'updated_by', 'updated_at']);
    expect(SYSTEM_COLUMNS.filter((c) => !SYSTEM_COLUMN_TABLE[c].listable)).toEqual(['client_id']);
    expect(systemColumn('updated_at')?.label.en).toBe('Updated at');
    expect(systemColumn('name')).toBeUndefined();
  });
});

describe('a structure as one line of text', () => {
  it('joins a list of codes, pairs a flat map, and keeps anything else as JSON', () => {
    expect(structureText(['common', 'planner'])).toBe('common, planner');
    expect(structureText({ CNY: 1, USD: 7.1 })).toBe('CNY 1 · USD 7.1');
    expect(structureText('{"CNY":1,"HKD":0.91}')).toBe('CNY 1 · HKD 0.91');
    expect(structureText([1, 2])).toBe('[1,2]');
    expect(structureText({ a: { b: 1 } })).toBe('{"a":{"b":1}}');
    expect(structureText('not json')).toBe('not json');
    expect(structureText(null)).toBe('');
  });
});
