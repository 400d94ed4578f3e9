/**
 * The rule catalogue of generated forms (spec 5 "Rule types of generated forms"), shared by the
 * browser's form drawer and the server's validation. Each rule passes on an empty value unless it
 * is `required` (spec: "an empty value passes unless stated").
 *
 * Example: `checkRule('telephone', '13812345678') === true`.
 */
export const RULE_TYPES = [
  'required',
  'email',
  'chinese',
  'maxDecimals4',
  'english',
  'capitalEnglish',
  'datetime',
  'date',
  'time',
  'interger',
  'naturalNumber',
  'positiveNumber',
  'gt0Number',
  'telephone',
  'pwd',
  'pwdstrong',
] as const;

export type RuleType = (typeof RULE_TYPES)[number];

/** A rule as it appears in a form field's `validations` list (spec 3). */
export type Validation = { type: RuleType; message?: string };

export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

const DATE = '\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])';
const TIME = '([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d';
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** A pattern per rule that is a plain pattern; the numeric rules are written as functions below. */
const PATTERNS: Partial<Record<RuleType, RegExp>> = {
  email: /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*@[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/,
  maxDecimals4: /^\d+(\.\d{1,4})?$/,
  english: /^[A-Za-z0-9_@-]+$/,
  capitalEnglish: /^[A-Z0-9_.@-]+$/,
  datetime: new RegExp(`^${DATE} ${TIME}$`),
  date: new RegExp(`^${DATE}$`),
  time: new RegExp(`^${TIME}$`),
  interger: /^[1-9]\d*$/,
  naturalNumber: /^(0|[1-9]\d*)$/,
  telephone: /^1[3-9]\d{9}$/,
  pwd: /^(?=.*\d)(?=.*[A-Za-z]).{6,20}$/,
  pwdstrong: /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{6,20}$/,
};

/**
 * CJK unified ideographs: extension A, the basic block, compatibility ideographs, and the
 * supplementary planes (extensions B to F, rare surnames such as 𠀀 typed through an IME).
 */
const CHINESE = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u{20000}-\u{2fa1f}\u{30000}-\u{323af}]/u;

type RuleCheck = (text: string) => boolean;

const CHECKS: Record<RuleType, RuleCheck> = {
  required: (text) => text.trim() !== '',
  email: (text) => PATTERNS.email!.test(text),
  chinese: (text) => !CHINESE.test(text),
  maxDecimals4: (text) => PATTERNS.maxDecimals4!.test(text),
  english: (text) => PATTERNS.english!.test(text),
  capitalEnglish: (text) => PATTERNS.capitalEnglish!.test(text),
  datetime: (text) => PATTERNS.datetime!.test(text),
  date: (text) => PATTERNS.date!.test(text),
  time: (text) => PATTERNS.time!.test(text),
  interger: (text) => PATTERNS.interger!.test(text),
  naturalNumber: (text) => PATTERNS.naturalNumber!.test(text),
  positiveNumber: (text) => NUMBER.test(text.trim()) && Number(text) >= 0,
  gt0Number: (text) => NUMBER.test(text.trim()) && Number(text) > 0,
  telephone: (text) => PATTERNS.telephone!.test(text),
  pwd: (text) => PATTERNS.pwd!.test(text),
  pwdstrong: (text) => PATTERNS.pwdstrong!.test(text),
};

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.length ? 'x' : '';
  return value == null ? '' : JSON.stringify(value);
}

/** True when `value` satisfies `rule`. Empty values pass every rule but `required`. */
export function checkRule(rule: RuleType, value: unknown): boolean {
  if (rule === 'required') return !isEmptyValue(value);
  if (isEmptyValue(value)) return true;
  return CHECKS[rule](asText(value));
}

/** The i18n key of each rule's default message (catalogues in src/model/i18n). */
export const RULE_MESSAGE_KEYS: Record<RuleType, string> = {
  required: 'rule.required',
  email: 'rule.email',
  chinese: 'rule.chinese',
  maxDecimals4: 'rule.maxDecimals4',
  english: 'rule.english',
  capitalEnglish: 'rule.capitalEnglish',
  datetime: 'rule.datetime',
  date: 'rule.date',
  time: 'rule.time',
  interger: 'rule.interger',
  naturalNumber: 'rule.naturalNumber',
  positiveNumber: 'rule.positiveNumber',
  gt0Number: 'rule.gt0Number',
  telephone: 'rule.telephone',
  pwd: 'rule.pwd',
  pwdstrong: 'rule.pwdstrong',
};

/**
 * Runs a field's validations in order and returns the message of the LAST failing rule
 * (spec 5 "Behaviour on submit": the last failing rule's message is shown), or null.
 * `translate` turns a message key into text; a configured message wins over the default.
 */
export function validateValue(
  validations: readonly Validation[],
  value: unknown,
  translate: (key: string) => string,
): string | null {
  let failed: string | null = null;
  for (const v of validations) {
    if (!checkRule(v.type, value)) failed = v.message ?? translate(RULE_MESSAGE_KEYS[v.type]);
  }
  return failed;
}
