import { defineMenuGroup, ROLES } from '../../src/model';

/** The scan validation page (spec 2: /zp/prodmgm/index/vfscanvalidate), a hand-made screen of this group. */
export const SCAN_VALIDATE_PATH = '/zp/prodmgm/index/vfscanvalidate';

/**
 * Production execution (spec: work orders, the scan validation page): the garment maker's, for the
 * same roles as the planning menus (planner, line manager, administrators). The work order, bundle
 * and scan lists of this folder put themselves here (their `menu`).
 */
export const productionGroup = defineMenuGroup({
  code: 'production',
  platforms: ['SRM', 'SFCENTER'],
  companies: ['maker'],
  title: { zh: '生产执行', en: 'Production execution' },
  icon: 'production',
  entries: [
    {
      code: 'scm.workorder.scan',
      furl: SCAN_VALIDATE_PATH,
      title: { zh: '扫描校验', en: 'Scan validation' },
      roles: [ROLES.planner, ROLES.lineManager, ROLES.clientAdmin, ROLES.admin],
      order: 20,
    },
  ],
});
