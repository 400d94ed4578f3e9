import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileExpression, evaluate, evaluateCondition, referencedFields, roundTo } from './expression';

const ok = (src: string, scope = {}) => {
  const r = evaluate(src, scope);
  if (!r.ok) throw new Error(`expected ${src} to evaluate, got ${r.error}`);
  return r.value;
};

describe('expression evaluator', () => {
  it('evaluates literals and arithmetic with precedence', () => {
    expect(ok('1 + 2 * 3')).toBe(7);
    expect(ok('(1 + 2) * 3')).toBe(9);
    expect(ok('10 % 4 - -2')).toBe(4);
    expect(ok('"a" + \'b\'')).toBe('ab');
    expect(ok('null')).toBe(null);
    expect(ok('true && !false')).toBe(true);
    expect(ok('.5 + 1e2')).toBe(100.5);
  });

  it('reads form fields as numbers when they are numeric text (inputs give text)', () => {
    const form = { qty: '12', price: '2.5', name: 'Red', blank: '' };
    expect(ok('qty * price', { form })).toBe(30);
    expect(ok('qty + price', { form })).toBe(14.5);
    expect(ok('form.qty + 1', { form })).toBe(13);
    expect(ok('name + "-" + qty', { form })).toBe('Red-12');
    expect(ok('blank + 1', { form })).toBe(1);
    expect(ok('missing == null', { form })).toBe(true);
    expect(ok('blank == null', { form })).toBe(true);
    expect(ok('qty == 12', { form })).toBe(true);
    expect(ok('qty > 9', { form })).toBe(true);
  });

  it('checks session roles with in and includes (spec 6 dashroles)', () => {
    const scope = { session: { dashroles: ['admin', 'planner'] }, form: { status: 'draft' } };
    expect(ok("'admin' in session.dashroles", scope)).toBe(true);
    expect(ok("includes(session.dashroles, 'guest')", scope)).toBe(false);
    expect(ok("status in ['draft', 'ongoing']", scope)).toBe(true);
    expect(ok("len(session.dashroles)", scope)).toBe(2);
    expect(ok('session.dashroles.length', scope)).toBe(2);
    expect(ok('session.dashroles[1]', scope)).toBe('planner');
  });

  it('supports ternary and functions', () => {
    expect(ok('qty > 10 ? "big" : "small"', { form: { qty: 11 } })).toBe('big');
    expect(ok('round(2.345, 2)')).toBe(2.35);
    expect(ok('round(1.005, 2)')).toBe(1.01);
    expect(ok('abs(-3) + min(4, 2, 9) + max([1, 7])')).toBe(12);
    expect(ok('a ? b ? 1 : 2 : 3', { form: { a: true, b: false } })).toBe(2);
  });

  it('compares booleans from switches with true, 1 and "true"', () => {
    expect(ok('flag == true', { form: { flag: true } })).toBe(true);
    expect(ok('flag == 1', { form: { flag: true } })).toBe(true);
    expect(ok("flag == 'false'", { form: { flag: false } })).toBe(true);
    expect(ok('flag == "x"', { form: { flag: true } })).toBe(false);
  });

  it('returns error values for bad input instead of throwing', () => {
    for (const src of ['1 +', '(1', 'foo(', '1 / 0', "'a' * 2", 'eval("1")', '"unterminated', '#', '1 ? 2', '']) {
      const r = evaluate(src);
      expect(r.ok, src).toBe(false);
    }
  });

  it('never reaches globals, prototypes or constructors', () => {
    const scope = { form: { a: 1, o: { x: 1 } }, session: {} };
    for (const src of [
      'constructor',
      'form.constructor',
      'form.__proto__',
      'o.constructor.constructor',
      "o['__proto__']",
      "form['toString']",
      'session.hasOwnProperty',
      "''.constructor",
      'globalThis',
      'window',
      'process',
      'this',
      'Function',
    ]) {
      const r = evaluate(src, scope);
      if (r.ok) expect(r.value, src).toBe(null);
    }
    expect(evaluate('Function("return 1")()').ok).toBe(false);
  });

  it('does not read class instances or functions passed in a scope', () => {
    class Secret {
      key = 'k';
    }
    const r = evaluate('s.key', { form: { s: new Secret() as unknown as Record<string, unknown>, f: () => 1 } });
    expect(r).toEqual({ ok: true, value: null });
    expect(evaluate('f', { form: { f: () => 1 } })).toEqual({ ok: true, value: null });
  });

  it('evaluates conditions to false on error and to the default when absent', () => {
    expect(evaluateCondition('1 +', {})).toBe(false);
    expect(evaluateCondition(undefined, {})).toBe(true);
    expect(evaluateCondition('', {}, false)).toBe(false);
    expect(evaluateCondition('qty > 1', { form: { qty: 2 } })).toBe(true);
  });

  it('lists the fields an expression reads', () => {
    expect(referencedFields('qty * price + form.tax - session.x').sort()).toEqual(['price', 'qty', 'tax']);
    expect(referencedFields('1 +')).toEqual([]);
  });

  it('rounds half away from zero', () => {
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(0.12345, 4)).toBe(0.1235);
    expect(roundTo(2.5, 0)).toBe(3);
  });

  it('limits nesting depth without a stack overflow', () => {
    const deep = '('.repeat(5000) + '1' + ')'.repeat(5000);
    expect(evaluate(deep).ok).toBe(false);
    const negs = '-'.repeat(3000) + '1';
    expect(evaluate(negs).ok).toBe(false);
  });

  it('never throws on random text and always answers with a result object', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (src) => {
        const r = evaluate(src, { form: { a: 1, b: 'x' }, session: { dashroles: ['admin'] } });
        expect(typeof r.ok).toBe('boolean');
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on random token soup built from the grammar', () => {
    const token = fc.constantFrom(
      '1', '2.5', "'s'", 'a', 'b', 'form', 'session', 'dashroles', '.', '[', ']', '(', ')', '+', '-', '*', '/', '%',
      '==', '!=', '<', '>=', '&&', '||', '!', '?', ':', ',', 'in', 'round', 'len', 'includes', 'constructor', '__proto__', 'null', 'true',
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 40 }), (tokens) => {
        const src = tokens.join(' ');
        const r = evaluate(src, { form: { a: [1, 2], b: { c: 3 } }, session: { dashroles: ['x'] } });
        expect(typeof r.ok).toBe('boolean');
        if (r.ok) expect(typeof r.value).not.toBe('function');
      }),
      { numRuns: 3000 },
    );
  });

  it('caches compiled expressions', () => {
    expect(compileExpression('a + 1')).toBe(compileExpression('a + 1'));
  });
});
