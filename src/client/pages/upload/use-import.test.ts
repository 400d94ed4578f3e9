import { describe, expect, it } from 'vitest';
import type { UploadLink } from '../../engine/upload-api';
import { uploadFormOf } from './use-import';

/** The mode an upload asks for (issue 33: "update existing only" is mode=update). */
describe('the import mode sent with an upload', () => {
  const link = (upsert: boolean): UploadLink => ({ entity: 'purorder', title: '采购订单', menuCode: 'po', version: 'v', templateUrl: '', importUrl: '', upsert, masterDetail: true });
  const file = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'po.xlsx');
  const modeOf = (l: UploadLink, upsert: boolean, updateOnly: boolean) => uploadFormOf(l, file, { upsert, updateOnly, validOnly: false, direct: false, advanced: false, lang: 'zh-CN' }).get('mode');

  it('inserts by default, updates by code when asked, and only updates when "update existing only" is ticked as well', () => {
    expect(modeOf(link(true), false, false)).toBe('insert');
    expect(modeOf(link(true), false, true)).toBe('insert');
    expect(modeOf(link(true), true, false)).toBe('upsert');
    expect(modeOf(link(true), true, true)).toBe('update');
  });

  it('an entity without a business code is only inserted', () => {
    expect(modeOf(link(false), true, true)).toBe('insert');
  });
});
