import { ROLES } from '../../model/roles';

/**
 * The permission model of spec 6, as pure functions (no database): roles grant verbs on menu codes;
 * data permissions (field, operator, value) bound per menu code narrow the rows.
 *
 * Verbs: view, create, edit, delete, import, export, and one per state-machine action as
 * `action:<name>` (`action` alone grants every action of the menu).
 */
export const BASE_VERBS = ['view', 'create', 'edit', 'delete', 'import', 'export'] as const;
export type BaseVerb = (typeof BASE_VERBS)[number];
export type PermissionVerb = BaseVerb | 'action' | `action:${string}`;

export function isPermissionVerb(v: unknown): v is PermissionVerb {
  return typeof v === 'string' && ((BASE_VERBS as readonly string[]).includes(v) || v === 'action' || /^action:[a-zA-Z][\w-]{0,60}$/.test(v));
}

/** Menu codes of the administration area: only administrators reach them by default. */
export const isAdminMenu = (menuCode: string): boolean => menuCode.startsWith('admin.') || menuCode === 'workspace.outbox';
/** Menu codes only the super administrator reaches (sign-up approval, clients, system settings). */
export const isSuperMenu = (menuCode: string): boolean => menuCode.startsWith('admin.sys.');

const ALL: readonly PermissionVerb[] = [...BASE_VERBS, 'action'];
const READ: readonly PermissionVerb[] = ['view', 'export'];

/**
 * Finance (issue 29): works its statements and period rates, decides the approvals that reach it,
 * and takes part in the collaboration (notices, chat, exceptions); reads, without changing them, the
 * documents it reconciles and pays against (purchase contracts and orders, the orders a supplier
 * receives, a brand's requirement orders, a maker's customer orders), the stock it values, the
 * partners and materials they name, and the reports of spend, prices and vendors with the control
 * tower. Not the allocation workbench, planning, production, quality, sourcing or development.
 */
const FINANCE_WORK = ['fin.', 'wf.', 'dyn.', 'collab.'];
export const FINANCE_READ: ReadonlySet<string> = new Set([
  'pur.contract', 'pur.order', 'pur.supplierorder', 'scm.prorder', 'scm.customerorder', 'wms.stock', 'wms.ledger',
  'md.vendor', 'md.customer', 'md.material', 'md.company', 'md.org',
  'rpt.control-tower', 'rpt.purchase-spend', 'rpt.material-price-trend', 'rpt.vendor-scorecard', 'rpt.stock-by-location',
  'rpt.pr-order-book', 'rpt.order-book', 'rpt.open-exceptions', 'rpt.import-history',
  'rpt.supplier-order-book', 'rpt.supplier-dispatch',
]);
const financeGrant = (m: string): readonly PermissionVerb[] => {
  if (isAdminMenu(m)) return [];
  if (FINANCE_WORK.some((p) => m.startsWith(p))) return ALL;
  return FINANCE_READ.has(m) ? READ : [];
};

/**
 * What each system role of spec 6 grants, by menu code. Declared here rather than stored so every
 * tenant starts from the same defaults; a tenant shapes access with its own menu roles (stored in
 * role_grants) and data permissions. Roles add up: a user may do what any of their roles grants.
 */
export const SYSTEM_ROLE_GRANTS: Record<string, (menuCode: string) => readonly PermissionVerb[]> = {
  [ROLES.superAdmin]: () => ALL,
  // Client administrator: the client backend and set-up, and all company data (spec 6).
  [ROLES.clientAdmin]: (m) => (isSuperMenu(m) ? [] : ALL),
  [ROLES.admin]: (m) => (isSuperMenu(m) ? [] : ALL),
  // Ordinary company users work with business data, not with the administration.
  [ROLES.common]: (m) => (isAdminMenu(m) ? [] : ALL),
  [ROLES.planner]: (m) => (isAdminMenu(m) ? [] : ALL),
  [ROLES.lineManager]: (m) => (isAdminMenu(m) ? [] : ALL),
  [ROLES.lineMember]: (m) => (isAdminMenu(m) ? [] : READ),
  [ROLES.evaluator]: (m) => (isAdminMenu(m) ? [] : READ),
  [ROLES.invited]: (m) => (isAdminMenu(m) ? [] : READ),
  [ROLES.guest]: (m) => (isAdminMenu(m) ? [] : ['view']),
  [ROLES.finance]: financeGrant,
  // Spec 6 "unassigned": signed in, but nothing granted until an administrator assigns a role.
  [ROLES.unassigned]: () => [],
};

/** A tenant role's stored grants: menu code -> verbs. */
export type RoleGrants = Record<string, readonly string[]>;

/** The caller's roles as the permission check needs them. */
export type Grantee = { isSuper: boolean; systemRoles: readonly string[]; tenantGrants: readonly RoleGrants[] };

/** Whether a list of granted verbs allows `verb` (`action` covers every `action:<name>`). */
export function verbsAllow(granted: readonly string[], verb: PermissionVerb): boolean {
  if (granted.includes(verb)) return true;
  if (verb.startsWith('action:')) return granted.includes('action');
  // Asking for "some action" (the engine does not name it) is allowed by any action grant.
  if (verb === 'action') return granted.some((g) => g.startsWith('action:'));
  return false;
}

/** Spec 6: the server enforces each verb on its own, whatever the browser shows. */
export function can(who: Grantee, menuCode: string, verb: PermissionVerb): boolean {
  if (who.isSuper) return true;
  // The platform's screens are the super administrator's alone: no company role can grant them.
  if (isSuperMenu(menuCode)) return false;
  for (const code of who.systemRoles) {
    const grant = SYSTEM_ROLE_GRANTS[code];
    if (grant && verbsAllow(grant(menuCode), verb)) return true;
  }
  return who.tenantGrants.some((g) => verbsAllow(g[menuCode] ?? [], verb));
}

/** A menu entry is visible when the user may view its code. */
export const canSeeMenu = (who: Grantee, menuCode: string): boolean => can(who, menuCode, 'view');

/** The verbs a role grants on a menu, normalised (known verbs, no duplicates, spec order). */
export function normaliseVerbs(raw: readonly unknown[]): PermissionVerb[] {
  const out: PermissionVerb[] = [];
  for (const v of raw) if (isPermissionVerb(v) && !out.includes(v)) out.push(v);
  const rank = (v: string) => {
    const i = (BASE_VERBS as readonly string[]).indexOf(v);
    return i === -1 ? BASE_VERBS.length + (v === 'action' ? 0 : 1) : i;
  };
  return out.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

// ---------------------------------------------------------------------------------------------
// Data permissions (spec 6: bound per menu code, with field, operator and value).

export const DATA_OPERATORS = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'like', 'in', 'notin', 'null', 'notnull'] as const;
export type DataOperator = (typeof DATA_OPERATORS)[number];
export type DataRule = { field: string; operator: DataOperator; value: string };

export const isDataOperator = (v: unknown): v is DataOperator => typeof v === 'string' && (DATA_OPERATORS as readonly string[]).includes(v);

/** Who the rule is evaluated for: the value tokens of spec 7 that make sense in a rule. */
export type RuleSubject = { userId: number; clientId: number; username: string; fullname: string };

/** Replaces the tokens $$USER_ID$$, $$CLIENT_ID$$, $$USERNAME$$ and $$FULL_NAME$$ in a rule value. */
export function resolveRuleValue(value: string, who: RuleSubject): string {
  return value
    .replace(/\$\$USER_ID\$\$/g, String(who.userId))
    .replace(/\$\$CLIENT_ID\$\$/g, String(who.clientId))
    .replace(/\$\$USERNAME\$\$/g, who.username)
    .replace(/\$\$FULL_NAME\$\$/g, who.fullname);
}

/** The values of a rule: `in` and `notin` take a comma list, null and notnull none. */
export function ruleValues(rule: DataRule, who: RuleSubject): string[] {
  if (rule.operator === 'null' || rule.operator === 'notnull') return [];
  const resolved = resolveRuleValue(rule.value, who);
  if (rule.operator === 'in' || rule.operator === 'notin') return resolved.split(',').map((s) => s.trim()).filter((s) => s !== '');
  return [resolved];
}

const cmp = (a: unknown, b: string): number => {
  if (typeof a === 'number') return a - Number(b);
  return String(a).localeCompare(b);
};

/**
 * The same rule evaluated on one row in memory. The server applies rules in SQL
 * (data-scope.service.ts); this twin documents the meaning and lets tests compare the two.
 */
export function rowMatches(row: Record<string, unknown>, rule: DataRule, who: RuleSubject): boolean {
  const v = row[rule.field];
  const values = ruleValues(rule, who);
  const blank = v === null || v === undefined;
  switch (rule.operator) {
    case 'null':
      return blank;
    case 'notnull':
      return !blank;
    case 'in':
      return !blank && values.some((x) => String(v) === x);
    case 'notin':
      return blank || !values.some((x) => String(v) === x);
    case 'like':
      return !blank && String(v).toLowerCase().includes(values[0].toLowerCase());
    case 'ne':
      return blank || String(v) !== values[0];
    case 'eq':
      return !blank && String(v) === values[0];
    case 'lt':
      return !blank && cmp(v, values[0]) < 0;
    case 'lte':
      return !blank && cmp(v, values[0]) <= 0;
    case 'gt':
      return !blank && cmp(v, values[0]) > 0;
    case 'gte':
      return !blank && cmp(v, values[0]) >= 0;
  }
}

/** Every rule that applies narrows the rows: a row is visible when it matches all of them. */
export const rowVisible = (row: Record<string, unknown>, rules: readonly DataRule[], who: RuleSubject): boolean => rules.every((r) => rowMatches(row, r, who));
