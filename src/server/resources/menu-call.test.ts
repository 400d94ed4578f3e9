import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './menu-call';

describe('attachmentDisposition', () => {
  it('names the file in UTF-8 and, for plain readers, in ASCII with the extension kept', () => {
    expect(attachmentDisposition('节点计划_2026-12-06.xlsx')).toBe(`attachment; filename="2026-12-06.xlsx"; filename*=UTF-8''${encodeURIComponent('节点计划_2026-12-06.xlsx')}`);
    expect(attachmentDisposition('Node plans_2026-12-06.xlsx')).toBe("attachment; filename=\"Node_plans_2026-12-06.xlsx\"; filename*=UTF-8''Node%20plans_2026-12-06.xlsx");
    expect(attachmentDisposition('报表.xlsx')).toMatch(/^attachment; filename="download\.xlsx"; /);
    expect(attachmentDisposition('a"b\r\n.csv')).toMatch(/^attachment; filename="a_b\.csv"; /);
  });
});
