import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkRule, RULE_MESSAGE_KEYS, RULE_TYPES, validateValue, type RuleType } from './rules';
import { translate } from './i18n';

/**
 * The rule catalogue of spec 5, edge by edge. Each row: rule, input, whether it passes. Every rule
 * but `required` lets an empty value pass (spec: "an empty value passes unless stated").
 */
const CASES: Array<[RuleType, unknown, boolean]> = [
  // required: fails on null or empty (blank text counts as empty, 0 and false do not)
  ['required', null, false],
  ['required', undefined, false],
  ['required', '', false],
  ['required', '   ', false],
  ['required', [], false],
  ['required', 0, true],
  ['required', false, true],
  ['required', 'x', true],
  // email
  ['email', 'li.na_01@yue-yi.com.cn', true],
  ['email', 'a@b.c', true],
  ['email', 'buyer@localhost', false],
  ['email', 'buyer.@x.com', false],
  ['email', 'buyer@@x.com', false],
  ['email', 'bu yer@x.com', false],
  ['email', '李@x.com', false],
  ['email', 'a+b@x.com', false],
  // chinese: fails if any Chinese character is present
  ['chinese', 'zhang.san', true],
  ['chinese', 'zhang三', false],
  ['chinese', '中', false],
  ['chinese', '㐀', false],
  ['chinese', '\u{20000}', false],
  ['chinese', 'ｚｈａｎｇ', true],
  ['chinese', '，', true],
  // maxDecimals4: digits with up to 4 decimals; leading zeros are digits too
  ['maxDecimals4', '12', true],
  ['maxDecimals4', '0012.5', true],
  ['maxDecimals4', '1.2345', true],
  ['maxDecimals4', '1.23456', false],
  ['maxDecimals4', '1.', false],
  ['maxDecimals4', '.5', false],
  ['maxDecimals4', '-1.5', false],
  ['maxDecimals4', 12.5, true],
  ['maxDecimals4', 0.00001, false],
  // english: letters, digits, underscore, @, hyphen only
  ['english', 'Ab_9@x-y', true],
  ['english', 'a b', false],
  ['english', 'a.b', false],
  ['english', '货号1', false],
  // capitalEnglish: capital letters, digits, underscore, dot, @, hyphen
  ['capitalEnglish', 'AB_9.X@Y-Z', true],
  ['capitalEnglish', 'ABc', false],
  ['capitalEnglish', 'A B', false],
  // datetime: YYYY-MM-DD HH:mm:ss; month 01-12, day 01-31, hour 00-23 (the rule follows spec 5 literally)
  ['datetime', '2026-12-31 23:59:59', true],
  ['datetime', '2026-02-31 00:00:00', true],
  ['datetime', '2026-13-01 00:00:00', false],
  ['datetime', '2026-12-32 00:00:00', false],
  ['datetime', '2026-12-00 00:00:00', false],
  ['datetime', '2026-12-31 24:00:00', false],
  ['datetime', '2026-12-31 23:60:00', false],
  ['datetime', '2026-12-31T23:59:59', false],
  ['datetime', '2026-12-31', false],
  // date: day 01 to 31 in every month (the calendar check is the field type's, see field-types.test.ts)
  ['date', '2026-01-31', true],
  ['date', '2026-04-31', true],
  ['date', '2026-02-31', true],
  ['date', '2026-01-32', false],
  ['date', '2026-00-10', false],
  ['date', '2026-1-5', false],
  ['date', '26-01-05', false],
  ['date', '2026/01/05', false],
  // time
  ['time', '00:00:00', true],
  ['time', '23:59:59', true],
  ['time', '24:00:00', false],
  ['time', '12:60:00', false],
  ['time', '9:00:00', false],
  // interger: positive integer without leading zero
  ['interger', '1', true],
  ['interger', '120', true],
  ['interger', '0', false],
  ['interger', '012', false],
  ['interger', '1.0', false],
  ['interger', '-3', false],
  ['interger', 7, true],
  // naturalNumber: zero or positive integer
  ['naturalNumber', '0', true],
  ['naturalNumber', '10', true],
  ['naturalNumber', '00', false],
  ['naturalNumber', '007', false],
  ['naturalNumber', '-1', false],
  ['naturalNumber', '1.5', false],
  // positiveNumber: not below 0
  ['positiveNumber', '0', true],
  ['positiveNumber', '0.0001', true],
  ['positiveNumber', '-0.0001', false],
  ['positiveNumber', 'abc', false],
  ['positiveNumber', '1e3', false],
  // gt0Number: above 0
  ['gt0Number', '0.0001', true],
  ['gt0Number', '0', false],
  ['gt0Number', '0.0000', false],
  ['gt0Number', '-5', false],
  // telephone: mainland mobile, 11 digits, 1 then 3 to 9
  ['telephone', '13012345678', true],
  ['telephone', '19912345678', true],
  ['telephone', '12912345678', false],
  ['telephone', '10012345678', false],
  ['telephone', '1391234567', false],
  ['telephone', '139123456789', false],
  ['telephone', '+8613912345678', false],
  ['telephone', '139 1234 5678', false],
  // pwd: a digit and a letter, 6 to 20 characters
  ['pwd', 'abc123', true],
  ['pwd', 'ab12', false],
  ['pwd', 'abcdefg', false],
  ['pwd', '1234567', false],
  ['pwd', 'a1'.repeat(10), true],
  ['pwd', `${'a1'.repeat(10)}x`, false],
  // pwdstrong: digit, upper and lower case, 6 to 20
  ['pwdstrong', 'Abc123', true],
  ['pwdstrong', 'abc123', false],
  ['pwdstrong', 'ABC123', false],
  ['pwdstrong', 'Abcdef', false],
  ['pwdstrong', 'Ab1', false],
];

describe('rule catalogue (spec 5)', () => {
  it.each(CASES)('%s(%j) is %s', (rule, input, passes) => {
    expect(checkRule(rule, input)).toBe(passes);
  });

  it('every rule but required lets an empty value pass', () => {
    for (const rule of RULE_TYPES) {
      if (rule === 'required') continue;
      for (const empty of [null, undefined, '', '  ', []]) expect(checkRule(rule, empty), `${rule} ${JSON.stringify(empty)}`).toBe(true);
    }
  });

  it('every rule has its message in both languages', () => {
    for (const rule of RULE_TYPES) {
      const key = RULE_MESSAGE_KEYS[rule];
      expect(translate('zh-CN', key)).not.toBe(key);
      expect(translate('en', key)).not.toBe(key);
    }
  });

  it('every 11-digit number starting 13 to 19 is a mobile, and 10, 11, 12 are not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 19 }), fc.integer({ min: 0, max: 999999999 }), (head, tail) => {
        const n = `${head}${String(tail).padStart(9, '0')}`;
        expect(checkRule('telephone', n)).toBe(head >= 13);
      }),
    );
  });

  it('maxDecimals4 agrees with counting the decimals', () => {
    fc.assert(
      fc.property(fc.nat({ max: 99999 }), fc.stringMatching(/^\d{0,6}$/), (whole, fraction) => {
        const text = fraction ? `${whole}.${fraction}` : String(whole);
        expect(checkRule('maxDecimals4', text)).toBe(fraction.length <= 4);
      }),
    );
  });

  describe('validateValue: the LAST failing rule gives the message (spec 5)', () => {
    const t = (key: string) => `<${key}>`;
    it.each([
      { name: 'both fail, the later wins', rules: ['english', 'capitalEnglish'] as RuleType[], value: 'a b', want: '<rule.capitalEnglish>' },
      { name: 'only the earlier fails', rules: ['english', 'capitalEnglish'] as RuleType[], value: 'abc', want: '<rule.capitalEnglish>' },
      { name: 'only the first fails', rules: ['chinese', 'english'] as RuleType[], value: 'a.b', want: '<rule.english>' },
      { name: 'none fails', rules: ['english', 'capitalEnglish'] as RuleType[], value: 'AB', want: null },
      { name: 'required then a pattern on empty: required wins', rules: ['required', 'email'] as RuleType[], value: '', want: '<rule.required>' },
    ])('$name', ({ rules, value, want }) => {
      expect(validateValue(rules.map((type) => ({ type })), value, t)).toBe(want);
    });
    it('a configured message wins over the default', () => {
      expect(validateValue([{ type: 'required', message: '请填写供应商' }], '', t)).toBe('请填写供应商');
    });
  });
});
