import { defineEntity, type FieldErrors } from '../entity';

/** A member (operator) of a production line (spec: line members). */
export const worklineMember = defineEntity({
  name: 'workline_member',
  table: 'md_workline_member',
  prefix: 'mdapi',
  menuCode: 'md.workline',
  label: { zh: '产线成员', en: 'Line member' },
  titleField: 'member_name',
  childOnly: true,
  fields: [
    { key: 'member_name', label: { zh: '姓名', en: 'Name' }, type: 'text', required: true, maxLength: 60 },
    { key: 'employee_no', label: { zh: '工号', en: 'Employee no.' }, type: 'code', rules: ['english'], maxLength: 40 },
    { key: 'user_id', label: { zh: '平台用户', en: 'Platform user' }, type: 'reference', ref: { entity: 'user', labelField: 'fullname', codeField: 'username' } },
    { key: 'skill', label: { zh: '技能', en: 'Skill' }, type: 'text', maxLength: 60 },
    { key: 'is_leader', label: { zh: '组长', en: 'Leader' }, type: 'boolean', default: false },
    { key: 'join_date', label: { zh: '入线日期', en: 'Joined on' }, type: 'date', default: '$$NOW$$' },
  ],
});

/**
 * Capacity of a line for a day or a month (spec: line capacity), in pieces or standard minutes
 * (DOMAIN "Capacity": counted in SAM minutes or, more roughly, in pieces).
 */
export const worklineCapacity = defineEntity({
  name: 'workline_capacity',
  table: 'md_workline_capacity',
  prefix: 'mdapi',
  menuCode: 'md.workline',
  label: { zh: '产线产能', en: 'Line capacity' },
  titleField: 'cap_date',
  childOnly: true,
  defaultSort: { field: 'cap_date', dir: 'asc' },
  fields: [
    { key: 'cap_date', label: { zh: '日期', en: 'Date' }, type: 'date' },
    { key: 'cap_month', label: { zh: '月份', en: 'Month' }, type: 'month' },
    { key: 'capacity_pcs', label: { zh: '产能(件)', en: 'Capacity (pcs)' }, type: 'integer', rules: ['naturalNumber'] },
    { key: 'capacity_minutes', label: { zh: '产能(分钟)', en: 'Capacity (minutes)' }, type: 'decimal', rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'text', maxLength: 200 },
  ],
  // The texts of this entity's document checks (registered with the catalogues by defineEntity).
  messages: {
    'zh-CN': {
      'md.capacity.dateOrMonth': '请填写日期或月份其中之一',
      'md.capacity.pcsOrMinutes': '请填写产能件数或分钟数',
    },
    en: {
      'md.capacity.dateOrMonth': 'Fill in either a date or a month',
      'md.capacity.pcsOrMinutes': 'Fill in capacity in pieces or in minutes',
    },
  },
  checks: [
    (doc) => {
      const blank = (k: string) => doc[k] === null || doc[k] === undefined || doc[k] === '';
      const errors: Record<string, string> = {};
      if (blank('cap_date') === blank('cap_month')) errors.cap_date = 'md.capacity.dateOrMonth';
      if (blank('capacity_pcs') && blank('capacity_minutes')) errors.capacity_pcs = 'md.capacity.pcsOrMinutes';
      return errors;
    },
  ],
});

/**
 * Standard minutes per piece (SAM) of a category on a line (issue 11: line settings): a plan of that
 * category on this line takes these minutes per piece instead of the plan's own.
 */
export const worklineSam = defineEntity({
  name: 'workline_sam',
  table: 'md_workline_sam',
  prefix: 'mdapi',
  menuCode: 'md.workline',
  label: { zh: '品类标准工时', en: 'Standard minutes by category' },
  titleField: 'category',
  childOnly: true,
  fields: [
    { key: 'category', label: { zh: '品类', en: 'Category' }, type: 'dict', dict: 'product_category', required: true },
    { key: 'sam', label: { zh: '单件标准工时(分钟)', en: 'Standard minutes per piece' }, type: 'decimal', required: true, rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'text', maxLength: 200 },
  ],
});

/**
 * A learning curve as text: the output of the first days of a new style on the line in percent of full
 * output, e.g. `60,80,90` (day 1 60 %, day 2 80 %, day 3 90 %, then 100 %). Empty: no learning curve.
 * At most 15 days, each a whole number 1..100. Returns the percentages, or null when malformed.
 */
export function parseLearningCurve(text: unknown): number[] | null {
  if (text === null || text === undefined || text === '') return [];
  if (typeof text !== 'string') return null;
  const t = text.replace(/\s+/g, '').replace(/，/g, ',');
  if (!t) return [];
  if (!/^\d{1,3}(,\d{1,3}){0,14}$/.test(t)) return null;
  const days = t.split(',').map(Number);
  return days.every((d) => d >= 1 && d <= 100) ? days : null;
}

/** Production (sewing) line, spec 3: line code, name; with its members and its capacity calendar. */
export const workline = defineEntity({
  name: 'workline',
  table: 'md_workline',
  prefix: 'mdapi',
  menuCode: 'md.workline',
  label: { zh: '产线', en: 'Production line' },
  titleField: 'name',
  codeField: 'code',
  defaultSort: { field: 'code', dir: 'asc' },
  children: [
    { key: 'members', label: { zh: '产线成员', en: 'Line members' }, entity: 'workline_member', foreignKey: 'workline_id' },
    { key: 'capacities', label: { zh: '产线产能', en: 'Line capacity' }, entity: 'workline_capacity', foreignKey: 'workline_id' },
    { key: 'sams', label: { zh: '品类标准工时', en: 'Standard minutes by category' }, entity: 'workline_sam', foreignKey: 'workline_id' },
  ],
  fields: [
    { key: 'code', label: { zh: '产线编码', en: 'Line code' }, type: 'code', required: true, rules: ['english'], upperCase: true, maxLength: 40 },
    { key: 'name', label: { zh: '产线名称', en: 'Line name' }, type: 'text', required: true, maxLength: 200 },
    { key: 'workshop_id', label: { zh: '所属车间', en: 'Workshop' }, type: 'reference', ref: { entity: 'workshop', labelField: 'name', codeField: 'code' } },
    { key: 'plant_id', label: { zh: '所属工厂', en: 'Plant' }, type: 'reference', ref: { entity: 'plant', labelField: 'name', codeField: 'code' } },
    { key: 'operators', label: { zh: '标准人数', en: 'Operators' }, type: 'integer', rules: ['naturalNumber'] },
    { key: 'work_minutes', label: { zh: '日工作分钟', en: 'Working minutes per day' }, type: 'integer', rules: ['naturalNumber'], default: 480 },
    { key: 'efficiency', label: { zh: '效率(%)', en: 'Efficiency (%)' }, type: 'decimal', rules: ['positiveNumber', 'maxDecimals4'], default: 85 },
    { key: 'categories', label: { zh: '可做品类（空=不限）', en: 'Categories it can make (empty = any)' }, type: 'multidict', dict: 'product_category' },
    { key: 'line_manager', label: { zh: '产线主管', en: 'Line manager' }, type: 'text', maxLength: 60 },
    { key: 'learning_curve', label: { zh: '学习曲线(首几天产出%)', en: 'Learning curve (output % of first days)' }, type: 'text', maxLength: 60 },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 1000 },
  ],
  messages: {
    'zh-CN': { 'md.workline.badLearning': '学习曲线请填写1~100的整数百分比，用逗号分隔，最多15天，如 60,80,90' },
    en: { 'md.workline.badLearning': 'Enter the learning curve as whole percentages 1-100 separated by commas, at most 15 days, e.g. 60,80,90' },
  },
  // Issue 11: the learning curve is read by the auto-scheduler; a malformed one is refused, not ignored.
  checks: [(doc): FieldErrors => (parseLearningCurve(doc.learning_curve) === null ? { learning_curve: 'md.workline.badLearning' } : {})],
});
