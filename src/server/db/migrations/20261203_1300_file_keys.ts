import { sql } from 'kysely';
import type { Db } from '../database';
import type { Migration } from '../migrate';
import { execStatements } from '../migrate';

/**
 * Stored files are known by a random key, and name what they belong to (issue 28,
 * services/files): `key` (32 hex digits) replaces the sequential id in every address; `owner_menu`,
 * `owner_table`, `owner_id` say whose read right and data permissions open the file. Addresses
 * already kept in records (`/api/crossapi/ccommonapi/files/<id>` in image fields, photo lists,
 * history) are rewritten to the key, and chat and ticket attachments get their file's key.
 */
const FILE_ADDRESS = /(\/crossapi\/ccommonapi\/files\/)(\d+)(?!\d)/g;

export const fileKeys1300: Migration = {
  id: '20261203_1300_file_keys',
  up: async (db) => {
    await execStatements(
      db,
      `
alter table files add column key text;
update files set key = replace(gen_random_uuid()::text, '-', '');
alter table files alter column key set default replace(gen_random_uuid()::text, '-', '');
alter table files alter column key set not null;
create unique index files_key_idx on files (key);
alter table files add column owner_menu text;
alter table files add column owner_table text;
alter table files add column owner_id bigint
`,
    );
    await rewriteFileAddresses(db);
  },
};

/** Rewrites kept `/crossapi/ccommonapi/files/<id>` addresses to the file's key, and gives chat and ticket attachments their key. */
export async function rewriteFileAddresses(db: Db): Promise<void> {
  // Every company's rows (row-level security binds a table's owner too when it is forced).
  await sql`select set_config('app.client_id', '*', true)`.execute(db);
  const keys = new Map((await sql<{ id: number; key: string }>`select id::int as id, key from files`.execute(db)).rows.map((r) => [String(r.id), r.key]));
  if (!keys.size) return;
  const columns = (await sql<{ table_name: string; column_name: string; data_type: string }>`select c.table_name, c.column_name, c.data_type
    from information_schema.columns c join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = current_schema() and c.data_type in ('text', 'character varying', 'jsonb', 'json') and c.table_name not in ('files', '_migrations')`.execute(db)).rows;
  for (const c of columns) {
    const col = sql.ref(c.column_name);
    const rows = (await sql<{ at: string; v: string }>`select ctid::text as at, ${col}::text as v from ${sql.table(c.table_name)} where ${col}::text like '%/ccommonapi/files/%'`.execute(db)).rows;
    for (const r of rows) {
      const next = r.v.replace(FILE_ADDRESS, (whole, head: string, id: string) => (keys.has(id) ? `${head}${keys.get(id)}` : whole));
      if (next === r.v) continue;
      const cast = c.data_type === 'jsonb' ? sql`::jsonb` : c.data_type === 'json' ? sql`::json` : sql``;
      await sql`update ${sql.table(c.table_name)} set ${col} = ${next}${cast} where ctid = ${r.at}::tid`.execute(db);
    }
  }
  const has = async (table: string) => (await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_schema = current_schema() and table_name = ${table}`.execute(db)).rows[0].n > 0;
  if (await has('chat_message')) {
    await sql`update chat_message m set attachment = m.attachment || jsonb_build_object('key', f.key) from files f where m.attachment ? 'id' and not m.attachment ? 'key' and f.id = (m.attachment->>'id')::int`.execute(db);
  }
  if (await has('collab_ticket_comment')) {
    await sql`update collab_ticket_comment cm set attachments = (select coalesce(jsonb_agg(a || coalesce((select jsonb_build_object('key', f.key) from files f where f.id = (a->>'id')::int), '{}'::jsonb)), '[]'::jsonb)
      from jsonb_array_elements(cm.attachments) a) where jsonb_typeof(cm.attachments) = 'array' and jsonb_array_length(cm.attachments) > 0
      and exists (select 1 from jsonb_array_elements(cm.attachments) x where not x ? 'key')`.execute(db);
  }
}
