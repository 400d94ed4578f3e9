import { definePage } from '../../src/model';
import { style } from '../../src/model/entities/style.entity';

/**
 * Styles (issue 18): code, name, season, category, customer, size range, colours, picture; the BOM
 * by colour (materials of the master data, consumption per piece, wastage, price from the material
 * when left empty), the routing (processes with SMV per piece; the in-house total is what plans
 * count) and the tech pack as editable child grids. Approving locks the style for orders and plans.
 */
const states = style.states!;
const tab = (code: string) => ({ key: code, label: states.states.find((s) => s.code === code)!.label, filter: { status: code } });

export const stylePage = definePage({
  opt: 'style',
  cata: 'scm',
  kind: 'masterdetail',
  entity: 'style',
  menu: { group: 'development', order: 10 },
  title: { zh: '款式管理', en: 'Styles' },
  purpose: { zh: '款式的颜色、尺码段、BOM、工艺路线与工艺资料；确认后用于大货需求订单与生产计划。', en: 'Styles with colours, size range, BOM, routing and tech pack; approved styles are ordered and planned.' },
  columns: [
    { field: 'image', width: 72 },
    { field: 'code', width: 130, pinned: 'left' },
    { field: 'name', width: 180 },
    { field: 'status', width: 130 },
    { field: 'year', width: 80 },
    { field: 'season', width: 130 },
    { field: 'category', width: 120 },
    { field: 'customer_id', width: 180 },
    { field: 'colours', width: 160 },
    { field: 'size_range', width: 140 },
    { field: 'total_smv', width: 130 },
    { field: 'designer', width: 100 },
    { field: 'approved_at', width: 170 },
    { field: 'updated_at', width: 170 },
  ],
  statusTabs: [{ key: 'all', label: { zh: '全部', en: 'All' }, filter: {} }, tab('draft'), tab('approved'), tab('retired')],
  actions: [
    { kind: 'create' },
    { kind: 'edit' },
    { kind: 'remove' },
    { kind: 'transition', action: 'approve' },
    { kind: 'transition', action: 'revise' },
    { kind: 'transition', action: 'retire' },
    { kind: 'import' },
    { kind: 'export' },
    { kind: 'history' },
    { kind: 'view' },
  ],
  quickSearch: ['code', 'name'],
  form: [
    {
      modelName: 'base',
      title: { zh: '款式信息', en: 'Style' },
      form: [
        { field: 'code', spanClass: 'third' },
        { field: 'name', spanClass: 'third' },
        { field: 'status', spanClass: 'third', readonly: true, isNotPost: true },
        { field: 'year', spanClass: 'third' },
        { field: 'season', spanClass: 'third' },
        { field: 'category', spanClass: 'third' },
        { field: 'customer_id', spanClass: 'third' },
        { field: 'designer', spanClass: 'third' },
        { field: 'fabric_desc', spanClass: 'third' },
        { field: 'colours', spanClass: 'half' },
        { field: 'size_range', spanClass: 'half' },
        { field: 'image', spanClass: 'half' },
        { field: 'total_smv', spanClass: 'third', readonly: true, isNotPost: true },
        { field: 'remark', spanClass: 'full' },
      ],
    },
  ],
  children: [
    { child: 'bom', columns: ['colour', 'material_id', 'unit', 'consumption', 'wastage_pct', 'unit_price', 'position', 'seq'], editable: true },
    { child: 'routing', columns: ['seq', 'process_id', 'smv', 'outsourced', 'outsource_price', 'remark'], editable: true },
    { child: 'techpack', columns: ['kind', 'name', 'url', 'remark'], editable: true },
  ],
});
