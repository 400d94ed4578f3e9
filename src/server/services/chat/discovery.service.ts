import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { withSystemScope } from '../../kernel/rls';

/**
 * The public discovery pages (spec 2 `/discovery/index`, `/newdiscovery/index`; spec 1 "company
 * discovery, project opportunities"). Without a token anyone sees the active companies' public
 * profile (name, kind, industry, region, scope) and the public sourcing projects whose information
 * is delivered or that are being published (code, name, kind, description, deadline, tags, buyer,
 * item count). A valid token adds the contact fields (a company's contact name, a project's contact
 * person and phone) and marks the caller's own company; nothing else of a company is shown, and
 * projects that are not public (invitations) never appear here.
 */
export type Viewer = { clientId: number | null; userId: number } | null;

const likeOf = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type DiscoveredCompany = {
  code: string; name: string; full_name: string | null; type: string; industry: string | null; scale: string | null; province: string | null; city: string | null;
  business_scope: string | null; contact_name?: string | null; own?: boolean;
};

export async function discoverCompanies(db: Db, viewer: Viewer, q: { keyword?: string; type?: string; page: number; size: number }): Promise<{ rows: DiscoveredCompany[]; total: number }> {
  const where = sql`c.status = 'active' and c.type in ('brand', 'maker', 'supplier')
    ${q.type ? sql`and c.type = ${q.type}` : sql``}
    ${q.keyword ? sql`and (c.name ilike ${likeOf(q.keyword)} or coalesce(c.full_name, '') ilike ${likeOf(q.keyword)} or coalesce(c.business_scope, '') ilike ${likeOf(q.keyword)} or coalesce(c.industry, '') ilike ${likeOf(q.keyword)})` : sql``}`;
  const rows = (await sql<DiscoveredCompany & { id: number; contact_name: string | null }>`select c.id::int as id, c.code, c.name, c.full_name, c.type, c.industry, c.scale, c.province, c.city, c.business_scope, c.contact_name
    from clients c where ${where} order by c.name, c.id limit ${q.size} offset ${(q.page - 1) * q.size}`.execute(db)).rows;
  const total = (await sql<{ n: number }>`select count(*)::int as n from clients c where ${where}`.execute(db)).rows[0].n;
  return {
    total,
    rows: rows.map(({ id, contact_name, ...r }) => (viewer ? { ...r, contact_name, own: id === viewer.clientId } : r)),
  };
}

export type DiscoveredProject = {
  code: string | null; name: string; src_type: string; description: string | null; deadline: string | null; tags: string | null; buyer_name: string;
  items: number; delivered_at: string | null; contact_person?: string | null; contact_phone?: string | null; own?: boolean;
};

export async function discoverProjects(db: Db, viewer: Viewer, q: { keyword?: string; page: number; size: number }): Promise<{ rows: DiscoveredProject[]; total: number }> {
  return withSystemScope(db, async (tx) => {
    const where = sql`p.is_public = true and p.status in ('info_delivered', 'publishing')
      ${q.keyword ? sql`and (p.name ilike ${likeOf(q.keyword)} or coalesce(p.description, '') ilike ${likeOf(q.keyword)} or coalesce(p.tags, '') ilike ${likeOf(q.keyword)} or coalesce(c.name, '') ilike ${likeOf(q.keyword)})` : sql``}`;
    const rows = (await sql<DiscoveredProject & { client_id: number }>`select p.client_id::int as client_id, p.code, p.name, p.src_type, left(p.description, 300) as description, p.deadline::text as deadline, p.tags,
        coalesce(c.full_name, c.name) as buyer_name, p.delivered_at, p.contact_person, p.contact_phone,
        (select count(*)::int from srm_src_item it where it.client_id = p.client_id and it.project_id = p.id and it.status = 'active') as items
      from srm_src_project p join clients c on c.id = p.client_id
      where ${where} order by p.delivered_at desc nulls last, p.id desc limit ${q.size} offset ${(q.page - 1) * q.size}`.execute(tx)).rows;
    const total = (await sql<{ n: number }>`select count(*)::int as n from srm_src_project p join clients c on c.id = p.client_id where ${where}`.execute(tx)).rows[0].n;
    return {
      total,
      rows: rows.map(({ client_id, contact_person, contact_phone, ...r }) => (viewer ? { ...r, contact_person, contact_phone, own: client_id === viewer.clientId } : r)),
    };
  });
}
