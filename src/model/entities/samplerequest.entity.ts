import { defineDictionary } from '../dictionaries';
import { defineEntity } from '../entity';
import { errorTexts } from '../errors/define';
import { samplerequestErrors } from '../errors/samplerequest';

/**
 * Sample requests (issue 18): a brand asks its maker for a sample of a style (proto, fit, size set,
 * pre-production, shipment) by a due date; the maker answers round by round with comments and photos;
 * the brand approves or rejects with a reason, and a rejected sample goes another round.
 *
 * One entity on both sides, as the trade sees one document: the brand's record (`direction` out) is
 * the source; sending it writes the maker's copy (`direction` in) in the maker's company through the
 * document writer and an order share (docs/architecture-orders.md), exactly as requirement orders
 * reach customer orders. Each side's actions move both records in one transaction, and every comment
 * is written to both (with its photos' file rows), so each company reads only its own rows.
 * Services: src/server/services/development/sample.service.ts.
 */
export const SAMPLE_MENU = 'dev.sample';

export const sampleType = defineDictionary({
  code: 'sample_type',
  label: { zh: '样衣类型', en: 'Sample type' },
  items: [
    { value: 'proto', label: { zh: '初样', en: 'Proto sample' } },
    { value: 'fit', label: { zh: '试身样', en: 'Fit sample' } },
    { value: 'size_set', label: { zh: '齐码样', en: 'Size set' } },
    { value: 'pp', label: { zh: '产前样', en: 'Pre-production sample' } },
    { value: 'shipment', label: { zh: '船样', en: 'Shipment sample' } },
  ],
});

export const sampleDirection = defineDictionary({
  code: 'sample_direction',
  label: { zh: '方向', en: 'Direction' },
  items: [
    { value: 'out', label: { zh: '我方发出', en: 'Requested by us' } },
    { value: 'in', label: { zh: '客户要求', en: 'From a customer' } },
  ],
});

export const sampleCommentKind = defineDictionary({
  code: 'sample_comment_kind',
  label: { zh: '意见类型', en: 'Comment kind' },
  items: [
    { value: 'comment', label: { zh: '评论', en: 'Comment' } },
    { value: 'request', label: { zh: '发出打样', en: 'Requested' } },
    { value: 'accept', label: { zh: '接受打样', en: 'Accepted' } },
    { value: 'submit', label: { zh: '提交样衣', en: 'Sample submitted' } },
    { value: 'approve', label: { zh: '批准', en: 'Approved' } },
    { value: 'reject', label: { zh: '驳回', en: 'Rejected' } },
    { value: 'resample', label: { zh: '重新打样', en: 'New round' } },
    { value: 'cancel', label: { zh: '取消', en: 'Cancelled' } },
  ],
});

const ONLY_SERVICE = 'Written by the sample service only (sample.service.ts): mirrored on both companies, never edited.';

/** A comment of a round, with its photos: written on both sides' records by the service. */
export const sampleComment = defineEntity({
  name: 'samplecomment',
  table: 'dev_sample_comment',
  prefix: 'scmapi',
  menuCode: SAMPLE_MENU,
  label: { zh: '打样意见', en: 'Sample comment' },
  titleField: 'body',
  childOnly: true,
  omitFromForm: ONLY_SERVICE,
  defaultSort: { field: 'created_at', dir: 'asc' },
  fields: [
    { key: 'request_id', label: { zh: '打样申请', en: 'Sample request' }, type: 'reference', required: true, ref: { entity: 'samplerequest', labelField: 'req_no', codeField: 'req_no' } },
    { key: 'round', label: { zh: '轮次', en: 'Round' }, type: 'integer', required: true },
    { key: 'kind', label: { zh: '类型', en: 'Kind' }, type: 'dict', dict: 'sample_comment_kind', required: true, default: 'comment' },
    // Which side wrote it, and who: the company's name and the person's.
    { key: 'side', label: { zh: '来自', en: 'From' }, type: 'dict', dict: 'sample_direction', required: true },
    { key: 'company_name', label: { zh: '企业', en: 'Company' }, type: 'text', maxLength: 200 },
    { key: 'author_name', label: { zh: '人员', en: 'Person' }, type: 'text', maxLength: 100 },
    { key: 'body', label: { zh: '内容', en: 'Text' }, type: 'textarea', maxLength: 2000 },
    // Addresses of this company's file rows (/api/crossapi/ccommonapi/files/<id>).
    { key: 'photos', label: { zh: '照片', en: 'Photos' }, type: 'json' },
    // The same comment on the other side (its id there), so a comment is never mirrored twice.
    { key: 'mirror_of', label: { zh: '对方意见', en: 'Mirror of' }, type: 'integer' },
  ],
});

export const sampleRequest = defineEntity({
  name: 'samplerequest',
  table: 'dev_sample_request',
  prefix: 'scmapi',
  menuCode: SAMPLE_MENU,
  label: { zh: '打样申请', en: 'Sample request' },
  titleField: 'req_no',
  codeField: 'req_no',
  numbering: { field: 'req_no', prefix: 'SR', datePrefix: 'YYMMDD', length: 4 },
  defaultSort: { field: 'created_at', dir: 'desc' },
  fields: [
    { key: 'req_no', label: { zh: '打样单号', en: 'Request no.' }, type: 'code', maxLength: 40 },
    { key: 'direction', label: { zh: '方向', en: 'Direction' }, type: 'dict', dict: 'sample_direction', readonly: true, default: 'out' },
    { key: 'sample_type', label: { zh: '样衣类型', en: 'Sample type' }, type: 'dict', dict: 'sample_type', required: true, default: 'fit' },
    // The requester's style; the maker's copy carries its code, name, picture, colours and sizes as text.
    { key: 'style_id', label: { zh: '款式', en: 'Style' }, type: 'reference', ref: { entity: 'style', labelField: 'name', codeField: 'code' } },
    { key: 'style_code', label: { zh: '款号', en: 'Style no.' }, type: 'text', readonly: true, maxLength: 40 },
    { key: 'style_name', label: { zh: '款式名称', en: 'Style name' }, type: 'text', readonly: true, maxLength: 100 },
    { key: 'style_image', label: { zh: '款式图', en: 'Image' }, type: 'image', readonly: true, maxLength: 500 },
    { key: 'vendor_id', label: { zh: '打样工厂', en: 'Maker' }, type: 'reference', ref: { entity: 'vendor', labelField: 'name', codeField: 'code' } },
    // The other company: the maker's name on the request, the brand's on the maker's copy.
    { key: 'partner_name', label: { zh: '对方企业', en: 'Other company' }, type: 'text', readonly: true, maxLength: 200 },
    { key: 'colour', label: { zh: '颜色', en: 'Colour' }, type: 'text', maxLength: 100 },
    { key: 'sizes', label: { zh: '尺码', en: 'Sizes' }, type: 'text', maxLength: 200 },
    { key: 'qty', label: { zh: '件数', en: 'Pieces' }, type: 'integer', required: true, rules: ['naturalNumber'], default: 1 },
    { key: 'due_date', label: { zh: '要求交样日期', en: 'Due date' }, type: 'date', required: true },
    { key: 'requirements', label: { zh: '打样要求', en: 'What to check' }, type: 'textarea', maxLength: 2000 },
    { key: 'round', label: { zh: '轮次', en: 'Round' }, type: 'integer', readonly: true, default: 1 },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', readonly: true, default: 'draft' },
    { key: 'reject_reason', label: { zh: '驳回原因', en: 'Reject reason' }, type: 'text', readonly: true, maxLength: 1000 },
    { key: 'sent_at', label: { zh: '发出时间', en: 'Sent at' }, type: 'datetime', readonly: true },
    { key: 'submitted_at', label: { zh: '交样时间', en: 'Submitted at' }, type: 'datetime', readonly: true },
    { key: 'decided_at', label: { zh: '确认时间', en: 'Decided at' }, type: 'datetime', readonly: true },
    { key: 'source_client_id', label: { zh: '来源企业', en: 'Source company' }, type: 'integer', readonly: true },
    { key: 'source_id', label: { zh: '来源单据', en: 'Source document' }, type: 'integer', readonly: true },
    { key: 'share_id', label: { zh: '共享记录', en: 'Share' }, type: 'integer', readonly: true },
  ],
  states: {
    field: 'status',
    initial: 'draft',
    states: [
      { code: 'draft', label: { zh: '草稿', en: 'Draft' }, color: 'informative' },
      { code: 'requested', label: { zh: '待打样', en: 'Requested' }, color: 'warning' },
      { code: 'in_progress', label: { zh: '打样中', en: 'In progress' }, color: 'brand' },
      { code: 'submitted', label: { zh: '待确认', en: 'Submitted' }, color: 'warning' },
      { code: 'approved', label: { zh: '已批准', en: 'Approved' }, color: 'success' },
      { code: 'rejected', label: { zh: '已驳回', en: 'Rejected' }, color: 'danger', notice: { intent: 'error', title: 'dev.sample.notice.rejected', textField: 'reject_reason' } },
      { code: 'cancelled', label: { zh: '已取消', en: 'Cancelled' }, color: 'subtle' },
    ],
    // Requester's actions on `out` records, the maker's on `in` records (the service refuses the other side).
    transitions: [
      { action: 'send', label: { zh: '发出打样', en: 'Send request' }, from: ['draft'], to: 'requested' },
      { action: 'accept', label: { zh: '接受打样', en: 'Accept' }, from: ['requested'], to: 'in_progress' },
      { action: 'submit', label: { zh: '提交样衣', en: 'Submit sample' }, from: ['requested', 'in_progress'], to: 'submitted', params: [{ key: 'comment', label: { zh: '交样说明', en: 'Note' }, type: 'textarea', maxLength: 2000 }] },
      { action: 'approve', label: { zh: '批准', en: 'Approve' }, from: ['submitted'], to: 'approved', params: [{ key: 'comment', label: { zh: '批准意见', en: 'Comment' }, type: 'textarea', maxLength: 2000 }] },
      { action: 'reject', label: { zh: '驳回', en: 'Reject' }, from: ['submitted'], to: 'rejected', params: [{ key: 'reject_reason', label: { zh: '驳回原因', en: 'Reason' }, type: 'textarea', required: true, maxLength: 1000 }] },
      { action: 'resample', label: { zh: '重新打样', en: 'New round' }, from: ['rejected'], to: 'requested', params: [{ key: 'due_date', label: { zh: '新交样日期', en: 'New due date' }, type: 'date', required: true }] },
      { action: 'cancel', label: { zh: '取消打样', en: 'Cancel' }, from: ['draft', 'requested', 'in_progress', 'submitted', 'rejected'], to: 'cancelled', confirm: { zh: '确定取消该打样申请？', en: 'Cancel this sample request?' } },
    ],
    // Once sent the request belongs to both companies: it changes only through its actions.
    locked: ['requested', 'in_progress', 'submitted', 'approved', 'rejected', 'cancelled'],
  },
  messages: {
    'zh-CN': {
      ...errorTexts(samplerequestErrors, 'zh-CN'),
      'dev.sample.notice.rejected': '样衣已驳回',
      'dev.sample.notify.requested.title': '新打样申请 {{no}}',
      'dev.sample.notify.requested.body': '{{company}} 要求打样：{{style}}（{{type}}），交样日期 {{due}}',
      'dev.sample.notify.comment.title': '打样 {{no}} 有新留言',
      'dev.sample.notify.comment.body': '{{company}}：{{text}}',
    },
    en: {
      ...errorTexts(samplerequestErrors, 'en'),
      'dev.sample.notice.rejected': 'Sample rejected',
      'dev.sample.notify.requested.title': 'New sample request {{no}}',
      'dev.sample.notify.requested.body': '{{company}} asks for a sample: {{style}} ({{type}}), due {{due}}',
      'dev.sample.notify.comment.title': 'New comment on sample {{no}}',
      'dev.sample.notify.comment.body': '{{company}}: {{text}}',
    },
  },
});
