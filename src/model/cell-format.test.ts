import { describe, expect, it } from 'vitest';
import '../../reports';
import { allReports, CELL_FORMAT_TABLE, cellFormatOf, defineReport, FIELD_TYPE_TABLE, FIELD_TYPES, getReport, reportColumnFormat, requireEntity, type ReportDef } from '.';
import { columnFormat, exportColumns, formatCell, formatHeader } from './excel';

/**
 * Number formats of the workbooks the product writes (docs/architecture-excel.md "Number formats"):
 * one table of cell formats, named by the field-type table and by report column declarations.
 */
const report = (name: string): ReportDef => getReport(name)!;

describe('the cell format table', () => {
  it('gives each format its cell type and Excel number format', () => {
    expect(CELL_FORMAT_TABLE).toEqual({
      text: { cell: 'text' },
      code: { cell: 'text', numFmt: '@' },
      integer: { cell: 'number', numFmt: '#,##0' },
      decimal: { cell: 'number', numFmt: '#,##0.00##' },
      money: { cell: 'number', numFmt: '#,##0.00##' },
      minutes: { cell: 'number', numFmt: '#,##0.0', unit: 'excel.unit.minutes' },
      percent: { cell: 'number', numFmt: '0.0%' },
      date: { cell: 'date', numFmt: 'yyyy-mm-dd' },
      week: { cell: 'date', numFmt: 'yyyy-mm-dd' },
      month: { cell: 'text' },
      datetime: { cell: 'date', numFmt: 'yyyy-mm-dd hh:mm:ss' },
      plain: { cell: 'number', numFmt: '0' },
    });
  });

  it('is what every field type names', () => {
    const byType = Object.fromEntries(FIELD_TYPES.map((t) => [t, FIELD_TYPE_TABLE[t].cellFormat]));
    expect(byType).toMatchObject({ code: 'code', reference: 'code', tree: 'code', integer: 'integer', decimal: 'decimal', money: 'money', date: 'date', datetime: 'datetime', month: 'month', text: 'text', dict: 'text' });
    // A number type reads as a number, a temporal type as a date.
    for (const t of FIELD_TYPES) {
      const spec = FIELD_TYPE_TABLE[t];
      if (spec.nature === 'number') expect(CELL_FORMAT_TABLE[spec.cellFormat].cell, t).toBe('number');
      if (spec.nature === 'temporal') expect(CELL_FORMAT_TABLE[spec.cellFormat].cell, t).toBe('date');
    }
    // An integer shown without grouping (a year) is a plain number.
    expect(cellFormatOf({ type: 'integer', grouping: false })).toBe('plain');
    expect(cellFormatOf({ type: 'integer' })).toBe('integer');
  });

  it('formats the list export columns by their fields', () => {
    const cols = exportColumns(requireEntity('purorder'), ['po_no', 'order_date', 'total_amount', 'total_qty', 'vendor_id', 'remark']);
    expect(Object.fromEntries(cols.map((c) => [c.id, columnFormat(c)]))).toEqual({
      po_no: '@',
      order_date: 'yyyy-mm-dd',
      total_amount: '#,##0.00##',
      total_qty: '#,##0.00##',
      vendor_id: '@',
      remark: undefined,
    });
  });

  it('writes a value as its format holds it', () => {
    expect(formatCell('week', '2026-03-02')).toEqual(new Date(Date.UTC(2026, 2, 2)));
    expect(formatCell('date', '2026-03-02')).toBeInstanceOf(Date);
    expect(formatCell('percent', 0.7631257631257632)).toBe(0.7631257631257632);
    expect(formatCell('minutes', '66830.4')).toBe(66830.4);
    expect(formatCell('integer', '12')).toBe(12);
    // A code is never a number: its zeros stay.
    expect(formatCell('code', '000123')).toBe('000123');
    expect(formatCell('code', 123)).toBe('123');
    expect(formatCell('text', '合计')).toBe('合计');
    expect(formatCell('month', '2026-03')).toBe('2026-03');
    for (const empty of [null, undefined, '']) expect(formatCell('integer', empty)).toBeNull();
    // What is not a number or a date stays as it is (a subtotal's label in a week column).
    expect(formatCell('week', '小计')).toBe('小计');
  });

  it('names the unit of minutes in the header', () => {
    expect(formatHeader('负荷', 'minutes', 'zh-CN')).toBe('负荷（分钟）');
    expect(formatHeader('Load', 'minutes', 'en')).toBe('Load (min)');
    expect(formatHeader('准时率', 'percent', 'zh-CN')).toBe('准时率');
    expect(formatHeader('Code', undefined, 'en')).toBe('Code');
  });
});

describe('report columns', () => {
  it('take their format from their declaration', () => {
    const load = report('capacity-load');
    expect(['line', 'week', 'load', 'capacity', 'utilisation'].map((k) => reportColumnFormat(load, k))).toEqual(['text', 'week', 'minutes', 'minutes', 'percent']);
    const onTime = report('on-time-delivery');
    expect(['customer', 'month', 'finished', 'rate'].map((k) => reportColumnFormat(onTime, k))).toEqual(['text', 'month', 'integer', 'percent']);
    // Sums of the entity's own fields read as the fields' types; a count is an integer.
    const book = report('order-book');
    expect(['qty', 'orders', 'amount', 'status'].map((k) => reportColumnFormat(book, k))).toEqual(['integer', 'integer', 'money', 'text']);
    expect(reportColumnFormat(report('purchase-spend'), 'qty')).toBe('decimal');
    // A code dimension stays text under @; a referenced record is shown by its name.
    const coverage = report('allocation-coverage');
    expect(['version', 'status', 'coverage'].map((k) => reportColumnFormat(coverage, k))).toEqual(['code', 'text', 'percent']);
    expect(reportColumnFormat(report('stock-by-location'), 'location')).toBe('text');
  });

  it('every measure of every report is a number with a format, every week a date', () => {
    for (const r of allReports()) {
      for (const m of r.measures) {
        const spec = CELL_FORMAT_TABLE[reportColumnFormat(r, m.key)];
        expect({ report: r.name, measure: m.key, cell: spec.cell, numFmt: Boolean(spec.numFmt) }).toEqual({ report: r.name, measure: m.key, cell: 'number', numFmt: true });
        if (m.agg === 'ratio') expect(reportColumnFormat(r, m.key), `${r.name}.${m.key}`).toBe(m.format ?? 'decimal');
      }
      for (const d of r.dimensions) if (d.bucket === 'week') expect(CELL_FORMAT_TABLE[reportColumnFormat(r, d.key)].cell).toBe('date');
    }
  });

  it('a server query sum must declare its format; an entity sum must name a number field', () => {
    const base = { title: { zh: '测试', en: 'Test' }, dimensions: [{ key: 'status', field: 'status', label: { zh: '状态', en: 'Status' } }], filters: [] };
    expect(() =>
      defineReport({ ...base, name: 'cell-format-test-query', entity: 'customerorder', query: 'on-time', measures: [{ key: 'n', agg: 'sum', field: 'n', label: { zh: 'n', en: 'n' } }] }),
    ).toThrow(/declares no format/);
    const text: ReportDef = { ...base, name: 'cell-format-test-text', entity: 'customerorder', measures: [{ key: 'n', agg: 'sum', field: 'brand_name', label: { zh: 'n', en: 'n' } }] };
    expect(() => reportColumnFormat(text, 'n')).toThrow(/reads as no number/);
  });
});
