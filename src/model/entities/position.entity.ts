import { defineEntity, type FieldErrors } from '../entity';

/**
 * Position, spec 3: code, name, user, work percentage, is manager. `user_id` points at the platform's
 * users table (the server resolves the system reference `user` within the tenant).
 */
export const position = defineEntity({
  name: 'position',
  table: 'md_position',
  prefix: 'mdapi',
  menuCode: 'md.position',
  label: { zh: '岗位', en: 'Position' },
  titleField: 'name',
  codeField: 'code',
  defaultSort: { field: 'code', dir: 'asc' },
  fields: [
    { key: 'code', label: { zh: '岗位编码', en: 'Position code' }, type: 'code', required: true, rules: ['english'], upperCase: true, maxLength: 40 },
    { key: 'name', label: { zh: '岗位名称', en: 'Position name' }, type: 'text', required: true, maxLength: 200 },
    { key: 'org_id', label: { zh: '所属组织', en: 'Organisation' }, type: 'reference', ref: { entity: 'org', labelField: 'name', codeField: 'code' } },
    { key: 'user_id', label: { zh: '用户', en: 'User' }, type: 'reference', ref: { entity: 'user', labelField: 'fullname', codeField: 'username' } },
    { key: 'work_percent', label: { zh: '工作占比(%)', en: 'Work percentage' }, type: 'decimal', rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'is_manager', label: { zh: '是否主管', en: 'Manager' }, type: 'boolean', default: false },
  ],
  // The texts of this entity's document checks (registered with the catalogues by defineEntity).
  messages: {
    'zh-CN': {
      'md.position.percentOver100': '工作占比不能超过100',
    },
    en: {
      'md.position.percentOver100': 'Work percentage cannot exceed 100',
    },
  },
  checks: [
    (doc): FieldErrors => (typeof doc.work_percent === 'number' && doc.work_percent > 100 ? { work_percent: 'md.position.percentOver100' } : {}),
  ],
});
