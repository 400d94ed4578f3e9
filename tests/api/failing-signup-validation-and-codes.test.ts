import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { clock, resetClock } from '../../src/server/access/clock';
import { checkCode } from '../../src/server/access/codes.service';
import { createTestApp, type TestApp } from '../support/test-app';
import { body, lastCodeTo } from './access-test-helpers';

type Errors = { errors: Record<string, string> };

describe('failing sign-up: field rules and verification codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(() => resetClock());
  afterAll(async () => t.close());

  let base = Date.now();
  const at = (seconds: number) => {
    clock.now = () => base + seconds * 1000;
  };
  const sendCode = (target: string, channel = 'email') => t.app.inject({ method: 'POST', url: '/api/utilsapi/send-code', payload: { channel, target, purpose: 'signup' } });
  const signup = (fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST', url: '/api/utilsapi/signup',
      payload: {
        company_name: '测试公司', company_type: 'supplier', username: 'tester', password: 'Secret123', email: 'tester@example.com', mobile: '13612345678', email_code: '000000',
        industry: 'fabric', scale: 'micro', tax_code: '91350100M000100Y43', legal_person: '张法人', ...fields,
      },
    });
  const clients = async () => (await sql<{ n: number }>`select count(*)::int as n from clients`.execute(t.database.db)).rows[0].n;

  it('every field error is reported at once with the spec 5 messages', async () => {
    const res = await signup({ company_name: '', company_type: 'bank', username: '张三', password: 'abcdef', email: 'not-an-email', mobile: '12345' });
    expect(res.statusCode).toBe(400);
    const b = body<Errors>(res);
    expect(b.code).toBe(11000);
    expect(b.data.errors).toEqual({
      company_name: '必填项',
      company_type: '不是有效的选项',
      username: '不能包含中文字符',
      password: '密码须为6到20位，且同时包含字母和数字',
      email: '不是有效的邮箱地址',
      mobile: '不是有效的手机号码',
    });
    const en = await t.app.inject({ method: 'POST', url: '/api/utilsapi/signup', headers: { 'x-lang': 'en' }, payload: { username: 'brand', email: 'brand@demo.local' } });
    expect(body<Errors>(en).data.errors).toMatchObject({ username: 'This username already exists', email: 'This e-mail is already registered', company_name: 'Required', password: 'Required', mobile: 'Required' });
    const mismatch = await signup({ repeat: 'Secret124' });
    expect(body<Errors>(mismatch).data.errors.repeat).toBe('两次输入的密码不一致');
    const taken = await signup({ company_name: '悦衣品牌' });
    expect(body<Errors>(taken).data.errors.company_name).toBe('该企业名称已注册');
  });

  it('a code is valid 10 minutes: accepted at 9:59, refused at 10:01; nothing is written when refused', async () => {
    base = Date.now();
    at(0);
    await sendCode('early@example.com');
    const early = await lastCodeTo(t.database.db, 'early@example.com');
    await sendCode('late@example.com');
    const late = await lastCodeTo(t.database.db, 'late@example.com');
    await sendCode('13600000101', 'sms');
    const earlySms = await lastCodeTo(t.database.db, '13600000101');
    at(9 * 60 + 59);
    const ok = await signup({ username: 'early.bird', email: 'early@example.com', email_code: early, mobile: '13600000101', mobile_code: earlySms, company_name: '早鸟服饰' });
    expect(ok.statusCode).toBe(200);
    at(10 * 60 + 1);
    const before = await clients();
    const res = await signup({ username: 'late.bird', email: 'late@example.com', email_code: late, company_name: '晚鸟服饰' });
    expect(res.statusCode).toBe(400);
    expect(body<Errors>(res).data.errors.email_code).toBe('验证码已过期，请重新获取');
    expect(await clients()).toBe(before);
    const users = await sql<{ n: number }>`select count(*)::int as n from users where username = 'late.bird'`.execute(t.database.db);
    expect(users.rows[0].n).toBe(0);
  });

  it('a used code cannot be used again', async () => {
    base = Date.now();
    at(0);
    await sendCode('once@example.com');
    const code = await lastCodeTo(t.database.db, 'once@example.com');
    await sendCode('13600000102', 'sms');
    const sms = await lastCodeTo(t.database.db, '13600000102');
    expect((await signup({ username: 'once.a', email: 'once@example.com', email_code: code, mobile: '13600000102', mobile_code: sms, company_name: '一次服饰' })).statusCode).toBe(200);
    const row = await sql<{ used_at: string | null }>`select used_at from verification_codes where target = 'once@example.com'`.execute(t.database.db);
    expect(row.rows[0].used_at).not.toBeNull();
    // The address is now taken, so ask the code check itself whether the spent code still passes.
    await expect(checkCode(t.database.db, t.config, { channel: 'email', target: 'once@example.com', purpose: 'signup', code, field: 'email_code' })).rejects.toMatchObject({ fields: { email_code: { key: 'access.codeInvalid' } } });
  });

  it('resending waits 60 seconds, and at most 10 codes an hour', async () => {
    base = Date.now();
    at(0);
    expect((await sendCode('13600000001', 'sms')).statusCode).toBe(200);
    at(30);
    const soon = await sendCode('13600000001', 'sms');
    expect(soon.statusCode).toBe(429);
    expect(body(soon).message).toBe('发送过于频繁，请在30秒后重新发送');
    for (let i = 1; i < 10; i++) {
      at(61 * i);
      expect((await sendCode('13600000001', 'sms')).statusCode).toBe(200);
    }
    at(61 * 10);
    const hourly = await sendCode('13600000001', 'sms');
    expect(hourly.statusCode).toBe(429);
    expect(body(hourly).message).toBe('验证码发送次数过多，请一小时后再试');
  });

  it('five wrong codes burn the code, even for the right one afterwards', async () => {
    base = Date.now();
    at(0);
    await sendCode('guess@example.com');
    const code = await lastCodeTo(t.database.db, 'guess@example.com');
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 4; i++) expect(body<Errors>(await signup({ username: 'guess.me', email: 'guess@example.com', email_code: wrong, company_name: '猜码服饰' })).data.errors.email_code).toBe('验证码不正确');
    expect(body<Errors>(await signup({ username: 'guess.me', email: 'guess@example.com', email_code: wrong, company_name: '猜码服饰' })).data.errors.email_code).toBe('验证码错误次数过多，请重新获取');
    const right = await signup({ username: 'guess.me', email: 'guess@example.com', email_code: code, company_name: '猜码服饰' });
    expect(body<Errors>(right).data.errors.email_code).toBe('验证码错误次数过多，请重新获取');
  });

  it('send-code and signup-join refuse bad input as field errors', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/utilsapi/send-code', payload: { channel: 'fax', target: '', purpose: 'x' } });
    expect(body<Errors>(bad).data.errors).toEqual({ channel: '不是有效的选项', purpose: '不是有效的选项', target: '必填项' });
    const badMail = await t.app.inject({ method: 'POST', url: '/api/utilsapi/send-code', payload: { channel: 'email', target: 'nope' } });
    expect(body<Errors>(badMail).data.errors.target).toBe('不是有效的邮箱地址');
    const typed = await t.app.inject({ method: 'POST', url: '/api/utilsapi/send-code', payload: { channel: 'email', target: { a: 1 } } });
    expect(typed.statusCode).toBe(400);
    const join = await t.app.inject({ method: 'POST', url: '/api/utilsapi/signup-join', payload: { invite_code: 'NOPE', username: 'x y', password: '1', email: 'a@b.cn', mobile: '13612345678' } });
    expect(body<Errors>(join).data.errors).toMatchObject({ invite_code: '邀请码无效', username: '用户名须为3到50位字母、数字或 _ . @ -', password: '密码须为6到20位，且同时包含字母和数字' });
  });
});

describe('the strict password rule where configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ passwordRule: 'pwdstrong' });
  });
  afterAll(async () => t.close());

  it('asks for upper case, lower case and digits', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/utilsapi/signup', payload: { password: 'secret123' } });
    expect(body<Errors>(res).data.errors.password).toBe('密码须为6到20位，且同时包含大写字母、小写字母和数字');
    const fine = await t.app.inject({ method: 'POST', url: '/api/utilsapi/signup', payload: { password: 'Secret123' } });
    expect(body<Errors>(fine).data.errors.password).toBeUndefined();
  });
});
