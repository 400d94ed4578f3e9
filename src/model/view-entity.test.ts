import { describe, expect, it } from 'vitest';
import { allEntities, defineEntity, defineViewEntity, getEntity, viewEntities } from './index';
import './entities';

/** defineViewEntity (issue 30): an entity over one of the platform's own tables, read-only unless editable. */
describe('view entities', () => {
  it('are found by name but left out of the registry tables', () => {
    const outbox = getEntity('outbox');
    expect(outbox?.view).toBe(true);
    expect(viewEntities().map((e) => e.name)).toContain('outbox');
    expect(allEntities().some((e) => e.name === 'outbox' || e.view)).toBe(false);
  });

  it('have read-only fields and their state dictionary derived from the states', () => {
    const outbox = getEntity('outbox')!;
    expect(outbox.fields.every((f) => f.readonly)).toBe(true);
    expect(outbox.fields.find((f) => f.key === 'status')?.dict).toBe('outbox_status');
  });

  it('refuse transitions: nothing is written through a view', () => {
    const states = { field: 'status', initial: 'a', states: [{ code: 'a', label: { zh: '甲', en: 'A' } }], transitions: [{ action: 'go', label: { zh: '走', en: 'Go' }, from: ['a'], to: 'a' }] };
    expect(() =>
      defineViewEntity({ name: 'view_test_moves', table: 'view_test', prefix: 'utilsapi', menuCode: 'workspace.outbox', label: { zh: '测', en: 'T' }, titleField: 'status', fields: [{ key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict' }], states }),
    ).toThrow(/no transitions/);
  });

  it('take transitions over a journal (an approval task: its decisions), its fields still read-only', () => {
    const task = getEntity('wftask')!;
    expect(task.journal).toEqual({ holder: 'user_id', moved: 'wf.alreadyDecided' });
    expect(task.editable).toBeUndefined();
    expect(task.fields.every((f) => f.readonly)).toBe(true);
    expect(task.states?.transitions.map((t) => [t.action, t.to ?? null])).toEqual([
      ['approve', '30'], ['reject', '30'], ['return_approver', '30'], ['return_node', '30'], ['return_first', '30'], ['insert_user', null],
    ]);
  });

  it('keep the declared read-only flags and take transitions when editable (the companies)', () => {
    const client = getEntity('client')!;
    expect(client.view && client.editable).toBe(true);
    expect(client.fields.filter((f) => !f.readonly).map((f) => f.key)).toEqual(['licence_type']);
    expect(client.states?.transitions.map((t) => t.action)).toEqual(['freeze', 'activate', 'approve', 'reject']);
    expect(allEntities().some((e) => e.name === 'client')).toBe(false);
  });
  it("take lines with computed fields; a registry entity's children do not (a document's lines are stored)", () => {
    const tracked = getEntity('trackedorder')!;
    expect(tracked.children?.[0]).toMatchObject({ key: 'nodes', entity: 'ordernode' });
    expect(tracked.children?.[0].fields?.map((f) => f.key)).toEqual(['state', 'critical', 'projected_date', 'sent_to']);
    const child = { key: 'lines', label: { zh: '行', en: 'Lines' }, entity: 'ordernode', foreignKey: 'order_id', fields: [{ key: 'state', label: { zh: '状态', en: 'State' }, type: 'text' as const }] };
    expect(() =>
      defineEntity({ name: 'view_test_lines', table: 'view_test_lines', prefix: 'utilsapi', menuCode: 'workspace.outbox', label: { zh: '测', en: 'T' }, titleField: 'name', fields: [{ key: 'name', label: { zh: '名', en: 'Name' }, type: 'text' }], children: [child] }),
    ).toThrow(/only a view's lines carry computed fields/);
  });
});
