import { definePage, ROLES } from '../../src/model';

/**
 * Changeover rules (issue 31): a company sets the setup minutes a line spends by what changes between
 * consecutive plans (family, fabric, colour, style; a pair of families apart); the auto-scheduler reads
 * them (src/server/services/planning/planning.schedule-inputs.ts). Planners and the company's
 * administrators keep them, as they keep the board.
 */
export const changeoverRulePage = definePage({
  opt: 'changeoverrule',
  cata: 'scm',
  kind: 'index',
  entity: 'changeover_rule',
  menu: { group: 'planning', order: 40, roles: [ROLES.planner, ROLES.lineManager, ROLES.clientAdmin, ROLES.admin], companies: ['maker'] },
  title: { zh: '换线规则', en: 'Changeover rules' },
  columns: [{ field: 'change', width: 200, pinned: 'left' }, { field: 'from_family', width: 180 }, { field: 'to_family', width: 180 }, { field: 'minutes', width: 140 }, { field: 'remark', width: 240 }, { field: 'updated_at', width: 170 }],
  actions: [{ kind: 'create' }, { kind: 'edit' }, { kind: 'remove' }, { kind: 'import' }, { kind: 'export' }, { kind: 'history' }, { kind: 'view' }],
  form: [
    {
      modelName: 'base',
      form: [
        { field: 'change', spanClass: 'half' },
        { field: 'minutes', spanClass: 'half' },
        { field: 'from_family', spanClass: 'half' },
        { field: 'to_family', spanClass: 'half' },
        { field: 'remark', spanClass: 'full' },
      ],
    },
  ],
});
