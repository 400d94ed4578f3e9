import { defineMenuGroup, ROLES } from '../../src/model';
import { INSPECTION_BRAND_MENU } from '../../src/model/entities/inspection.entity';

/** The inspection workstation (keyboard only, large targets), a hand-made screen of this group. */
export const INSPECT_STATION_PATH = '/zp/quality/index/inspectstation';

/** Who inspects and reads inspections: as production (planner, line manager, administrators) and the line's members. */
export const QUALITY_ROLES = [ROLES.planner, ROLES.lineManager, ROLES.lineMember, ROLES.clientAdmin, ROLES.admin];

/**
 * Quality inspection (issue 18): the garment maker's defect catalogue, inspection records and the
 * inspection workstation. The lists of this folder put themselves here (their `menu`).
 */
export const qualityGroup = defineMenuGroup({
  code: 'quality',
  platforms: ['SRM', 'SFCENTER'],
  companies: ['maker'],
  title: { zh: '质量检验', en: 'Quality inspection' },
  icon: 'quality',
  entries: [
    {
      code: 'qm.inspection.station',
      furl: INSPECT_STATION_PATH,
      title: { zh: '检验工位', en: 'Inspection station' },
      roles: QUALITY_ROLES,
      order: 10,
    },
  ],
});

/** The brand's page of its own orders' inspection results at its makers (hand-made). */
export const BRAND_INSPECTIONS_PATH = '/scm/page/order-inspections';

/** The brand reads its orders' results from its orders menu, as it follows their nodes. */
export const brandInspectionsMenu = defineMenuGroup({
  code: 'orders',
  platforms: ['SRM'],
  companies: ['brand'],
  title: { zh: '订单与需求分配', en: 'Orders and allocation' },
  icon: 'production',
  entries: [{ code: INSPECTION_BRAND_MENU, furl: BRAND_INSPECTIONS_PATH, title: { zh: '订单质检结果', en: 'Order inspection results' }, order: 16 }],
});
