import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock, resetClock } from '../../src/server/access/clock';
import { flushOutbox } from '../../src/server/kernel/outbox/outbox.service';
import { solidPng } from '../support/png';
import { createTestApp, type TestApp } from '../support/test-app';
import { bearer, body, lastCodeTo, lastMessageTo, loginOk } from './access-test-helpers';
import { multipart } from './import-support';

/**
 * Issue 35, sign-up and profiles: the mobile number's verification code (an SMS through the outbox,
 * its default sender, or a provider at SMS_URL), checked by the sign-up beside the e-mail's, with
 * per-number and per-address send limits; the company profile step of the sign-up; the company's
 * profile edited by its administrator only, with its logo; the user's own profile fields and avatar.
 */
type Errors = { errors: Record<string, string> };
const TAX_CODE = '91350100M000100Y43';

describe('sign-up with a mobile code, company and user profiles', () => {
  let t: TestApp;
  let base = Date.now();
  const at = (seconds: number) => {
    clock.now = () => base + seconds * 1000;
  };
  beforeAll(async () => {
    // Small limits so the test reaches them: 3 codes per number, 4 per address, in the window.
    t = await createTestApp({ codeLimit: { perTarget: 3, perAddress: 4 }, redisUrl: undefined });
  });
  afterEach(() => resetClock());
  afterAll(async () => t.close());

  const send = (channel: 'email' | 'sms', target: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/utilsapi/send-code', payload: { channel, target, purpose: 'signup' }, remoteAddress: ip });
  const signup = (fields: Record<string, string>, lang = 'zh-CN') =>
    t.app.inject({
      method: 'POST', url: '/api/utilsapi/signup', headers: { 'x-lang': lang },
      payload: {
        company_name: '云裳服饰', company_type: 'maker', username: 'yunshang', password: 'Secret123', repeat: 'Secret123', email: 'boss@yunshang.example', mobile: '13811110001', fullname: '云老板',
        industry: 'garment_making', scale: 'medium', tax_code: TAX_CODE, legal_person: '云法人', province: '浙江', city: '杭州', address: '余杭区文一西路 1 号', business_scope: '服装制造；服装批发',
        ...fields,
      },
    });

  it('sends the mobile code as an SMS row of the outbox, keeps only its HMAC, and the sign-up checks it', async () => {
    base = Date.now();
    at(0);
    expect((await send('email', 'boss@yunshang.example', '192.0.2.60')).statusCode).toBe(200);
    const sent = await send('sms', '13811110001', '192.0.2.60');
    expect(sent.statusCode).toBe(200);
    const sms = await lastMessageTo(t.database.db, '13811110001');
    expect(sms).toMatchObject({ channel: 'sms', status: 'queued', client_id: null });
    expect(sms!.body).toMatch(/^【供应链协同平台】您的验证码是\d{6}，10分钟内有效。$/);
    const code = await lastCodeTo(t.database.db, '13811110001');
    const emailCode = await lastCodeTo(t.database.db, 'boss@yunshang.example');
    const stored = await sql<{ code_hash: string }>`select code_hash from verification_codes where channel = 'sms' and target = '13811110001'`.execute(t.database.db);
    expect(stored.rows[0].code_hash).not.toContain(code);

    // No code, a wrong one: the field says so, and nothing is written.
    const missing = await signup({ email_code: emailCode });
    expect(body<Errors>(missing).data.errors).toEqual({ mobile_code: '必填项' });
    const wrong = await signup({ email_code: emailCode, mobile_code: code === '111111' ? '222222' : '111111' });
    expect(body<Errors>(wrong).data.errors).toEqual({ mobile_code: '验证码不正确' });
    // A code sent to another number does not verify this one.
    expect((await send('sms', '13811110002', '192.0.2.61')).statusCode).toBe(200);
    const other = await lastCodeTo(t.database.db, '13811110002');
    expect(body<Errors>(await signup({ email_code: emailCode, mobile_code: other }, 'en')).data.errors).toEqual({ mobile_code: 'Incorrect verification code' });
    expect((await sql<{ n: number }>`select count(*)::int as n from clients where name = '云裳服饰'`.execute(t.database.db)).rows[0].n).toBe(0);

    const ok = await signup({ email_code: emailCode, mobile_code: code });
    expect(ok.statusCode).toBe(200);
    const id = body<{ id: number }>(ok).data.id;
    const client = await sql`select status, industry, scale, tax_code, legal_person, business_scope, province, city, address from clients where id = ${id}`.execute(t.database.db);
    expect(client.rows[0]).toEqual({ status: 'pending', industry: 'garment_making', scale: 'medium', tax_code: TAX_CODE, legal_person: '云法人', business_scope: '服装制造；服装批发', province: '浙江', city: '杭州', address: '余杭区文一西路 1 号' });
    const used = await sql<{ used_at: string | null }>`select used_at from verification_codes where channel = 'sms' and target = '13811110001'`.execute(t.database.db);
    expect(used.rows[0].used_at).not.toBeNull();
  });

  it('an expired mobile code is refused; the company step is checked field by field', async () => {
    base = Date.now();
    at(0);
    await send('email', 'late@qiu.example', '192.0.2.62');
    await send('sms', '13811110003', '192.0.2.62');
    const emailCode = await lastCodeTo(t.database.db, 'late@qiu.example');
    const code = await lastCodeTo(t.database.db, '13811110003');
    at(10 * 60 + 1);
    const late = await signup({ company_name: '秋实服饰', username: 'qiushi', email: 'late@qiu.example', mobile: '13811110003', email_code: emailCode, mobile_code: code });
    expect(body<Errors>(late).data.errors).toEqual({ email_code: '验证码已过期，请重新获取', mobile_code: '验证码已过期，请重新获取' });

    const fields = await signup({ company_name: '秋实服饰', username: 'qiushi', email: 'late@qiu.example', industry: 'banking', scale: '', tax_code: '91350100M000100Y44', legal_person: '' });
    expect(body<Errors>(fields).data.errors).toMatchObject({ industry: '不是有效的选项', scale: '必填项', tax_code: '统一社会信用代码格式不正确（18位，见营业执照）', legal_person: '必填项' });
    const en = await signup({ company_name: '秋实服饰', username: 'qiushi', email: 'late@qiu.example', tax_code: 'ABC' }, 'en');
    expect(body<Errors>(en).data.errors.tax_code).toBe('Not a valid unified social credit code (18 characters, as on the business licence)');
  });

  it('limits code sends per number and per address, atomically', async () => {
    base = Date.now();
    // Per address: 4 sends to four numbers, the fifth refused; another address goes on.
    for (let i = 0; i < 4; i++) expect((await send('sms', `1390000010${i}`, '192.0.2.70')).statusCode).toBe(200);
    const refused = await send('sms', '13900000109', '192.0.2.70');
    expect(refused.statusCode).toBe(429);
    expect(body(refused).message).toBe('验证码发送过于频繁，请在15分钟后再试');
    expect(body<{ retry_after: number }>(refused).data.retry_after).toBeGreaterThan(0);
    expect(await lastMessageTo(t.database.db, '13900000109')).toBeUndefined();
    expect((await send('sms', '13900000109', '192.0.2.71')).statusCode).toBe(200);
    // Per number: three codes a window from any addresses (a minute apart), the fourth refused.
    for (let i = 0; i < 3; i++) {
      at(61 * i);
      expect((await send('sms', '13900000200', `192.0.2.${80 + i}`)).statusCode).toBe(200);
    }
    at(61 * 3);
    const perNumber = await send('sms', '13900000200', '192.0.2.90');
    expect(perNumber.statusCode).toBe(429);
    expect(body(perNumber).message).toBe('验证码发送过于频繁，请在12分钟后再试');
    // A burst to one new number from one new address: never more codes than the limit.
    resetClock();
    const burst = await Promise.all(Array.from({ length: 8 }, () => send('sms', '13900000300', '192.0.2.91')));
    const codes = await sql<{ n: number }>`select count(*)::int as n from verification_codes where target = '13900000300'`.execute(t.database.db);
    expect(codes.rows[0].n).toBeLessThanOrEqual(3);
    expect(burst.filter((r) => r.statusCode === 200).length).toBe(codes.rows[0].n);
  });

  it('hands SMS to the provider at SMS_URL when configured: sent, or failed without its credentials', async () => {
    const received: Array<{ auth: string | undefined; body: { to: string; text: string } }> = [];
    let status = 200;
    const server: Server = createServer((req, res) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString()));
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, body: JSON.parse(data) as { to: string; text: string } });
        res.statusCode = status;
        res.end('{}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    t.app.config.smsUrl = `http://key:s3cret@127.0.0.1:${port}/sms/send`;
    try {
      expect((await send('sms', '13811119001', '192.0.2.100')).statusCode).toBe(200);
      await flushOutbox();
      expect(received).toHaveLength(1);
      expect(received[0].auth).toBe(`Basic ${Buffer.from('key:s3cret').toString('base64')}`);
      expect(received[0].body.to).toBe('13811119001');
      expect(received[0].body.text).toContain(await lastCodeTo(t.database.db, '13811119001'));
      expect((await lastMessageTo(t.database.db, '13811119001'))!.status).toBe('sent');
      status = 500;
      expect((await send('sms', '13811119002', '192.0.2.101')).statusCode).toBe(200);
      await flushOutbox();
      const failed = await sql<{ status: string; error: string }>`select status, error from outbox where to_address = '13811119002'`.execute(t.database.db);
      expect(failed.rows[0].status).toBe('failed');
      expect(failed.rows[0].error).toContain('answered 500');
      expect(failed.rows[0].error).not.toContain('s3cret');
    } finally {
      t.app.config.smsUrl = undefined;
      await new Promise((r) => server.close(r));
    }
  });
});

describe('company and user profiles', () => {
  let t: TestApp;
  let brand: string;
  let buyer: string;
  let maker: string;
  let brandId: number;
  beforeAll(async () => {
    t = await createTestApp({ redisUrl: undefined });
    const b = await loginOk(t.app, 'brand');
    brand = b.access_token;
    brandId = Number(b.client_id);
    buyer = (await loginOk(t.app, 'brand.buyer')).access_token;
    maker = (await loginOk(t.app, 'maker')).access_token;
  });
  afterAll(async () => t.close());

  const view = (token: string) => t.app.inject({ method: 'GET', url: '/api/clientinfoapi/client-profile/view', headers: bearer(token) });
  const save = (token: string, payload: Record<string, unknown>, lang = 'zh-CN') =>
    t.app.inject({ method: 'POST', url: '/api/clientinfoapi/client-profile/save', headers: { ...bearer(token), 'x-lang': lang }, payload });
  const upload = (url: string, token: string, name: string, content: Buffer) => {
    const form = multipart([{ name: 'file', filename: name, content, type: 'image/png' }]);
    return t.app.inject({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, ...bearer(token) } });
  };
  type Company = { id: number; version: number; can_edit: boolean; logo: string | null; [k: string]: unknown };

  it('the company administrator edits the profile; it is persisted and audited; stale or wrong input refused', async () => {
    const c = body<Company>(await view(brand)).data;
    expect(c).toMatchObject({ id: brandId, can_edit: true });
    const bad = await save(brand, { version: c.version, tax_code: '12345', scale: 'huge', name: '' });
    expect(body<Errors>(bad).data.errors).toEqual({ tax_code: '统一社会信用代码格式不正确（18位，见营业执照）', scale: '不是有效的选项', name: '必填项' });
    const res = await save(brand, { version: c.version, industry: 'apparel_brand', scale: 'large', tax_code: TAX_CODE.toLowerCase(), legal_person: '王品牌', business_scope: '服装设计与销售', province: '上海', city: '上海', address: '静安区南京西路 100 号' });
    expect(res.statusCode).toBe(200);
    const saved = body<Company>(res).data;
    expect(saved).toMatchObject({ tax_code: TAX_CODE, legal_person: '王品牌', version: c.version + 1, can_edit: true });
    const row = await sql`select industry, scale, tax_code, legal_person, address from clients where id = ${brandId}`.execute(t.database.db);
    expect(row.rows[0]).toEqual({ industry: 'apparel_brand', scale: 'large', tax_code: TAX_CODE, legal_person: '王品牌', address: '静安区南京西路 100 号' });
    const audit = await sql<{ changes: Array<{ field: string; new: unknown }> | string; username: string }>`
      select changes, username from audit_log where entity = 'client' and record_id = ${brandId} and action = 'update-company-profile' order by id desc limit 1`.execute(t.database.db);
    const changes = typeof audit.rows[0].changes === 'string' ? (JSON.parse(audit.rows[0].changes) as Array<{ field: string; new: unknown }>) : audit.rows[0].changes;
    expect(changes).toEqual(expect.arrayContaining([{ field: 'legal_person', old: null, new: '王品牌' }]));
    expect(audit.rows[0].username).toBe('brand');
    // The version read before the save is stale now.
    const stale = await save(brand, { version: c.version, legal_person: '李品牌' });
    expect(stale.statusCode).toBe(409);
  });

  it('a user who is not the administrator reads it but cannot change it; another company cannot touch it', async () => {
    const c = body<Company>(await view(buyer)).data;
    expect(c).toMatchObject({ id: brandId, can_edit: false, legal_person: '王品牌' });
    const refused = await save(buyer, { version: c.version, legal_person: '冒名' });
    expect(refused.statusCode).toBe(403);
    expect(body(refused).message).toBe('仅企业管理员可以修改企业信息');
    const en = await save(buyer, { version: c.version, legal_person: '冒名' }, 'en');
    expect(body(en).message).toBe('Only the company administrator may change the company profile');
    expect((await upload('/api/clientinfoapi/client-profile/logo', buyer, 'logo.png', solidPng(200, 200))).statusCode).toBe(403);
    // The maker's administrator saves its own company, whatever id it names.
    const m = body<Company>(await view(maker)).data;
    expect(m.id).not.toBe(brandId);
    expect((await save(maker, { id: brandId, client_id: brandId, version: m.version, legal_person: '制衣法人' })).statusCode).toBe(200);
    const rows = await sql<{ id: number; legal_person: string }>`select id, legal_person from clients where id in (${brandId}, ${m.id})`.execute(t.database.db);
    expect(Object.fromEntries(rows.rows.map((r) => [r.id, r.legal_person]))).toEqual({ [brandId]: '王品牌', [m.id]: '制衣法人' });
    expect((await t.app.inject({ method: 'GET', url: '/api/clientinfoapi/client-profile/view' })).statusCode).toBe(401);
  });

  it('the logo is checked as images are: type from the bytes, spec 9 size; stored for the company only', async () => {
    const logo = '/api/clientinfoapi/client-profile/logo';
    const text = await upload(logo, brand, 'logo.png', Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(body<Errors>(text).data.errors.file).toBe('logo.png 不是 PNG、JPEG、GIF 或 WebP 图片');
    const square = await upload(logo, brand, 'logo.png', solidPng(300, 300));
    expect(body<Errors>(square).data.errors.file).toBe('Logo 尺寸须为 702×180 或 200×200（当前 300×300）');
    const ok = await upload(logo, brand, 'brand-logo.png', solidPng(702, 180));
    expect(ok.statusCode).toBe(200);
    const r = body<{ url: string; width: number; height: number; profile: Company }>(ok).data;
    expect(r).toMatchObject({ width: 702, height: 180 });
    expect(r.profile.logo).toBe(r.url);
    expect((await sql<{ logo: string }>`select logo from clients where id = ${brandId}`.execute(t.database.db)).rows[0].logo).toBe(r.url);
    const file = await t.app.inject({ method: 'GET', url: r.url, headers: bearer(buyer) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect((await t.app.inject({ method: 'GET', url: r.url, headers: bearer(maker) })).statusCode).toBe(404);
    const audit = await sql<{ n: number }>`select count(*)::int as n from audit_log where entity = 'client' and record_id = ${brandId} and action = 'update-company-logo'`.execute(t.database.db);
    expect(audit.rows[0].n).toBe(1);
  });

  it('the user edits names, gender, title, ID and percentage; checked, persisted, audited without the ID in clear', async () => {
    const saveOwn = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/clientinfoapi/user-profile/save-profile', headers: bearer(buyer), payload });
    const bad = await saveOwn({ gender: 'x', personal_id: '110105194912310021', user_percent: '101' });
    expect(body<Errors>(bad).data.errors).toEqual({ gender: '不是有效的选项', personal_id: '身份证号码格式不正确', user_percent: '比例须在0到100之间' });
    expect(body<Errors>(await saveOwn({ user_percent: '12.34567' })).data.errors.user_percent).toBe('最多四位小数');
    const ok = await saveOwn({ last_name: '李', first_name: '小采', gender: 'female', title: '采购经理', personal_id: '11010519491231002x', user_percent: '62.5' });
    expect(ok.statusCode).toBe(200);
    expect(body(ok).data).toMatchObject({ last_name: '李', first_name: '小采', gender: 'female', title: '采购经理', personal_id: '11010519491231002X', user_percent: '62.5' });
    const mine = await t.app.inject({ method: 'GET', url: '/api/clientinfoapi/user-profile/my-profile', headers: bearer(buyer) });
    expect(body(mine).data).toMatchObject({ title: '采购经理', personal_id: '11010519491231002X', user_percent: '62.5' });
    const audit = await sql<{ changes: unknown }>`select changes from audit_log where entity = 'user' and action = 'update-own-profile' and username = 'brand.buyer' order by id desc limit 1`.execute(t.database.db);
    const text = JSON.stringify(audit.rows[0].changes);
    expect(text).toContain('采购经理');
    expect(text).not.toContain('11010519491231002X');
    expect(text).toContain('110***********002X');
    // An absent key stays; an empty one clears.
    await saveOwn({ title: '' });
    expect(body(await t.app.inject({ method: 'GET', url: '/api/clientinfoapi/user-profile/my-profile', headers: bearer(buyer) })).data).toMatchObject({ title: null, first_name: '小采' });
  });

  it('the avatar: any size with advice, refused when not an image; the sign-in reply carries it', async () => {
    const avatar = '/api/clientinfoapi/user-profile/avatar';
    const notImage = await upload(avatar, buyer, 'me.png', Buffer.from('GIF not really'));
    expect(notImage.statusCode).toBe(400);
    const big = await upload(avatar, buyer, 'me.png', solidPng(300, 200));
    expect(big.statusCode).toBe(200);
    expect(body<{ warning: string }>(big).data.warning).toBe('头像建议尺寸为 200×200（当前 300×200）');
    const ok = await upload(avatar, buyer, 'me.png', solidPng(200, 200));
    const r = body<{ url: string; warning: string | null; profile: { avatar: string } }>(ok).data;
    expect(r.warning).toBeNull();
    expect(r.profile.avatar).toBe(r.url);
    expect((await loginOk(t.app, 'brand.buyer')).avatar).toBe(r.url);
    expect((await t.app.inject({ method: 'GET', url: r.url, headers: bearer(brand) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: r.url, headers: bearer(maker) })).statusCode).toBe(404);
  });
});
