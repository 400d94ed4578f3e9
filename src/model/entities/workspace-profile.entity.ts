import { companyIndustry, companyScale, userGender } from '../account-profile';
import { companyProfileCalls, ownProfileCalls } from '../calls/account-profile';
import { defineViewEntity } from '../entity';

/**
 * The personal area's two profiles as editable view entities (issue 30; spec 3 "user" and "client",
 * spec 7 save-profile): the signed-in user's own row of `users` and their company's row of
 * `clients`, each one record. Their writable fields are the profile forms' (src/model/profile-forms.ts
 * adds spec 3's checks that no rule says); every save goes through the view writer (version, declared
 * fields validated, one UPDATE, audit). The scope (the caller's own row, the caller's company), the
 * company administrator's condition, the e-mail's uniqueness and the audit's names are
 * src/server/services/profile/profile.views.ts; spec 7's addresses are the views' own (`own`).
 */
export const ownProfile = defineViewEntity({
  name: 'ownprofile',
  table: 'users',
  prefix: 'clientinfoapi',
  // Personal: every signed-in user of a company sees it (the writer needs its view right only).
  menuCode: 'workspace.home',
  label: { zh: '个人资料', en: 'My profile' },
  titleField: 'fullname',
  codeField: 'username',
  editable: true,
  // Spec 7's own addresses; the call names no version, so a save is the caller's latest word on their own row.
  own: { read: ownProfileCalls.view.path, save: ownProfileCalls.save.path, latest: true },
  fields: [
    { key: 'username', label: { zh: '账号', en: 'Account' }, type: 'code', readonly: true },
    { key: 'fullname', label: { zh: '姓名', en: 'Full name' }, type: 'text', required: true, maxLength: 50 },
    { key: 'last_name', label: { zh: '姓', en: 'Last name' }, type: 'text', maxLength: 50 },
    { key: 'first_name', label: { zh: '名', en: 'First name' }, type: 'text', maxLength: 50 },
    { key: 'gender', label: { zh: '性别', en: 'Gender' }, type: 'dict', dict: userGender.code, maxLength: 10 },
    { key: 'title', label: { zh: '职务', en: 'Job title' }, type: 'text', maxLength: 50 },
    { key: 'email', label: { zh: '邮箱', en: 'E-mail' }, type: 'email', maxLength: 100 },
    { key: 'mobile', label: { zh: '手机号码', en: 'Mobile number' }, type: 'mobile', maxLength: 20 },
    { key: 'personal_id', label: { zh: '身份证号码', en: 'Resident ID number' }, type: 'text', maxLength: 18, upperCase: true },
    // A number of 0 to 100 with at most four decimals (spec 5 maxDecimals4): the range is the form's check.
    { key: 'user_percent', label: { zh: '工作占比（%）', en: 'Work percentage (%)' }, type: 'decimal' },
    // Set by its own upload (the image checked as images are), never by a save.
    { key: 'avatar', label: { zh: '头像', en: 'Avatar' }, type: 'text', readonly: true },
  ],
});

/** The caller's company (spec 3 "client"), read by its users and changed by its administrator. */
export const companyProfile = defineViewEntity({
  name: 'companyprofile',
  table: 'clients',
  prefix: 'clientinfoapi',
  menuCode: 'workspace.home',
  label: { zh: '企业信息', en: 'Company profile' },
  titleField: 'name',
  codeField: 'code',
  editable: true,
  own: { read: companyProfileCalls.view.path, save: companyProfileCalls.save.path },
  fields: [
    { key: 'code', label: { zh: '企业编码', en: 'Company code' }, type: 'code', readonly: true },
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
    { key: 'type', label: { zh: '企业类型', en: 'Company type' }, type: 'text', readonly: true },
    // Set by its own upload (702x180 or 200x200), never by a save.
    { key: 'logo', label: { zh: '企业标志', en: 'Logo' }, type: 'text', readonly: true },
    // Whether the caller may change it (the company's administrator): computed for the caller by the scope.
    { key: 'can_edit', label: { zh: '可修改', en: 'Editable' }, type: 'boolean', readonly: true },
  ],
});
