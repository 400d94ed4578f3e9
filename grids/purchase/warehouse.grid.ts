import { definePage } from '../../src/model';

/** Warehouse locations per plant. */
export const warehouseLocationPage = definePage({
  opt: 'warehouselocation',
  cata: 'srm',
  kind: 'index',
  entity: 'warehouselocation',
  menu: { group: 'purchase', order: 40, companies: ['brand', 'maker'] },
  title: { zh: '库位', en: 'Locations' },
  columns: [{ field: 'code', width: 140, pinned: 'left' }, { field: 'name', width: 220 }, { field: 'plant_id', width: 180 }, { field: 'remark', width: 200 }, { field: 'updated_at', width: 170 }],
  actions: [{ kind: 'create' }, { kind: 'edit' }, { kind: 'remove' }, { kind: 'import' }, { kind: 'export' }, { kind: 'history' }],
  quickSearch: ['code', 'name'],
  form: [{ modelName: 'base', title: { zh: '库位', en: 'Location' }, form: [{ field: 'code', spanClass: 'half' }, { field: 'name', spanClass: 'half' }, { field: 'plant_id', spanClass: 'half' }, { field: 'remark', spanClass: 'full' }] }],
  // Minimum and reorder levels per material: below them a stock movement alerts the purchasers (issue 35).
  children: [{ child: 'levels', columns: [{ field: 'material_id', width: 320 }, { field: 'min_qty', width: 140 }, { field: 'reorder_qty', width: 140 }, { field: 'remark', width: 360 }], editable: true }],
});

/** Stock on hand by material and location (written by receipts, moves, transfers, returns, call-offs). */
export const stockBalancePage = definePage({
  opt: 'stockbalance',
  cata: 'srm',
  kind: 'index',
  entity: 'stockbalance',
  menu: { group: 'purchase', order: 50, companies: ['brand', 'maker'] },
  title: { zh: '库存', en: 'Stock' },
  columns: [{ field: 'material_id', width: 240, pinned: 'left' }, { field: 'location_id', width: 200 }, { field: 'qty', aggregate: 'sum', width: 130 }, { field: 'updated_at', width: 170 }],
  // A material may be registered at a location with nothing on hand; quantities come only from documents.
  actions: [{ kind: 'create' }, { kind: 'remove' }, { kind: 'export' }],
  form: [{ modelName: 'base', title: { zh: '库存记录', en: 'Stock row' }, form: [{ field: 'material_id', spanClass: 'half' }, { field: 'location_id', spanClass: 'half' }] }],
});

/** Stock history: every change of a balance with the document behind it. */
export const stockLedgerPage = definePage({
  opt: 'stockledger',
  cata: 'srm',
  kind: 'index',
  entity: 'stockledger',
  menu: { group: 'purchase', order: 60, companies: ['brand', 'maker'] },
  title: { zh: '库存流水', en: 'Stock history' },
  columns: [{ field: 'created_at', width: 170 }, { field: 'material_id', width: 220 }, { field: 'location_id', width: 180 }, 'move_type', { field: 'qty_change', width: 110 }, { field: 'qty_after', width: 120 }, { field: 'doc_no', width: 150 }, { field: 'remark', width: 160 }],
  actions: [{ kind: 'edit' }, { kind: 'export' }, { kind: 'history' }],
  quickSearch: ['doc_no'],
  form: [{ modelName: 'base', title: { zh: '备注', en: 'Note' }, form: [{ field: 'remark', spanClass: 'full' }] }],
});

/** Moves within a plant, transfers between plants and purchase returns; posting changes the stock. */
export const stockMovePage = definePage({
  opt: 'stockmove',
  cata: 'srm',
  kind: 'index',
  entity: 'stockmove',
  menu: { group: 'purchase', order: 70, companies: ['brand', 'maker'] },
  title: { zh: '移库调拨与退货', en: 'Moves, transfers and returns' },
  columns: [{ field: 'move_no', width: 150, pinned: 'left' }, { field: 'status', width: 100 }, 'move_type', { field: 'material_id', width: 220 }, { field: 'from_location_id', width: 180 }, { field: 'to_location_id', width: 180 }, { field: 'purorder_id', width: 160 }, { field: 'qty', aggregate: 'sum' }, { field: 'posted_at', width: 170 }, { field: 'remark', width: 160 }],
  statusTabs: [
    { key: 'all', label: { zh: '全部', en: 'All' }, filter: {} },
    { key: 'draft', label: { zh: '草稿', en: 'Draft' }, filter: { status: 'draft' } },
    { key: 'posted', label: { zh: '已过账', en: 'Posted' }, filter: { status: 'posted' } },
  ],
  actions: [{ kind: 'create' }, { kind: 'edit' }, { kind: 'remove' }, { kind: 'transition', action: 'post' }, { kind: 'export' }, { kind: 'history' }, { kind: 'view' }],
  quickSearch: ['move_no'],
  form: [
    {
      modelName: 'base',
      title: { zh: '库存业务', en: 'Movement' },
      form: [
        { field: 'move_no', spanClass: 'third' },
        { field: 'move_type', spanClass: 'third' },
        { field: 'material_id', spanClass: 'third' },
        { field: 'from_location_id', spanClass: 'third' },
        { field: 'to_location_id', spanClass: 'third' },
        { field: 'purorder_id', spanClass: 'third' },
        { field: 'qty', spanClass: 'third' },
        { field: 'remark', spanClass: 'full' },
      ],
    },
  ],
});

/** Material call-off (spec 4: accept, call, receive or reject, close out). */
export const materialCallOffPage = definePage({
  opt: 'materialcalloff',
  cata: 'srm',
  kind: 'index',
  entity: 'materialcalloff',
  menu: { group: 'purchase', order: 80, companies: ['brand', 'maker'] },
  title: { zh: '物料叫料', en: 'Material call-off' },
  columns: [{ field: 'calloff_no', width: 150, pinned: 'left' }, { field: 'status', width: 100 }, { field: 'material_id', width: 220 }, { field: 'location_id', width: 180 }, { field: 'qty', aggregate: 'sum' }, 'need_date', { field: 'reject_reason', width: 180 }, { field: 'remark', width: 160 }],
  statusTabs: [
    { key: 'all', label: { zh: '全部', en: 'All' }, filter: {} },
    { key: 'new', label: { zh: '待接收', en: 'New' }, filter: { status: 'new' } },
    { key: 'accepted', label: { zh: '已接收', en: 'Accepted' }, filter: { status: 'accepted' } },
    { key: 'called', label: { zh: '已叫料', en: 'Called' }, filter: { status: 'called' } },
    { key: 'received', label: { zh: '已收料', en: 'Received' }, filter: { status: 'received' } },
    { key: 'rejected', label: { zh: '已拒收', en: 'Rejected' }, filter: { status: 'rejected' } },
    { key: 'closed', label: { zh: '已结案', en: 'Closed out' }, filter: { status: 'closed' } },
  ],
  actions: [
    { kind: 'create' },
    { kind: 'edit' },
    { kind: 'remove' },
    { kind: 'transition', action: 'accept' },
    { kind: 'transition', action: 'call' },
    { kind: 'transition', action: 'receive' },
    { kind: 'transition', action: 'reject' },
    { kind: 'transition', action: 'close' },
    { kind: 'export' },
    { kind: 'history' },
  ],
  quickSearch: ['calloff_no'],
  form: [
    {
      modelName: 'base',
      title: { zh: '叫料', en: 'Call-off' },
      form: [
        { field: 'calloff_no', spanClass: 'third' },
        { field: 'material_id', spanClass: 'third' },
        { field: 'location_id', spanClass: 'third' },
        { field: 'qty', spanClass: 'third' },
        { field: 'need_date', spanClass: 'third' },
        { field: 'remark', spanClass: 'full' },
      ],
    },
  ],
});
