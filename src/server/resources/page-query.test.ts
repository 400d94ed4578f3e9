import { describe, expect, it } from 'vitest';
import '../../../grids';
import { requireEntity } from '../../model';
import { AppError } from '../http/errors';
import { filterOpsOf, likePattern, parseFilter, parsePageQuery, quickFieldsOf } from './page-query';

const material = requireEntity('material');
const order = requireEntity('customerorder');
const workline = requireEntity('workline');

/** The error key and the English message an invalid filter parameter is refused with. */
function refusal(entity = material, key: string, value: unknown): { key: string; en: string } {
  try {
    parseFilter(entity, key, value);
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return { key: e.messageKey, en: e.toEnvelope('en').message };
  }
  throw new Error(`${key}=${String(value)} was accepted`);
}

describe('the list query: filters per field type', () => {
  it('offers each field type the operators its values answer', () => {
    expect(filterOpsOf('text')).toEqual(expect.arrayContaining(['eq', 'ne', 'like', 'in', 'nin', 'lt', 'between']));
    expect(filterOpsOf('money')).not.toContain('like');
    expect(filterOpsOf('money')).toEqual(expect.arrayContaining(['between', 'gte', 'lte', 'nin']));
    expect(filterOpsOf('boolean')).toEqual(['eq', 'ne', 'in', 'nin', 'null', 'notnull']);
    expect(filterOpsOf('multidict')).toEqual(['eq', 'in', 'nin', 'null', 'notnull']);
    expect(filterOpsOf('json')).toEqual(['null', 'notnull']);
  });

  it('reads each operator in its shape, coerced to the column type', () => {
    expect(parseFilter(material, 'f.name.like', '50%')).toEqual({ field: 'name', op: 'like', values: ['50%'] });
    expect(parseFilter(material, 'f.price.between', '1.5,20')).toEqual({ field: 'price', op: 'between', values: [1.5, 20] });
    expect(parseFilter(material, 'f.material_group.in', ['fabric', 'trim,button'])).toEqual({ field: 'material_group', op: 'in', values: ['fabric', 'trim', 'button'] });
    expect(parseFilter(material, 'f.vendor_id.nin', '3,4')).toEqual({ field: 'vendor_id', op: 'nin', values: [3, 4] });
    expect(parseFilter(material, 'f.share.eq', 'true')).toEqual({ field: 'share', op: 'eq', values: [true] });
    expect(parseFilter(order, 'f.delivery_date.ne', '2026-03-01')).toEqual({ field: 'delivery_date', op: 'ne', values: ['2026-03-01'] });
    expect(parseFilter(material, 'f.vendor_id.null', '1')).toEqual({ field: 'vendor_id', op: 'null', values: [] });
    expect(parseFilter(workline, 'f.categories.in', 'tops,pants')).toEqual({ field: 'categories', op: 'in', values: ['tops', 'pants'] });
  });

  it('refuses an unknown field, an operator the type does not answer and a bad value, each naming the column', () => {
    expect(refusal(material, 'f.ghost.eq', '1')).toEqual({ key: 'res.filterUnknownField', en: 'The list cannot be filtered by "ghost"' });
    expect(refusal(material, 'f.client_id.eq', '1').key).toBe('res.filterUnknownField');
    expect(refusal(material, 'f.price.like', '1')).toEqual({ key: 'res.filterBadOp', en: '"Unit price" cannot be filtered with "like"' });
    expect(refusal(material, 'f.price.startsWith', '1').key).toBe('res.filterBadOp');
    expect(refusal(material, 'f.share.gt', 'true').key).toBe('res.filterBadOp');
    expect(refusal(workline, 'f.categories.like', 'tops').key).toBe('res.filterBadOp');
    expect(refusal(material, 'f.price.gte', 'abc')).toEqual({ key: 'res.filterBadValue', en: '"abc" is not a valid filter value for "Unit price"' });
    expect(refusal(order, 'f.delivery_date.eq', '2026-13-45').key).toBe('res.filterBadValue');
    expect(refusal(material, 'f.price.between', '1').key).toBe('res.filterBadValue');
    expect(refusal(material, 'f.price.in', Array.from({ length: 1001 }, (_, i) => String(i)).join(',')).key).toBe('res.filterBadValue');
    expect(refusal(material, 'f.name.eq', '').key).toBe('res.filterBadValue');
  });

  it('gives the Chinese message in Chinese', () => {
    expect.assertions(1);
    try {
      parseFilter(material, 'f.price.gte', 'abc');
    } catch (e) {
      expect((e as AppError).toEnvelope('zh-CN').message).toBe('“abc”不是“单价”的有效筛选值');
    }
  });
});

describe('the quick search', () => {
  it('looks in the fields the page declares, else the code and title', () => {
    expect(quickFieldsOf(order, 'customerorder')).toEqual(['order_no', 'source_no', 'customer_po', 'brand_name']);
    expect(quickFieldsOf(material, null)).toEqual(['code', 'name']);
    expect(() => quickFieldsOf(material, 'customerorder')).toThrow(AppError);
    const pq = parsePageQuery(order, { q: '  PO-7 ', opt: 'customerorder' });
    expect(pq.q).toBe('PO-7');
    expect(pq.quickFields).toHaveLength(4);
    expect(parsePageQuery(order, { q: ' ' }).quickFields).toEqual([]);
  });

  it('escapes LIKE wildcards, so "50%" and "a_b" are found as typed', () => {
    expect(likePattern('50%')).toBe('%50\\%%');
    expect(likePattern('a_b\\')).toBe('%a\\_b\\\\%');
  });
});
