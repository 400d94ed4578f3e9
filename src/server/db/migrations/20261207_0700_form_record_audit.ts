import { sql } from 'kysely';
import type { Migration } from '../migrate';

/**
 * A form's record is audited under its form's code (issue 30: its history is the generic
 * document history of the form's entity, which reads that name alone). Rows written before the
 * record writer audited there were kept under the table's name `dyn_form_record`: they move to the
 * code of the record's form, or, for a record since removed, to the form's code its other rows
 * (its flow's) are under. A removed record with no such row names no form: its rows stay.
 */
export const formRecordAudit0700: Migration = {
  id: '20261207_0700_form_record_audit',
  up: async (db) => {
    // A new database has no form (the registry's tables come after the migrations) and no such row.
    if (!(await sql<{ t: string | null }>`select to_regclass('dyn_form')::text as t`.execute(db)).rows[0]?.t) return;
    await sql`update audit_log a set entity = f.code from dyn_form_record r join dyn_form f on f.id = r.form_id and f.client_id = r.client_id
      where a.entity = 'dyn_form_record' and a.record_id = r.id and a.client_id = r.client_id`.execute(db);
    await sql`update audit_log a set entity = o.entity
      from (select distinct o.client_id, o.record_id, o.entity from audit_log o join dyn_form f on f.client_id = o.client_id and f.code = o.entity) o
      where a.entity = 'dyn_form_record' and a.client_id = o.client_id and a.record_id = o.record_id`.execute(db);
  },
};
