import { describe, expect, it } from 'vitest';
import { backoffMs, isInternalAddress, normaliseHost, openSecret, pushUrlProblem, sealSecret, signatureHeader, signBody, verifySignature } from './push-signature';

describe('push signature', () => {
  const secret = 'whsec_test';
  const body = '{"id":"e1","DATA":[{"name":"面料"}]}';

  it('is the HMAC-SHA256 of "<timestamp>.<body>", verified in its tolerance only', () => {
    // Known answer: printf '1700000000.{"a":1}' | openssl dgst -sha256 -hmac whsec_test
    expect(signBody(secret, 1700000000, '{"a":1}')).toBe('38877139021993b830af32feea6e18a8da83eb2f6e49ee50bd9e4cf4ca4d3789');
    const header = signatureHeader(secret, 1700000000, body);
    expect(header).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
    expect(verifySignature(secret, header, body, 1700000000 + 10)).toBe(true);
    expect(verifySignature(secret, header, body, 1700000000 + 301)).toBe(false);
    expect(verifySignature('whsec_other', header, body, 1700000000)).toBe(false);
    expect(verifySignature(secret, header, body.replace('面料', '辅料'), 1700000000)).toBe(false);
    expect(verifySignature(secret, header.replace('t=1700000000', 't=1700000001'), body, 1700000000)).toBe(false);
    expect(verifySignature(secret, undefined, body, 1700000000)).toBe(false);
    expect(verifySignature(secret, 't=x,v1=zz', body, 1700000000)).toBe(false);
  });

  it('seals a secret so that only the same server secret opens it', () => {
    const sealed = sealSecret('server-a', secret);
    expect(sealed).not.toContain(secret);
    expect(sealSecret('server-a', secret)).not.toBe(sealed);
    expect(openSecret('server-a', sealed)).toBe(secret);
    expect(openSecret('server-b', sealed)).toBeNull();
    expect(openSecret('server-a', 'garbage')).toBeNull();
  });
});

describe('push address rule', () => {
  const hosts = ['erp.example.com', 'mes.example.com:8443'];
  it('wants https on an allowed host, never an internal address, http to loopback only when allowed', () => {
    expect(pushUrlProblem('https://erp.example.com/hook', hosts, false)).toBeNull();
    expect(pushUrlProblem('https://mes.example.com:8443/in', hosts, false)).toBeNull();
    expect(pushUrlProblem('https://mes.example.com/in', hosts, false)).toBe('hostNotAllowed');
    expect(pushUrlProblem('http://erp.example.com/hook', hosts, false)).toBe('notHttps');
    expect(pushUrlProblem('https://evil.example.net/', hosts, false)).toBe('hostNotAllowed');
    expect(pushUrlProblem('https://user:pw@erp.example.com/', hosts, false)).toBe('badUrl');
    expect(pushUrlProblem('ftp://erp.example.com/', hosts, false)).toBe('badUrl');
    expect(pushUrlProblem('not a url', hosts, false)).toBe('badUrl');
    expect(pushUrlProblem('https://10.1.2.3/', ['10.1.2.3'], false)).toBe('internalAddress');
    expect(pushUrlProblem('https://[fd00::1]/', ['[fd00::1]'], false)).toBe('internalAddress');
    expect(pushUrlProblem('http://127.0.0.1:9000/hook', hosts, false)).toBe('internalAddress');
    expect(pushUrlProblem('http://127.0.0.1:9000/hook', hosts, true)).toBeNull();
    expect(pushUrlProblem('http://localhost:9000/hook', hosts, true)).toBeNull();
  });

  it('tells internal addresses from public ones', () => {
    for (const a of ['10.0.0.1', '127.0.0.1', '169.254.169.254', '172.16.0.1', '172.31.255.255', '192.168.1.1', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fc00::1', '::ffff:10.0.0.1']) expect(isInternalAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '172.32.0.1', '100.128.0.1', '2001:4860:4860::8888', 'erp.example.com']) expect(isInternalAddress(a), a).toBe(false);
  });

  it('keeps hosts as host or host:port, lower case', () => {
    expect(normaliseHost(' ERP.Example.com ')).toBe('erp.example.com');
    expect(normaliseHost('erp.example.com:8443')).toBe('erp.example.com:8443');
    expect(normaliseHost('https://erp.example.com')).toBeNull();
    expect(normaliseHost('erp.example.com/path')).toBeNull();
    expect(normaliseHost('a@erp.example.com')).toBeNull();
    expect(normaliseHost('')).toBeNull();
  });
});

describe('retry backoff', () => {
  it('doubles from the base, with a tenth of jitter either way', () => {
    expect([1, 2, 3, 4, 5].map((a) => backoffMs(a, 30_000, () => 0.5))).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
    expect(backoffMs(1, 1000, () => 0)).toBe(900);
    expect(backoffMs(1, 1000, () => 1)).toBe(1100);
  });
});
