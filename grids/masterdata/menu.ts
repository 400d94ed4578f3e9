import { defineMenuGroup, pageRoute } from '../../src/model';
import { companyPage } from './company.grid';
import { customerPage } from './customer.grid';
import { materialPage } from './material.grid';
import { orgPage } from './org.grid';
import { plantPage } from './plant.grid';
import { positionPage } from './position.grid';
import { processPage } from './process.grid';
import { vendorPage } from './vendor.grid';
import { worklinePage } from './workline.grid';
import { workshopPage } from './workshop.grid';

/** The master-data menu group, on every platform (spec 1: master data serves all sides). */
export const masterdataMenu = defineMenuGroup({
  code: 'masterdata',
  platforms: '*',
  title: { zh: '主数据', en: 'Master data' },
  icon: 'masterdata',
  entries: [customerPage, vendorPage, materialPage, companyPage, plantPage, orgPage, positionPage, workshopPage, worklinePage, processPage].map((p) => ({
    code: p.menuCode,
    furl: pageRoute(p),
    title: p.title,
  })),
});
