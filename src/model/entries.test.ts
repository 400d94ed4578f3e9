import { describe, expect, it } from 'vitest';
import './entities';
import { requireEntity } from './entity';
import type { ItemsDef } from './entity';
import { entriesError, itemsError } from './entries';
import { validateRecord } from './validate';

/** The per-vendor settings of an allocation version: a keyed JSON field checked like fields (issue 10). */
const version = requireEntity('allocationversion');
const settings = version.fields.find((f) => f.key === 'vendor_settings')!.entries!;
const base = { version_code: 'V1', month_from: '2026-01', month_to: '2026-03' };
const errorOf = (vendor_settings: unknown) => validateRecord(version, { ...base, vendor_settings }).errors.vendor_settings?.key ?? null;

describe('keyed entries', () => {
  it('takes entries keyed by record ids with declared fields stored as numbers', () => {
    expect(entriesError(settings, { '7': { kpi: 90, shareMax: 0.3, shareTarget: 0.2 }, '8': {} })).toBeNull();
    expect(entriesError(settings, null)).toBeNull();
  });

  it.each([
    [[{ kpi: 1 }], 'rule.entriesShape'],
    [{ abc: { kpi: 1 } }, 'rule.entriesKey'],
    [{ '0': { kpi: 1 } }, 'rule.entriesKey'],
    [{ '7': { colour: 'red' } }, 'rule.entriesShape'],
    [{ '7': 5 }, 'rule.entriesShape'],
    // A word is not a number (whatever rule it also breaks); a number breaking rules: the last failing
    // rule speaks (spec 5: positiveNumber, then maxDecimals4, which also wants digits).
    [{ '7': { kpi: 'high' } }, 'rule.number'],
    [{ '7': { kpi: -1 } }, 'rule.maxDecimals4'],
    [{ '7': { kpi: 1.23456 } }, 'rule.maxDecimals4'],
    [{ '7': { kpi: '90' } }, 'rule.entriesShape'],
  ])('refuses %j with %s', (value, key) => {
    expect(entriesError(settings, value)).toBe(key);
    expect(errorOf(value)).toBe(key);
  });

  it('refuses a value that is not an object of entries', () => {
    expect(entriesError(settings, 'text')).toBe('rule.entriesShape');
  });

  it('checks the ranges the suggestion reads: KPI 0-100, shares 0-1, target within the cap', () => {
    expect(errorOf({ '7': { kpi: 101 } })).toBe('scm.version.vendorKpiRange');
    expect(errorOf({ '7': { shareMax: 1.5 } })).toBe('scm.version.vendorShareRange');
    expect(errorOf({ '7': { shareMax: 0.2, shareTarget: 0.3 } })).toBe('scm.version.vendorShareTarget');
    expect(errorOf({ '7': { kpi: 100, shareMax: 1, shareTarget: 1 } })).toBeNull();
  });
});

/** A list of small records (FieldDef.items): a choice's options, each with a value and a name. */
const options: ItemsDef = {
  fields: [
    { key: 'value', label: { zh: '选项值', en: 'Value' }, type: 'text', required: true, maxLength: 10 },
    { key: 'label', label: { zh: '选项名称', en: 'Name' }, type: 'text' },
    { key: 'weight', label: { zh: '权重', en: 'Weight' }, type: 'integer' },
  ],
};

describe('a list of small records', () => {
  it('takes a list of items holding declared fields, numbers stored as numbers', () => {
    expect(itemsError(options, [{ value: 'a', label: '甲' }, { value: 'b', weight: 2 }])).toBeNull();
    expect(itemsError(options, [])).toBeNull();
    expect(itemsError(options, null)).toBeNull();
  });

  it.each([
    [{ value: 'a' }, 'rule.entriesShape'],
    [[{ value: 'a', colour: 'red' }], 'rule.entriesShape'],
    [['a'], 'rule.entriesShape'],
    [[{ value: '' }], 'rule.required'],
    [[{ value: 'a'.repeat(11) }], 'rule.maxLength'],
    [[{ value: 'a', weight: 'heavy' }], 'rule.number'],
    [[{ value: 'a', weight: '2' }], 'rule.entriesShape'],
  ])('refuses %j with %s', (value, key) => {
    expect(itemsError(options, value)).toBe(key);
  });
});
