import { describe, expect, it } from 'vitest';
import { defineEntity } from './entity';
import { readTyped } from './typed-read';

const entity = defineEntity({
  name: 'typedreadprobe',
  table: 'typed_read_probe',
  prefix: 'probeapi',
  menuCode: 'probe.typed',
  label: { zh: '读取', en: 'Read' },
  titleField: 'name',
  fields: [
    { key: 'name', label: { zh: '名称', en: 'Name' }, type: 'text' },
    { key: 'span', label: { zh: '宽度', en: 'Width' }, type: 'integer', default: 1 },
    { key: 'amount', label: { zh: '金额', en: 'Amount' }, type: 'decimal' },
    { key: 'tags', label: { zh: '标签', en: 'Tags' }, type: 'json' },
    { key: 'enabled', label: { zh: '启用', en: 'Enabled' }, type: 'boolean', default: true },
    { key: 'at', label: { zh: '时间', en: 'At' }, type: 'datetime' },
    { key: 'day', label: { zh: '日期', en: 'Day' }, type: 'date', default: '$$NOW$$' },
  ],
});

describe('readTyped: a row read as its entity declares it', () => {
  it('coerces each declared field, reads the system ids as numbers and leaves undeclared columns out', () => {
    const at = new Date('2026-12-07T05:00:00Z');
    const row = { id: '7', version: 2, created_by: null, name: 'A', span: '3', amount: '12.5000', tags: '["x"]', enabled: false, at, secret: 'joined', client_id: 9 };
    expect(readTyped(entity, row)).toEqual({ id: 7, version: 2, created_by: null, name: 'A', span: 3, amount: 12.5, tags: ['x'], enabled: false, at: at.toISOString(), day: null });
  });

  it('reads an empty, missing or refused field as the given empty value, else its literal default, else null', () => {
    expect(readTyped<Record<string, unknown>>(entity, { name: '', span: 'abc', tags: 'not json' }, { name: 'none', tags: [] })).toEqual({
      name: 'none', span: 1, amount: null, tags: [], enabled: true, at: null, day: null,
    });
  });
});
