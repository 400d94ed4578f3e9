import { definePage } from '../../src/model';
import { QUALITY_ROLES } from './menu';

/** The defect catalogue (issue 18): code typed at the workstation, category, severity that judges the sample. */
export const defectPage = definePage({
  opt: 'qmdefect',
  cata: 'scm',
  kind: 'index',
  entity: 'defect',
  menu: { group: 'quality', order: 30, roles: QUALITY_ROLES, companies: ['maker'] },
  title: { zh: '疵点库', en: 'Defect catalogue' },
  purpose: { zh: '按类别维护疵点代码与严重程度（致命、严重、轻微），检验工位按代码录入。', en: 'Defect codes by category with their severity (critical, major, minor), typed by code at the inspection station.' },
  columns: [
    { field: 'code', width: 110, pinned: 'left' },
    { field: 'name', width: 180 },
    { field: 'name_en', width: 180 },
    { field: 'category', width: 110 },
    { field: 'severity', width: 110 },
    { field: 'enabled', width: 90 },
    { field: 'updated_at', width: 170 },
  ],
  statusTabs: [
    { key: 'all', label: { zh: '全部', en: 'All' }, filter: {} },
    { key: 'critical', label: { zh: '致命', en: 'Critical' }, filter: { severity: 'critical' } },
    { key: 'major', label: { zh: '严重', en: 'Major' }, filter: { severity: 'major' } },
    { key: 'minor', label: { zh: '轻微', en: 'Minor' }, filter: { severity: 'minor' } },
  ],
  actions: [{ kind: 'create' }, { kind: 'edit' }, { kind: 'remove' }, { kind: 'import' }, { kind: 'export' }, { kind: 'history' }],
  quickSearch: ['code', 'name'],
  form: [
    {
      modelName: 'base',
      form: [
        { field: 'code', spanClass: 'half' },
        { field: 'name', spanClass: 'half' },
        { field: 'name_en', spanClass: 'half' },
        { field: 'category', spanClass: 'half' },
        { field: 'severity', spanClass: 'half' },
        { field: 'enabled', spanClass: 'half' },
        { field: 'remark', spanClass: 'full' },
      ],
    },
  ],
});
