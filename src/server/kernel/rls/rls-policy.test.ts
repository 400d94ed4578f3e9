import { describe, expect, it } from 'vitest';
import { unsafeRoleMessage } from './db-role.check';
import { isProtectedAsDeclared, PLATFORM_READ_POLICY, POLICY_NAME, policyExpressions, policySignature, protectTableSql, tenantSettingValue } from './rls-policy';
import { systemScopedUrl } from './tenant-scope';

describe('row-level security policy builders', () => {
  it('forces the policy on the owner and re-creates it idempotently', () => {
    const s = protectTableSql('md_vendor', 'tenant');
    expect(s[0]).toBe('alter table "md_vendor" enable row level security');
    expect(s[1]).toBe('alter table "md_vendor" force row level security');
    expect(s[2]).toMatch(/^drop policy if exists tenant_isolation on "md_vendor"$/);
    expect(s[3]).toMatch(/for all to public using .* with check /);
  });

  it('lets shared tables read platform rows but write only own rows', () => {
    const shared = policyExpressions('shared');
    expect(shared.using).toContain('client_id is null');
    expect(shared.check).not.toContain('client_id is null');
    expect(policyExpressions('tenant').using).not.toContain('client_id is null');
    // Platform rows are readable through a SELECT-only policy: updates and deletes never reach them.
    const statements = protectTableSql('menus', 'shared');
    expect(statements.find((x) => x.startsWith('create policy tenant_isolation'))).not.toContain('client_id is null');
    expect(statements.at(-2)).toMatch(/create policy platform_read on "menus" as permissive for select to public using \(client_id is null\)/);
    expect(protectTableSql('md_vendor', 'tenant').some((x) => x.includes('create policy platform_read'))).toBe(false);
  });

  it('tells from the catalogue whether a table is already protected as declared, so a start writes nothing then', () => {
    const policies = (entries: Array<[string, string | null]>) => new Map(entries);
    const tenant = { enabled: true, forced: true, policies: policies([[POLICY_NAME, policySignature('tenant', POLICY_NAME)]]) };
    expect(isProtectedAsDeclared(tenant, 'tenant')).toBe(true);
    // Each statement that writes a policy also writes the comment the check reads.
    expect(protectTableSql('md_vendor', 'tenant')).toContain(`comment on policy tenant_isolation on "md_vendor" is '${policySignature('tenant', POLICY_NAME)}'`);
    expect(isProtectedAsDeclared(undefined, 'tenant')).toBe(false);
    expect(isProtectedAsDeclared({ ...tenant, forced: false }, 'tenant')).toBe(false);
    expect(isProtectedAsDeclared({ ...tenant, enabled: false }, 'tenant')).toBe(false);
    // A policy written before the comments, or from other expressions, or one too many: written again.
    expect(isProtectedAsDeclared({ ...tenant, policies: policies([[POLICY_NAME, null]]) }, 'tenant')).toBe(false);
    expect(isProtectedAsDeclared({ ...tenant, policies: policies([[POLICY_NAME, 'rls:tenant_isolation:0']]) }, 'tenant')).toBe(false);
    expect(isProtectedAsDeclared({ ...tenant, policies: policies([[POLICY_NAME, policySignature('tenant', POLICY_NAME)], ['extra', null]]) }, 'tenant')).toBe(false);
    // A shared table needs both of its policies.
    expect(isProtectedAsDeclared({ ...tenant, policies: policies([[POLICY_NAME, policySignature('shared', POLICY_NAME)]]) }, 'shared')).toBe(false);
    const shared = policies([[POLICY_NAME, policySignature('shared', POLICY_NAME)], [PLATFORM_READ_POLICY, policySignature('shared', PLATFORM_READ_POLICY)]]);
    expect(isProtectedAsDeclared({ enabled: true, forced: true, policies: shared }, 'shared')).toBe(true);
    expect(policySignature('shared', PLATFORM_READ_POLICY)).not.toBe(policySignature('shared', POLICY_NAME));
  });

  it('accepts only positive integer tenant ids', () => {
    expect(tenantSettingValue(12)).toBe('12');
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => tenantSettingValue(bad)).toThrow();
  });

  it('explains how to create the application role when the role is unsafe', () => {
    expect(unsafeRoleMessage({ name: 'app', superuser: false, bypassRls: false })).toBeNull();
    expect(unsafeRoleMessage({ name: 'postgres', superuser: true, bypassRls: true })).toMatch(/superuser[\s\S]*CREATE ROLE garment_app/);
    expect(unsafeRoleMessage({ name: 'ops', superuser: false, bypassRls: true })).toMatch(/BYPASSRLS/);
  });

  it('adds the system scope to a URL and keeps its options', () => {
    const u = new URL(systemScopedUrl('postgres://u@h:5432/d?options=-c%20search_path%3Dt1'));
    expect(u.searchParams.get('options')).toBe('-c search_path=t1 -c app.client_id=*');
  });
});
