import type { Label } from './entity';

/**
 * Role codes of spec 6. `dashroles` in the session is the list of a user's codes; form conditions
 * (dashrolesLimits) and menu visibility read them, the server enforces permissions by them.
 */
export const ROLES = {
  superAdmin: 'superadmin',
  clientAdmin: 'clientadmin',
  admin: 'admin',
  common: 'common',
  invited: 'invited',
  guest: 'guest',
  unassigned: 'unassigned',
  planner: 'planner',
  lineManager: 'linemanager',
  lineMember: 'linemember',
  evaluator: 'evaluator',
  finance: 'finance',
} as const;

export type RoleCode = (typeof ROLES)[keyof typeof ROLES];

export const ROLE_LABELS: Record<RoleCode, Label> = {
  superadmin: { zh: '超级管理员', en: 'Super administrator' },
  clientadmin: { zh: '企业管理员', en: 'Client administrator' },
  admin: { zh: '管理员', en: 'Admin' },
  common: { zh: '普通用户', en: 'Common user' },
  invited: { zh: '受邀用户', en: 'Invited user' },
  guest: { zh: '访客', en: 'Guest' },
  unassigned: { zh: '未分配', en: 'Unassigned' },
  planner: { zh: '计划员', en: 'Planner' },
  linemanager: { zh: '产线主管', en: 'Line manager' },
  linemember: { zh: '产线成员', en: 'Workline member' },
  evaluator: { zh: '评估成员', en: 'Evaluation member' },
  finance: { zh: '财务', en: 'Finance' },
};
