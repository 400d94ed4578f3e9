import { defineMenuGroup } from '../../src/model/menus';

/** The sample room: every sample request of the company with its rounds, comments and photos (hand-made). */
export const SAMPLE_ROOM_PATH = '/zp/development/index/samples';

/**
 * Product development and samples (issue 18), for brands and makers alike: styles with their BOM by
 * colour, routing with standard minutes, tech pack and costing versions; sample requests between a
 * brand and its maker. The lists of this folder put themselves here (their `menu`).
 */
export const developmentGroup = defineMenuGroup({
  code: 'development',
  platforms: ['SRM', 'SFCENTER'],
  companies: ['brand', 'maker'],
  title: { zh: '产品开发与打样', en: 'Product development' },
  icon: 'production',
  entries: [
    { code: 'dev.sample.room', furl: SAMPLE_ROOM_PATH, title: { zh: '打样协同', en: 'Sample room' }, order: 30 },
    // The batch image upload (matched by style code), as the material pictures are uploaded.
    { code: 'dev.style.uploadimg', furl: '/page/uploadimg/style', title: { zh: '批量上传款式图', en: 'Style images upload' }, order: 15 },
  ],
});
