import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { attachmentDisposition, refuseIfGone } from './menu-call';

describe('attachmentDisposition', () => {
  it('names the file in UTF-8 and, for plain readers, in ASCII with the extension kept', () => {
    expect(attachmentDisposition('节点计划_2026-12-06.xlsx')).toBe(`attachment; filename="2026-12-06.xlsx"; filename*=UTF-8''${encodeURIComponent('节点计划_2026-12-06.xlsx')}`);
    expect(attachmentDisposition('Node plans_2026-12-06.xlsx')).toBe("attachment; filename=\"Node_plans_2026-12-06.xlsx\"; filename*=UTF-8''Node%20plans_2026-12-06.xlsx");
    expect(attachmentDisposition('报表.xlsx')).toMatch(/^attachment; filename="download\.xlsx"; /);
    expect(attachmentDisposition('a"b\r\n.csv')).toMatch(/^attachment; filename="a_b\.csv"; /);
  });
});

describe('refuseIfGone', () => {
  // What Node gives: a request reads as destroyed once its body is read; only its socket says the caller left.
  const req = (requestDestroyed: boolean, socketDestroyed: boolean) => ({ raw: { destroyed: requestDestroyed, socket: { destroyed: socketDestroyed } } }) as unknown as Pick<FastifyRequest, 'raw'>;
  it('refuses a read whose caller closed the connection, before its handler', () => {
    expect(() => refuseIfGone({ method: 'GET' }, req(true, true))).toThrow(expect.objectContaining({ messageKey: 'err.requestTimeout', status: 408 }));
  });
  it('runs a read whose caller waits (its body read), and any write', () => {
    expect(() => refuseIfGone({ method: 'GET' }, req(true, false))).not.toThrow();
    expect(() => refuseIfGone({ method: 'GET' }, req(false, false))).not.toThrow();
    expect(() => refuseIfGone({ method: 'POST' }, req(true, true))).not.toThrow();
    expect(() => refuseIfGone({ method: 'DELETE' }, req(true, true))).not.toThrow();
  });
});
