import { defineMenuGroup, ROLES } from '../../src/model';

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
