import { definePage } from '../../src/model';
import { rptTile } from '../../src/model/entities/rpttile.entity';
import { companyRoles } from './alerts.grid';

/**
 * The tile designer (issue 34, `/rpt/page/tiles`, menu 报表分析 > 指标卡设计 in reports/menu.ts; the
 * tower's pencil on a tile opens it with `?edit=<id>`): the company's tiles and the caller's own
 * personal ones (the entity's `personal.sharedWhen`, applied by the server), a drawer to compose one
 * (the dataset's measure, grouping and filters, the period and the chart with its live preview are the
 * page's widgets, src/client/pages/visual/tiles/TilesPage.tsx); saved through the save hook that checks
 * every field against the dataset's declaration; removed at the version read, asked first.
 */
export const tilesPage = definePage({
  opt: 'tiles',
  cata: 'rpt',
  kind: 'page',
  entity: rptTile.name,
  title: { zh: '指标卡设计', en: 'Tile designer' },
  purpose: {
    zh: '用报表数据集组合指标卡：指标与汇总方式、分组、筛选、期间、图表和阈值；放在企业看板（可按角色共享）或自己的个人看板，按查看者的数据权限计算。',
    en: 'Compose tiles from report datasets: a measure and its aggregation, groupings, filters, a period, a chart and thresholds; on the company dashboard (shared with roles) or your own, figured as each viewer may read the rows.',
  },
  columns: [
    { field: 'name', width: 200, pinned: 'left' },
    { field: 'report', width: 250 },
    { field: 'measure', width: 120, hide: true },
    { field: 'aggregation', width: 110 },
    { field: 'chart', width: 160 },
    { field: 'period', width: 110 },
    { field: 'scope', width: 150 },
    { field: 'span', width: 80 },
    { field: 'sort_no', width: 80 },
  ],
  actions: [{ kind: 'create' }, { kind: 'edit' }, { kind: 'remove' }],
  quickSearch: ['name'],
  // The tower's pencil on a tile links here with `?edit=<id>`.
  openParam: 'edit',
  form: [
    {
      modelName: 'base',
      form: [
        { field: 'name', spanClass: 'full' },
        { field: 'report', spanClass: 'full' },
        { field: 'measure', spanClass: 'half' },
        { field: 'aggregation', spanClass: 'half' },
        { field: 'group_by', spanClass: 'full' },
        { field: 'filters', spanClass: 'full' },
        { field: 'period', spanClass: 'half' },
        { field: 'period_field', spanClass: 'half' },
        { field: 'chart', spanClass: 'full' },
        { field: 'thresholds', spanClass: 'full' },
        { field: 'color', spanClass: 'half' },
        { field: 'span', spanClass: 'half' },
        { field: 'scope', spanClass: 'half' },
        { field: 'sort_no', spanClass: 'half' },
        { field: 'share_roles', spanClass: 'full', visible: { relatedStateFields: { scope: ['company'] } }, ...companyRoles },
      ],
    },
  ],
});
