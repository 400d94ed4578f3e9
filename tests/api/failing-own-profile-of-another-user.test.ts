import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../support/test-app';
import { bearer, body, loginOk } from './access-test-helpers';

/**
 * The own profile is the caller's row of the `ownprofile` view, read and saved through the engine
 * (its own addresses, spec 7's my-profile and save-profile, and the generic
 * /clientinfoapi/ownprofile/view|save): a user never reads nor changes another user's profile,
 * whatever id the address or the body names, in the same company or another.
 */
type Profile = { id: number; username: string; fullname: string; title: string | null; version: number };

describe('failing own profile of another user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const stored = async (id: number) => (await sql<{ fullname: string; title: string | null; version: number }>`select fullname, title, version from users where id = ${id}`.execute(t.database.db)).rows[0];

  it('reads only the caller\'s own row, whatever id is named', async () => {
    const buyer = await loginOk(t.app, 'brand.buyer');
    const colleague = await loginOk(t.app, 'brand');
    const stranger = await loginOk(t.app, 'maker.planner');
    const mine = body<Profile>(await t.app.inject({ method: 'GET', url: '/api/clientinfoapi/user-profile/my-profile', headers: bearer(buyer.access_token) })).data;
    expect(mine.username).toBe('brand.buyer');
    for (const other of [colleague, stranger]) {
      const theirs = body<Profile>(await t.app.inject({ method: 'GET', url: '/api/clientinfoapi/user-profile/my-profile', headers: bearer(other.access_token) })).data;
      expect(theirs.id).not.toBe(mine.id);
      // The generic record by the other's id: not found for the buyer, as if it did not exist.
      const res = await t.app.inject({ method: 'GET', url: `/api/clientinfoapi/ownprofile/view?id=${theirs.id}`, headers: bearer(buyer.access_token) });
      expect(res.statusCode).toBe(404);
      expect(JSON.stringify(res.json())).not.toContain(theirs.username);
    }
    // The list holds the caller's row alone.
    const page = body<{ rows: Profile[] }>(await t.app.inject({ method: 'GET', url: '/api/clientinfoapi/ownprofile/page', headers: bearer(buyer.access_token) })).data;
    expect(page.rows.map((r) => r.username)).toEqual(['brand.buyer']);
  });

  it('changes only the caller\'s own row: another id in the body or the generic save is refused or ignored', async () => {
    const buyer = await loginOk(t.app, 'brand.buyer');
    const colleague = await loginOk(t.app, 'brand');
    const theirs = body<Profile>(await t.app.inject({ method: 'GET', url: '/api/clientinfoapi/user-profile/my-profile', headers: bearer(colleague.access_token) })).data;
    const before = await stored(theirs.id);

    // The generic save naming the colleague's row at its version: not found, nothing written.
    const generic = await t.app.inject({ method: 'POST', url: '/api/clientinfoapi/ownprofile/save', headers: bearer(buyer.access_token), payload: { id: theirs.id, version: before.version, title: '被改了' } });
    expect(generic.statusCode).toBe(404);

    // Spec 7's save-profile naming the colleague's id: the caller's own row is saved, the colleague's untouched.
    const own = await t.app.inject({ method: 'POST', url: '/api/clientinfoapi/user-profile/save-profile', headers: bearer(buyer.access_token), payload: { id: theirs.id, title: '采购专员' } });
    expect(own.statusCode).toBe(200);
    expect(body<Profile>(own).data).toMatchObject({ username: 'brand.buyer', title: '采购专员' });
    expect(await stored(theirs.id)).toEqual(before);

    // The colleague's own read still shows their own title.
    const after = body<Profile>(await t.app.inject({ method: 'GET', url: '/api/clientinfoapi/user-profile/my-profile', headers: bearer(colleague.access_token) })).data;
    expect(after.title).toBe(before.title);
  });
});
