import { sql } from 'kysely';
import type { Migration } from '../migrate';

/**
 * A notification setting's recipient roles become a list (issue 35: chosen in a transfer of the
 * company's roles, `admin_notify_setting.recipient_roles` of type `transfer`, jsonb). The comma (or
 * space) separated text typed before is split into the list, empty text becomes null. The table is
 * derived from the registry: on a new database it does not exist yet (the registry creates it with
 * the new type after the migrations), and a database that already holds the list is left alone.
 */
export const notifyRecipientRoles2210: Migration = {
  id: '20261204_2210_notify_recipient_roles',
  up: async (db) => {
    const col = await sql<{ data_type: string }>`select data_type from information_schema.columns
      where table_schema = current_schema() and table_name = 'adm_notify_setting' and column_name = 'recipient_roles'`.execute(db);
    if (col.rows[0]?.data_type !== 'text') return;
    await sql`alter table adm_notify_setting alter column recipient_roles type jsonb using (
      case when recipient_roles is null or btrim(recipient_roles) = '' then null
      else to_jsonb(regexp_split_to_array(btrim(recipient_roles), '[,，[:space:]]+')) end)`.execute(db);
  },
};
