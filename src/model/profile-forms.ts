import { companyIndustry, companyScale, isPersonalId, isTaxCode, percentError, userGender, type ProfileFormDef } from './account-profile';

/**
 * The personal area's two profile forms, declared once (issue 30): each field as an entity declares
 * its fields (label, type, longest text, required, rules through its type, dictionary, upper case),
 * and the checks of spec 3 that no rule of the catalogue says. The server reads save-profile's and
 * the company profile save's bodies through them (`profileFormValues`, the engine's field
 * validation), the browser draws and checks its forms from them, so both say the same thing.
 */

/** The user's own profile (spec 7 save-profile; spec 3 "user": names, gender, title, personal ID, work percentage). */
export const ownProfileForm: ProfileFormDef = {
  name: 'ownprofile',
  fields: [
    { key: 'fullname', label: { zh: '姓名', en: 'Full name' }, type: 'text', required: true, maxLength: 50 },
    { key: 'last_name', label: { zh: '姓', en: 'Last name' }, type: 'text', maxLength: 50 },
    { key: 'first_name', label: { zh: '名', en: 'First name' }, type: 'text', maxLength: 50 },
    { key: 'gender', label: { zh: '性别', en: 'Gender' }, type: 'dict', dict: userGender.code, maxLength: 10 },
    { key: 'title', label: { zh: '职务', en: 'Job title' }, type: 'text', maxLength: 50 },
    { key: 'email', label: { zh: '邮箱', en: 'E-mail' }, type: 'email', maxLength: 100 },
    { key: 'mobile', label: { zh: '手机号码', en: 'Mobile number' }, type: 'mobile', maxLength: 20 },
    { key: 'personal_id', label: { zh: '身份证号码', en: 'Resident ID number' }, type: 'text', maxLength: 18, upperCase: true },
    // A number of 0 to 100 with at most four decimals (spec 5 maxDecimals4): the range is the check below.
    { key: 'user_percent', label: { zh: '工作占比（%）', en: 'Work percentage (%)' }, type: 'decimal' },
  ],
  checks: {
    personal_id: (v) => (isPersonalId(v) ? null : 'account.personalIdFormat'),
    user_percent: percentError,
  },
};

/**
 * The company profile (spec 3 "client"), changed by the company's administrator. The sign-up's
 * company step asks the fields of `COMPANY_REQUIRED_FIELDS` from the same declaration.
 */
export const companyProfileForm: ProfileFormDef = {
  name: 'companyprofile',
  fields: [
    { key: 'name', label: { zh: '企业简称', en: 'Short name' }, type: 'text', required: true, maxLength: 100 },
    { key: 'full_name', label: { zh: '企业全称', en: 'Full name' }, type: 'text', maxLength: 200 },
    { key: 'industry', label: { zh: '所属行业', en: 'Industry' }, type: 'dict', dict: companyIndustry.code, maxLength: 40 },
    { key: 'scale', label: { zh: '企业规模', en: 'Scale' }, type: 'dict', dict: companyScale.code, maxLength: 40 },
    { key: 'tax_code', label: { zh: '统一社会信用代码', en: 'Unified social credit code' }, type: 'text', maxLength: 18, upperCase: true },
    { key: 'legal_person', label: { zh: '法定代表人', en: 'Legal representative' }, type: 'text', maxLength: 50 },
    { key: 'province', label: { zh: '省份', en: 'Province' }, type: 'text', maxLength: 50 },
    { key: 'city', label: { zh: '城市', en: 'City' }, type: 'text', maxLength: 50 },
    { key: 'address', label: { zh: '详细地址', en: 'Address' }, type: 'text', maxLength: 200 },
    { key: 'business_scope', label: { zh: '经营范围', en: 'Business scope' }, type: 'textarea', maxLength: 500 },
  ],
  checks: {
    tax_code: (v) => (isTaxCode(v) ? null : 'account.taxCodeFormat'),
  },
};
