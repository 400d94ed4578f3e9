import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { resourceClient } from '../support/resource-client';
import { formRecordAudit0700 } from '../../src/server/db/migrations/20261207_0700_form_record_audit';

/**
 * A form's record's history is the generic document history of the form's entity (issue 30): it
 * reads the audit rows under the form's code. Rows audited before the record writer wrote them
 * there were kept under the table's name `dyn_form_record`; the migration 20261207_0700 moves them
 * to the record's form (a removed record: to the form its other rows name), so a history keeps them,
 * and leaves the rows of a removed record that names no form where they were.
 */
let t: TestApp;
let token = '';
let clientId = 0;
const FORM = { sections: [{ key: 'a', title: '基本', fields: [{ key: 'title', label: '标题', type: 'text', required: true }] }] };
const records = () => resourceClient(t.app, token, 'crossapi/dynformdata', 'AUDIT_OLD');
type History = { rows: Array<{ action: string; changes: Array<{ field: string; label: string; old: unknown; new: unknown }> }> };

/** An audit row as the record service wrote it before the fifteenth session: under the table's name. */
const oldRow = (recordId: number, action: string, changes: unknown[]) =>
  sql`insert into audit_log (client_id, entity, record_id, action, user_id, username, at, changes)
    values (${clientId}, 'dyn_form_record', ${recordId}, ${action}, null, 'brand', now() - interval '1 day', ${JSON.stringify(changes)}::jsonb)`.execute(t.app.db);

beforeAll(async () => {
  t = await createTestApp();
  token = await signIn(t.app, 'brand');
  clientId = Number((await sql<{ id: number }>`select id from clients where code = 'BRAND01'`.execute(t.app.db)).rows[0].id);
  const r = await resourceClient(t.app, token, 'crossapi', 'dynform').save({ code: 'AUDIT_OLD', name: '旧审计表单', definition: FORM });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
});
afterAll(async () => t?.close());

describe('a record audited under the table before the writer keeps its history', () => {
  it('shows a kept record\'s and a removed record\'s earlier rows once moved to the form, and leaves a removed record naming no form', async () => {
    const kept = Number((await records().save({ title: '保留' })).body.data.id);
    const gone = (await records().save({ title: '删除' })).body.data;
    expect((await records().remove([gone.id], [Number(gone.version)])).status).toBe(200);
    const orphan = Number(gone.id) + 1_000_000;
    await oldRow(kept, 'update', [{ field: 'title', old: '最初', new: '保留' }]);
    await oldRow(Number(gone.id), 'update', [{ field: 'title', old: '更早', new: '删除' }]);
    await oldRow(orphan, 'create', [{ field: 'title', old: null, new: '无表单' }]);

    const actions = async (id: number) => ((await records().history(id)).body.data as unknown as History).rows;
    expect((await actions(kept)).map((r) => r.action)).toEqual(['create']);

    await t.app.db.transaction().execute((tx) => formRecordAudit0700.up(tx));
    const keptRows = await actions(kept);
    expect(keptRows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(keptRows[1].changes[0]).toMatchObject({ field: 'title', label: '标题', old: '最初', new: '保留' });
    expect((await actions(Number(gone.id))).map((r) => r.action)).toEqual(['remove', 'create', 'update']);
    const left = await sql<{ entity: string }>`select entity from audit_log where client_id = ${clientId} and record_id = ${orphan}`.execute(t.app.db);
    expect(left.rows.map((r) => r.entity)).toEqual(['dyn_form_record']);
  });
});
