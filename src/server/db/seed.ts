import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { ROLE_LABELS } from '../../model/roles';
import { hashPassword } from '../kernel/password';
import type { AppConfig } from '../config';
import type { Db } from './database';

export const DEMO_PASSWORD = 'Demo1234';

type DemoTenant = { code: string; name: string; fullName: string; type: string; admin: string; user: string; userName: string; adminName: string; userRoles: string[] };

/** The three demo tenants of the issue: a brand, a garment maker and a fabric supplier. */
export const DEMO_TENANTS: DemoTenant[] = [
  { code: 'BRAND01', name: '悦衣品牌', fullName: '上海悦衣服饰品牌有限公司', type: 'brand', admin: 'brand', adminName: '品牌管理员', user: 'brand.buyer', userName: '李采购', userRoles: ['common'] },
  { code: 'MAKER01', name: '华纺制衣', fullName: '宁波华纺制衣有限公司', type: 'maker', admin: 'maker', adminName: '工厂管理员', user: 'maker.planner', userName: '王计划', userRoles: ['common', 'planner'] },
  { code: 'SUPP01', name: '锦绣面料', fullName: '绍兴锦绣面料有限公司', type: 'supplier', admin: 'supplier', adminName: '面料商管理员', user: 'supplier.sales', userName: '张销售', userRoles: ['common'] },
];

/** A seeder adds one area's demo data; each must be idempotent. */
export type Seeder = (db: Db, ctx: { config: AppConfig; tenants: Record<string, number>; users: Record<string, number> }) => Promise<void>;

const SEEDERS: Seeder[] = [];

const EXCHANGE_SEEDERS: Seeder[] = [];

const FINAL_SEEDERS: Seeder[] = [];

/**
 * Adds an area's demo data. `{ exchange: true }` runs it after the demo companies have confirmed
 * each other as customers, for data that travels between companies (a brand's orders to its maker).
 * `{ final: true }` runs it after every other seeder, for figures derived from the whole demo (the
 * node forecasts read the board, the scans, the outsourced and the purchase orders).
 */
export function registerSeeder(seeder: Seeder, options: { exchange?: boolean; final?: boolean } = {}): void {
  const list = options.final ? FINAL_SEEDERS : options.exchange ? EXCHANGE_SEEDERS : SEEDERS;
  if (!list.includes(seeder)) list.push(seeder);
}

async function ensureSystemRoles(db: Db): Promise<Map<string, number>> {
  for (const [code, label] of Object.entries(ROLE_LABELS)) {
    await sql`insert into roles (client_id, code, name_zh, name_en, kind)
      select null, ${code}, ${label.zh}, ${label.en}, 'system'
      where not exists (select 1 from roles where client_id is null and code = ${code})`.execute(db);
  }
  const rows = await sql<{ id: number; code: string }>`select id, code from roles where client_id is null`.execute(db);
  return new Map(rows.rows.map((r) => [r.code, r.id]));
}

async function ensureUser(db: Db, u: { clientId: number | null; username: string; fullname: string; email: string; mobile: string; isSuper?: boolean; roles: string[] }, passwordHash: () => Promise<string>, roleIds: Map<string, number>): Promise<number> {
  const existing = await sql<{ id: number }>`select id from users where lower(username) = lower(${u.username})`.execute(db);
  let id = existing.rows[0]?.id;
  if (!id) {
    const inserted = await sql<{ id: number }>`insert into users (client_id, username, fullname, email, mobile, password_hash, is_super, status)
      values (${u.clientId}, ${u.username}, ${u.fullname}, ${u.email}, ${u.mobile}, ${await passwordHash()}, ${u.isSuper ?? false}, 'active') returning id`.execute(db);
    id = inserted.rows[0].id;
  }
  for (const code of u.roles) {
    const roleId = roleIds.get(code);
    if (roleId) await sql`insert into user_roles (user_id, role_id) values (${id}, ${roleId}) on conflict do nothing`.execute(db);
  }
  return id;
}

/**
 * The demo seed's fingerprint: its seeders' code (in the order they run), the demo companies and the
 * system roles. Kept in `demo_seed` when a seed has run to its end; the same fingerprint at the next
 * start means nothing is left to add. A seeder's helpers are not in it: a change there reaches a
 * seeded database when a seeder itself changes (or with a fresh data directory).
 */
export function demoSeedFingerprint(): string {
  const hash = createHash('sha256').update(JSON.stringify(DEMO_TENANTS)).update(JSON.stringify(ROLE_LABELS));
  for (const seeder of [...SEEDERS, ...EXCHANGE_SEEDERS, ...FINAL_SEEDERS]) hash.update(seeder.toString());
  return hash.digest('hex');
}

/**
 * Seeds the demo tenants and users (password Demo1234) and then every registered area seeder.
 * Idempotent: a second run adds nothing. Returns true when the platform tenant was created now.
 */
export async function seedDemo(db: Db, config: AppConfig): Promise<boolean> {
  const fingerprint = demoSeedFingerprint();
  const done = await sql<{ fingerprint: string }>`select fingerprint from demo_seed`.execute(db);
  if (done.rows[0]?.fingerprint === fingerprint) return false;
  const fresh = (await sql<{ n: number }>`select count(*)::int as n from users where username = 'admin'`.execute(db)).rows[0].n === 0;
  const roleIds = await ensureSystemRoles(db);
  // Hashed once, and only when a demo user is missing: a start on a seeded database hashes nothing.
  let hashed: Promise<string> | null = null;
  const passwordHash = () => (hashed ??= hashPassword(DEMO_PASSWORD, config.argon2));
  const tenants: Record<string, number> = {};
  const users: Record<string, number> = {};

  await sql`insert into clients (code, name, full_name, type, status, licence_type) values ('PLATFORM', '平台', '平台运营', 'platform', 'active', 'platform') on conflict (code) do nothing`.execute(db);
  const platform = (await sql<{ id: number }>`select id from clients where code = 'PLATFORM'`.execute(db)).rows[0].id;
  tenants.PLATFORM = platform;
  users.admin = await ensureUser(db, { clientId: platform, username: 'admin', fullname: '超级管理员', email: 'admin@demo.local', mobile: '13800000000', isSuper: true, roles: ['superadmin'] }, passwordHash, roleIds);

  let n = 1;
  for (const t of DEMO_TENANTS) {
    const invite = `${t.code}-JOIN`;
    await sql`insert into clients (code, name, full_name, type, status, invite_code, licence_type, contact_name)
      values (${t.code}, ${t.name}, ${t.fullName}, ${t.type}, 'active', ${invite}, 'standard', ${t.adminName}) on conflict (code) do nothing`.execute(db);
    const cid = (await sql<{ id: number }>`select id from clients where code = ${t.code}`.execute(db)).rows[0].id;
    tenants[t.code] = cid;
    users[t.admin] = await ensureUser(db, { clientId: cid, username: t.admin, fullname: t.adminName, email: `${t.admin}@demo.local`, mobile: `1380000000${n++}`, roles: ['clientadmin', 'common'] }, passwordHash, roleIds);
    users[t.user] = await ensureUser(db, { clientId: cid, username: t.user, fullname: t.userName, email: `${t.user}@demo.local`, mobile: `1390000000${n++}`, roles: t.userRoles }, passwordHash, roleIds);
  }
  for (const seeder of SEEDERS) await seeder(db, { config, tenants, users });
  for (const seeder of EXCHANGE_SEEDERS) await seeder(db, { config, tenants, users });
  for (const seeder of FINAL_SEEDERS) await seeder(db, { config, tenants, users });
  await sql`insert into demo_seed (singleton, fingerprint) values (true, ${fingerprint})
    on conflict (singleton) do update set fingerprint = excluded.fingerprint, seeded_at = now()`.execute(db);
  return fresh;
}

