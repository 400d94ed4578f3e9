import { defineDictionary } from './dictionaries';
import { vendorScale } from './dictionaries-masterdata';
import type { FieldDef } from './entity';
import { validateField, type MessageRef } from './validate';

/**
 * The company's and the user's profile (spec 3 "client": industry, scale, logo, tax code, legal
 * person, business scope, address fields; "user": names, gender, title, avatar, personal ID, user
 * percent), read by the sign-up's company step, the company profile page, the user's profile page
 * and the server that checks them. Pure: each check answers a message key or null.
 */

export const companyIndustry = defineDictionary({
  code: 'company_industry',
  label: { zh: '所属行业', en: 'Industry' },
  items: [
    { value: 'apparel_brand', label: { zh: '服装品牌', en: 'Apparel brand' } },
    { value: 'garment_making', label: { zh: '成衣制造', en: 'Garment making' } },
    { value: 'fabric', label: { zh: '面料', en: 'Fabrics' } },
    { value: 'trims', label: { zh: '辅料', en: 'Trims and accessories' } },
    { value: 'textile_dyeing', label: { zh: '纺织印染', en: 'Textiles and dyeing' } },
    { value: 'trading', label: { zh: '贸易', en: 'Trading' } },
    { value: 'retail', label: { zh: '零售', en: 'Retail' } },
    { value: 'other', label: { zh: '其他', en: 'Other' } },
  ],
});

/** The company scale reuses the vendor scale's dictionary (spec 3: the same headcount bands). */
export const companyScale = vendorScale;

export const userGender = defineDictionary({
  code: 'user_gender',
  label: { zh: '性别', en: 'Gender' },
  items: [
    { value: 'male', label: { zh: '男', en: 'Male' } },
    { value: 'female', label: { zh: '女', en: 'Female' } },
  ],
});

/** The company's profile fields beside its names (their declaration: companyProfileForm in profile-forms.ts). */
export const COMPANY_PROFILE_FIELDS = ['industry', 'scale', 'tax_code', 'legal_person', 'business_scope', 'province', 'city', 'address'] as const;
export type CompanyProfileField = (typeof COMPANY_PROFILE_FIELDS)[number];
/** Asked for in the sign-up's company step (the platform's reviewer reads them). */
export const COMPANY_REQUIRED_FIELDS: readonly CompanyProfileField[] = ['industry', 'scale', 'tax_code', 'legal_person'];

/** The user's own profile fields besides name, e-mail and mobile (their declaration: ownProfileForm in profile-forms.ts). */
export type UserProfileField = 'first_name' | 'last_name' | 'gender' | 'title' | 'personal_id' | 'user_percent';

const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** A unified social credit code (GB 32100-2015: 18 characters, the last one a check character). */
export function isTaxCode(value: string): boolean {
  const v = value.trim().toUpperCase();
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(v)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CHARS.indexOf(v[i]) * CREDIT_WEIGHTS[i];
  return CREDIT_CHARS[(31 - (sum % 31)) % 31] === v[17];
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** A mainland resident ID number (GB 11643: 18 characters, a real birth date, the check character). */
export function isPersonalId(value: string): boolean {
  const v = value.trim().toUpperCase();
  if (!/^[1-9]\d{5}(19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{3}[\dX]$/.test(v)) return false;
  const y = Number(v.slice(6, 10));
  const m = Number(v.slice(10, 12));
  const d = Number(v.slice(12, 14));
  const born = new Date(Date.UTC(y, m - 1, d));
  if (born.getUTCMonth() !== m - 1 || born.getUTCDate() !== d) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(v[i]) * ID_WEIGHTS[i];
  return ID_CHECK[sum % 11] === v[17];
}

/** A work percentage: 0 to 100 with at most four decimals (spec 5 maxDecimals4). */
export function percentError(value: string): string | null {
  const v = value.trim();
  if (!/^\d+(\.\d+)?$/.test(v)) return 'rule.number';
  if (!/^\d+(\.\d{1,4})?$/.test(v)) return 'rule.maxDecimals4';
  const n = Number(v);
  return n >= 0 && n <= 100 ? null : 'account.percentRange';
}

/**
 * A profile form declared once (src/model/profile-forms.ts): its fields as an entity declares them,
 * and by field the check that no rule of the catalogue says (a message key, or null), run on a
 * value its field already took.
 */
export type ProfileFormDef = { name: string; fields: readonly FieldDef[]; checks?: Readonly<Record<string, (value: string) => string | null>> };

/**
 * The values of a declared form that a body gives, each checked by its field's declaration (the
 * engine's `validateField`: trim, upper case, type, rules, longest text, dictionary) and then by the
 * form's check. A key that is absent stays as it is; an empty value clears the field (null); every
 * error is collected on its field, so one answer names all of them.
 *
 * Example: `profileFormValues(ownProfileForm, { fullname: ' ' }).errors.fullname.key === 'rule.required'`.
 */
export function profileFormValues(form: ProfileFormDef, input: Readonly<Record<string, unknown>>, only?: readonly string[]): { values: Record<string, unknown>; errors: Record<string, MessageRef> } {
  const values: Record<string, unknown> = {};
  const errors: Record<string, MessageRef> = {};
  for (const field of form.fields) {
    const raw = input[field.key];
    if (raw === undefined || (only && !only.includes(field.key))) continue;
    if (raw !== null && typeof raw !== 'string' && !(typeof raw === 'number' && Number.isFinite(raw))) {
      errors[field.key] = { key: 'access.invalidValue' };
      continue;
    }
    const { value, error } = validateField(field, raw);
    const checked = error ?? (value === null ? null : form.checks?.[field.key]?.(String(value)));
    if (checked) errors[field.key] = typeof checked === 'string' ? { key: checked } : checked;
    else values[field.key] = value;
  }
  return { values, errors };
}
