import { describe, expect, it } from 'vitest';
import { unsafeRoleMessage } from './db-role.check';
import { policyExpressions, protectTableSql, tenantSettingValue } from './rls-policy';
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
    expect(statements.at(-1)).toMatch(/create policy platform_read on "menus" as permissive for select to public using \(client_id is null\)/);
    expect(protectTableSql('md_vendor', 'tenant').some((x) => x.includes('create policy platform_read'))).toBe(false);
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
