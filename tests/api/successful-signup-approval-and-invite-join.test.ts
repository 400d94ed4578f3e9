import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../support/test-app';
import { bearer, body, lastCodeTo, lastMessageTo, login, loginOk, type LoginData } from './access-test-helpers';

describe('enterprise sign-up, approval by the super administrator, and joining with an invite code', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    adminToken = (await loginOk(t.app, 'admin')).access_token;
  });
  afterAll(async () => t.close());

  const sendCode = (email: string) => t.app.inject({ method: 'POST', url: '/api/utilsapi/send-code', payload: { channel: 'email', target: email, purpose: 'signup' } });
  /** Sends the mobile number its sign-up code and reads it from the outbox. */
  async function smsCode(mobile: string): Promise<string> {
    expect((await t.app.inject({ method: 'POST', url: '/api/utilsapi/send-code', payload: { channel: 'sms', target: mobile, purpose: 'signup' } })).statusCode).toBe(200);
    return lastCodeTo(t.database.db, mobile);
  }
  let mobiles = 13912345670;

  async function signUp(company: string, username: string, email: string) {
    expect((await sendCode(email)).statusCode).toBe(200);
    const code = await lastCodeTo(t.database.db, email);
    const mobile = String(mobiles++);
    const mobileCode = await smsCode(mobile);
    return t.app.inject({
      method: 'POST', url: '/api/utilsapi/signup',
      payload: {
        company_name: company, company_full_name: `${company}有限公司`, company_type: 'maker', username, password: 'Secret123', repeat: 'Secret123', email, mobile, fullname: '赵经理', email_code: code, mobile_code: mobileCode,
        industry: 'garment_making', scale: 'small', tax_code: '91350100M000100Y43', legal_person: '赵经理',
      },
    });
  }

  it('sends a six-digit code valid 10 minutes through the outbox', async () => {
    const res = await sendCode('new.one@example.com');
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual({ expire: 600, resend_after: 60 });
    const mail = await lastMessageTo(t.database.db, 'new.one@example.com');
    expect(mail).toMatchObject({ channel: 'email', subject: '【供应链协同平台】验证码', status: 'queued' });
    expect(mail!.body).toMatch(/\b\d{6}\b/);
    expect(mail!.body).toContain('10分钟内有效');
    const stored = await sql<{ code_hash: string; expires_at: string; created_at: string }>`select code_hash, expires_at, created_at from verification_codes where target = 'new.one@example.com'`.execute(t.database.db);
    expect(stored.rows[0].code_hash).not.toContain(await lastCodeTo(t.database.db, 'new.one@example.com'));
    expect(new Date(stored.rows[0].expires_at).getTime() - new Date(stored.rows[0].created_at).getTime()).toBe(600_000);
    const sms = await t.app.inject({ method: 'POST', url: '/api/utilsapi/send-code', payload: { channel: 'sms', target: '13912340000', purpose: 'bind' } });
    expect(sms.statusCode).toBe(200);
    expect((await lastMessageTo(t.database.db, '13912340000'))!.channel).toBe('sms');
  });

  it('a sign-up waits for approval: company and administrator pending, sign-in says so', async () => {
    const res = await signUp('新锐制衣', 'xinrui.admin', 'boss@xinrui.example');
    expect(res.statusCode).toBe(200);
    const created = body<{ id: number; user_id: number; status: string }>(res).data;
    expect(created.status).toBe('pending');
    const client = await sql<{ status: string; type: string; full_name: string; code: string }>`select status, type, full_name, code from clients where id = ${created.id}`.execute(t.database.db);
    expect(client.rows[0]).toMatchObject({ status: 'pending', type: 'maker', full_name: '新锐制衣有限公司' });
    const roles = await sql<{ code: string }>`select r.code from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${created.user_id} order by r.code`.execute(t.database.db);
    expect(roles.rows.map((r) => r.code)).toEqual(['clientadmin', 'common']);
    expect((await lastMessageTo(t.database.db, 'boss@xinrui.example'))!.subject).toBe('【供应链协同平台】已收到企业注册申请');
    const pending = await login(t.app, 'xinrui.admin', 'Secret123');
    expect(pending.statusCode).toBe(403);
    expect(body(pending).message).toBe('企业注册申请正在审核中，审核通过后即可登录');

    const list = await t.app.inject({ method: 'GET', url: '/api/access/admin/signups?status=pending', headers: bearer(adminToken) });
    const rows = body<{ rows: { id: number; name: string; admin_username: string; status: string }[]; total: number }>(list).data.rows;
    expect(rows).toEqual(expect.arrayContaining([expect.objectContaining({ id: created.id, name: '新锐制衣', admin_username: 'xinrui.admin', status: 'pending' })]));

    const approve = await t.app.inject({ method: 'POST', url: '/api/access/admin/signups/approve', headers: bearer(adminToken), payload: { id: created.id } });
    expect(approve.statusCode).toBe(200);
    const approved = await sql<{ status: string; invite_code: string | null; reviewed_at: string | null }>`select status, invite_code, reviewed_at from clients where id = ${created.id}`.execute(t.database.db);
    expect(approved.rows[0].status).toBe('active');
    expect(approved.rows[0].invite_code).toMatch(/^[A-Z0-9]{6,}$/);
    expect(approved.rows[0].reviewed_at).not.toBeNull();
    const mail = await lastMessageTo(t.database.db, 'boss@xinrui.example');
    expect(mail!.subject).toBe('【供应链协同平台】企业注册已通过审核');
    expect(mail!.link).toBe(`${t.config.publicUrl}/login`);
    const signedIn = await login(t.app, 'xinrui.admin', 'Secret123');
    expect(signedIn.statusCode).toBe(200);
    expect(body<LoginData>(signedIn).data).toMatchObject({ client_name: '新锐制衣', dashroles: ['clientadmin', 'common'] });
    // Decided once only.
    const twice = await t.app.inject({ method: 'POST', url: '/api/access/admin/signups/approve', headers: bearer(adminToken), payload: { id: created.id } });
    expect(twice.statusCode).toBe(409);
    expect(body(twice).message).toBe('该注册申请已处理');
  });

  it('a rejected sign-up needs a reason, is mailed, and sign-in shows the reason', async () => {
    const created = body<{ id: number }>(await signUp('草率服饰', 'caoshuai', 'ceo@caoshuai.example')).data;
    const noReason = await t.app.inject({ method: 'POST', url: '/api/access/admin/signups/reject', headers: bearer(adminToken), payload: { id: created.id } });
    expect(noReason.statusCode).toBe(400);
    expect(body<{ errors: Record<string, string> }>(noReason).data.errors.reason).toBe('必填项');
    const rejected = await t.app.inject({ method: 'POST', url: '/api/access/admin/signups/reject', headers: bearer(adminToken), payload: { id: created.id, reason: '营业执照不清晰' } });
    expect(rejected.statusCode).toBe(200);
    expect((await lastMessageTo(t.database.db, 'ceo@caoshuai.example'))!.body).toContain('营业执照不清晰');
    const res = await login(t.app, 'caoshuai', 'Secret123');
    expect(res.statusCode).toBe(403);
    expect(body(res).message).toBe('注册申请未通过审核：营业执照不清晰');
    const list = await t.app.inject({ method: 'GET', url: '/api/access/admin/signups?status=rejected', headers: bearer(adminToken) });
    expect(body<{ rows: { id: number; review_note: string }[] }>(list).data.rows).toEqual([expect.objectContaining({ id: created.id, review_note: '营业执照不清晰' })]);
  });

  it('the approval screen is the engine list of the view client: pending tab, reject with its reason, audited', async () => {
    const created = body<{ id: number }>(await signUp('慢行服饰', 'manxing', 'ceo@manxing.example')).data;
    const page = await t.app.inject({ method: 'GET', url: '/api/adminapi/client/page?opt=signups&tab=pending&tabs=1&q=慢行', headers: bearer(adminToken) });
    expect(page.statusCode).toBe(200);
    const listed = body<{ rows: Array<{ id: number; admin_username: string; status: string; version: number }>; tabs: Record<string, number> }>(page).data;
    expect(listed.rows).toEqual([expect.objectContaining({ id: created.id, admin_username: 'manxing', status: 'pending' })]);
    expect(listed.tabs.pending).toBeGreaterThanOrEqual(1);
    const url = '/api/adminapi/client/action/reject';
    const noReason = await t.app.inject({ method: 'POST', url, headers: bearer(adminToken), payload: { ids: [created.id] } });
    expect(noReason.statusCode).toBe(400);
    expect(body<{ errors: Record<string, string> }>(noReason).data.errors.reason).toBe('必填项');
    const stale = await t.app.inject({ method: 'POST', url, headers: bearer(adminToken), payload: { ids: [created.id], version: listed.rows[0].version + 1, reason: '资料不全' } });
    expect(stale.statusCode).toBe(409);
    const rejected = await t.app.inject({ method: 'POST', url, headers: bearer(adminToken), payload: { ids: [created.id], version: listed.rows[0].version, reason: '资料不全' } });
    expect(rejected.statusCode).toBe(200);
    expect((await lastMessageTo(t.database.db, 'ceo@manxing.example'))!.body).toContain('资料不全');
    expect(body(await login(t.app, 'manxing', 'Secret123')).message).toBe('注册申请未通过审核：资料不全');
    const audit = await sql<{ action: string; changes: Array<{ field: string; new: unknown }> }>`select action, changes from audit_log where entity = 'client' and record_id = ${created.id}`.execute(t.database.db);
    expect(audit.rows).toEqual([expect.objectContaining({ action: 'reject', changes: expect.arrayContaining([expect.objectContaining({ field: 'status', new: 'rejected' }), expect.objectContaining({ field: 'review_note', new: '资料不全' })]) })]);
    // A decided sign-up is not decided again, nor can a company administrator decide one.
    expect((await t.app.inject({ method: 'POST', url: '/api/adminapi/client/action/approve', headers: bearer(adminToken), payload: { ids: [created.id] } })).statusCode).toBe(409);
    const brand = await loginOk(t.app, 'brand');
    expect((await t.app.inject({ method: 'POST', url: '/api/adminapi/client/action/approve', headers: bearer(brand.access_token), payload: { ids: [created.id] } })).statusCode).toBe(403);
  });

  it('only the super administrator reviews sign-ups', async () => {
    const brand = await loginOk(t.app, 'brand');
    expect((await t.app.inject({ method: 'GET', url: '/api/access/admin/signups', headers: bearer(brand.access_token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/access/admin/signups/approve', headers: bearer(brand.access_token), payload: { id: 1 } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/access/admin/signups' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/access/admin/signups/approve', headers: bearer(adminToken), payload: { id: 999999 } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/access/admin/signups?status=bogus', headers: bearer(adminToken) })).statusCode).toBe(400);
  });

  it('invite-info names the company; signup-join makes an active invited user and tells the administrators', async () => {
    const info = await t.app.inject({ method: 'GET', url: '/api/utilsapi/invite-info?code=BRAND01-JOIN' });
    expect(body(info).data).toMatchObject({ client_name: '悦衣品牌', type: 'brand' });
    expect((await t.app.inject({ method: 'GET', url: '/api/utilsapi/invite-info?code=NOPE' })).statusCode).toBe(404);

    await sendCode('new.member@example.com');
    const code = await lastCodeTo(t.database.db, 'new.member@example.com');
    const mobileCode = await smsCode('13712345678');
    const res = await t.app.inject({
      method: 'POST', url: '/api/utilsapi/signup-join', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ invite_code: 'BRAND01-JOIN', username: 'brand.newbie', password: 'Secret123', email: 'new.member@example.com', mobile: '13712345678', code, mobile_code: mobileCode }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({ client_name: '悦衣品牌' });
    const d = await loginOk(t.app, 'brand.newbie', 'Secret123');
    expect(d.client_name).toBe('悦衣品牌');
    expect(d.dashroles).toEqual(['common', 'invited']);
    const notice = await lastMessageTo(t.database.db, 'brand@demo.local');
    expect(notice!.subject).toBe('【供应链协同平台】新成员加入企业');
    expect(notice!.body).toContain('brand.newbie');
    // One account per e-mail address.
    const again = await t.app.inject({ method: 'POST', url: '/api/utilsapi/signup-join', payload: { invite_code: 'BRAND01-JOIN', username: 'brand.newbie2', password: 'Secret123', email: 'new.member@example.com', mobile: '13712345678', code } });
    expect(body<{ errors: Record<string, string> }>(again).data.errors.email).toBe('该邮箱已注册');
  });
});
