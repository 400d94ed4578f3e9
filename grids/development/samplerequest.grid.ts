import { definePage, type ColumnDecl } from '../../src/model';
import { sampleRequest } from '../../src/model/entities/samplerequest.entity';
import { SAMPLE_ROOM_PATH } from './menu';

/**
 * Sample requests (issue 18): the list of both directions (requested by us, from our customers) by
 * state, with the toolbar's actions; a new request is written here (style, type, maker, due date)
 * and sent. Rounds, comments and photos are in the sample room (SAMPLE_ROOM_PATH).
 */
const states = sampleRequest.states!;
const tab = (code: string) => ({ key: code, label: states.states.find((s) => s.code === code)!.label, filter: { status: code } });

const columns: ColumnDecl[] = [
  { field: 'style_image', width: 72 },
  { field: 'req_no', width: 160, pinned: 'left' },
  { field: 'direction', width: 110 },
  { field: 'status', width: 100 },
  { field: 'sample_type', width: 120 },
  { field: 'style_code', width: 120 },
  { field: 'style_name', width: 160 },
  { field: 'partner_name', width: 180 },
  { field: 'round', width: 70 },
  { field: 'due_date', width: 120 },
  { field: 'colour', width: 100 },
  { field: 'sizes', width: 100 },
  { field: 'qty', width: 80 },
  { field: 'reject_reason', width: 200 },
  { field: 'sent_at', width: 170 },
  { field: 'submitted_at', width: 170 },
  { field: 'decided_at', width: 170 },
];

export const sampleRequestPage = definePage({
  opt: 'samplerequest',
  cata: 'scm',
  kind: 'index',
  entity: 'samplerequest',
  menu: { group: 'development', order: 25 },
  title: { zh: '打样申请', en: 'Sample requests' },
  purpose: {
    zh: `向工厂发出初样、试身样、齐码样、产前样与船样申请并跟踪状态；逐轮的意见与照片在“打样协同”（${SAMPLE_ROOM_PATH}）。`,
    en: `Proto, fit, size-set, pre-production and shipment sample requests to makers and their states; each round's comments and photos are in the sample room (${SAMPLE_ROOM_PATH}).`,
  },
  columns,
  statusTabs: [
    { key: 'all', label: { zh: '全部', en: 'All' }, filter: {} },
    { key: 'out', label: { zh: '我方发出', en: 'Requested by us' }, filter: { direction: 'out' } },
    { key: 'in', label: { zh: '客户要求', en: 'From customers' }, filter: { direction: 'in' } },
    tab('draft'),
    tab('requested'),
    tab('in_progress'),
    tab('submitted'),
    tab('approved'),
    tab('rejected'),
  ],
  actions: [
    { kind: 'create' },
    { kind: 'edit' },
    { kind: 'remove' },
    { kind: 'transition', action: 'send' },
    { kind: 'transition', action: 'accept' },
    { kind: 'transition', action: 'approve' },
    { kind: 'transition', action: 'reject' },
    { kind: 'transition', action: 'resample' },
    { kind: 'transition', action: 'cancel' },
    { kind: 'export' },
    { kind: 'history' },
    { kind: 'view' },
  ],
  quickSearch: ['req_no', 'style_code', 'style_name'],
  form: [
    {
      modelName: 'base',
      title: { zh: '打样申请', en: 'Sample request' },
      form: [
        { field: 'req_no', spanClass: 'third' },
        { field: 'sample_type', spanClass: 'third' },
        { field: 'status', spanClass: 'third', readonly: true, isNotPost: true },
        { field: 'style_id', spanClass: 'third' },
        { field: 'vendor_id', spanClass: 'third' },
        { field: 'due_date', spanClass: 'third' },
        { field: 'colour', spanClass: 'third' },
        { field: 'sizes', spanClass: 'third' },
        { field: 'qty', spanClass: 'third' },
        { field: 'requirements', spanClass: 'full' },
      ],
    },
  ],
});
