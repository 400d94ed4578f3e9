import type { PageDef } from '../../../../model/page';
import type { EntityDef } from '../../../../model/entity';

/** Dates, months, date and time, and a yes/no switch; a default may be a token ($$NOW$$ is today). */
export const entity: EntityDef = {
  name: 'gallery_dates',
  table: 'gallery_dates',
  prefix: 'gallery',
  menuCode: 'admin.gallery',
  label: { zh: '日期示例', en: 'Date sample' },
  titleField: 'due',
  fields: [
    { key: 'due', label: { zh: '交货日期', en: 'Delivery date' }, type: 'date', required: true, default: '$$NOW$$' },
    { key: 'period', label: { zh: '月份', en: 'Month' }, type: 'month', default: '$$MONTH$$' },
    { key: 'meeting', label: { zh: '会议时间', en: 'Meeting at' }, type: 'datetime' },
    { key: 'urgent', label: { zh: '加急', en: 'Urgent' }, type: 'boolean', default: false },
  ],
};

export const page: PageDef = {
  opt: 'gallery-dates',
  cata: 'visual',
  kind: 'page',
  entity: 'gallery_dates',
  menuCode: 'admin.gallery',
  title: { zh: '日期与开关', en: 'Dates and switches' },
  columns: [],
  form: [
    {
      modelName: 'dates',
      form: [
        { field: 'due' },
        { field: 'period' },
        { field: 'meeting' },
        // Shown only when a delivery date is set (a condition over the form's values).
        { field: 'urgent', visible: { selfFormExpression: 'due' } },
      ],
    },
  ],
};
