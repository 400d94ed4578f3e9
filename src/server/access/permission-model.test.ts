import { describe, expect, it } from 'vitest';
import { can, normaliseVerbs, resolveRuleValue, rowMatches, rowVisible, verbsAllow, type Grantee, type RuleSubject } from './permission-model';

const who: RuleSubject = { userId: 7, clientId: 3, username: 'li', fullname: '李采购' };
const g = (over: Partial<Grantee>): Grantee => ({ isSuper: false, systemRoles: [], tenantGrants: [], ...over });

describe('menu permissions (spec 6)', () => {
  it('grants verbs per menu code through tenant roles, each verb on its own', () => {
    const viewer = g({ tenantGrants: [{ 'md.vendor': ['view', 'export'] }] });
    expect(can(viewer, 'md.vendor', 'view')).toBe(true);
    expect(can(viewer, 'md.vendor', 'export')).toBe(true);
    expect(can(viewer, 'md.vendor', 'create')).toBe(false);
    expect(can(viewer, 'md.vendor', 'delete')).toBe(false);
    expect(can(viewer, 'md.customer', 'view')).toBe(false);
  });

  it('adds up the grants of several roles', () => {
    const two = g({ tenantGrants: [{ 'md.vendor': ['view'] }, { 'md.vendor': ['edit'] }] });
    expect(can(two, 'md.vendor', 'view') && can(two, 'md.vendor', 'edit')).toBe(true);
  });

  it('grants one named action, or every action with "action"', () => {
    expect(verbsAllow(['action:freeze'], 'action:freeze')).toBe(true);
    expect(verbsAllow(['action:freeze'], 'action:activate')).toBe(false);
    expect(verbsAllow(['action'], 'action:activate')).toBe(true);
    expect(verbsAllow(['action:freeze'], 'action')).toBe(true);
    expect(verbsAllow(['view'], 'action')).toBe(false);
  });

  it('keeps ordinary users out of the administration and administrators out of the platform settings', () => {
    expect(can(g({ systemRoles: ['common'] }), 'md.vendor', 'delete')).toBe(true);
    expect(can(g({ systemRoles: ['common'] }), 'admin.role', 'view')).toBe(false);
    expect(can(g({ systemRoles: ['clientadmin'] }), 'admin.role', 'edit')).toBe(true);
    expect(can(g({ systemRoles: ['clientadmin'] }), 'admin.sys.signup', 'view')).toBe(false);
    expect(can(g({ isSuper: true }), 'admin.sys.signup', 'edit')).toBe(true);
    // A company role naming a platform screen (a stored grant, however it got there) grants nothing.
    expect(can(g({ tenantGrants: [{ 'admin.sys.config': ['view', 'edit'] }] }), 'admin.sys.config', 'edit')).toBe(false);
  });

  it('gives unassigned users nothing and guests read access only', () => {
    expect(can(g({ systemRoles: ['unassigned'] }), 'md.vendor', 'view')).toBe(false);
    expect(can(g({ systemRoles: ['guest'] }), 'md.vendor', 'view')).toBe(true);
    expect(can(g({ systemRoles: ['guest'] }), 'md.vendor', 'create')).toBe(false);
    expect(can(g({ systemRoles: ['unknown-role'] }), 'md.vendor', 'view')).toBe(false);
  });

  it('normalises stored verbs: known only, once, in the editor order', () => {
    expect(normaliseVerbs(['export', 'view', 'view', 'bogus', 'action:freeze', 'action', 1, 'create'])).toEqual(['view', 'create', 'export', 'action', 'action:freeze']);
    expect(normaliseVerbs(['action:drop table'])).toEqual([]);
  });
});

describe('data permissions (spec 6: field, operator, value)', () => {
  it('replaces the value tokens of spec 7', () => {
    expect(resolveRuleValue('$$USER_ID$$/$$CLIENT_ID$$/$$USERNAME$$/$$FULL_NAME$$', who)).toBe('7/3/li/李采购');
  });

  it('evaluates each operator', () => {
    const row = { grade: 'A', qty: 10, owner: 'li', note: null };
    expect(rowMatches(row, { field: 'grade', operator: 'eq', value: 'A' }, who)).toBe(true);
    expect(rowMatches(row, { field: 'grade', operator: 'ne', value: 'A' }, who)).toBe(false);
    expect(rowMatches(row, { field: 'grade', operator: 'in', value: 'B, A' }, who)).toBe(true);
    expect(rowMatches(row, { field: 'grade', operator: 'notin', value: 'B,C' }, who)).toBe(true);
    expect(rowMatches(row, { field: 'qty', operator: 'gt', value: '9' }, who)).toBe(true);
    expect(rowMatches(row, { field: 'qty', operator: 'lte', value: '9' }, who)).toBe(false);
    expect(rowMatches(row, { field: 'owner', operator: 'eq', value: '$$USERNAME$$' }, who)).toBe(true);
    expect(rowMatches(row, { field: 'note', operator: 'null', value: '' }, who)).toBe(true);
    expect(rowMatches(row, { field: 'note', operator: 'eq', value: 'x' }, who)).toBe(false);
    expect(rowMatches(row, { field: 'owner', operator: 'like', value: 'L' }, who)).toBe(true);
  });

  it('narrows: a row must match every rule that applies', () => {
    const rules = [
      { field: 'grade', operator: 'eq' as const, value: 'A' },
      { field: 'qty', operator: 'gte' as const, value: '5' },
    ];
    expect(rowVisible({ grade: 'A', qty: 5 }, rules, who)).toBe(true);
    expect(rowVisible({ grade: 'A', qty: 4 }, rules, who)).toBe(false);
    expect(rowVisible({ grade: 'B', qty: 50 }, rules, who)).toBe(false);
    expect(rowVisible({ grade: 'B' }, [], who)).toBe(true);
  });
});
