import { defineDictionary } from '../dictionaries';
import { defineEntity } from '../entity';

export const shareState = defineDictionary({
  code: 'order_share_state',
  label: { zh: '共享状态', en: 'Share state' },
  items: [
    { value: 'active', label: { zh: '有效', en: 'Active' } },
    { value: 'closed', label: { zh: '已关闭', en: 'Closed' } },
  ],
});

/**
 * An explicit share between two tenants (ARCHITECTURE "The API": cross-tenant collaboration goes
 * through explicit share records, never by loosening the tenant filter). The row belongs to the
 * source tenant (client_id = from_client); it names the document sent and the copy made in the target
 * tenant. The target side may act on the source document only through an active share naming both.
 */
export const orderShare = defineEntity({
  name: 'ordershare',
  table: 'scm_order_share',
  prefix: 'scmapi',
  menuCode: 'scm.prorder',
  label: { zh: '单据共享', en: 'Document share' },
  titleField: 'source_no',
  childOnly: true,
  omitFromForm: "Written by the order services only: a share is made when a brand sends an order to a vendor company on the platform, and moved by that company's answer (accept, reject, finish).",
  fields: [
    { key: 'from_client', label: { zh: '发送方', en: 'From company' }, type: 'integer', required: true },
    { key: 'to_client', label: { zh: '接收方', en: 'To company' }, type: 'integer', required: true },
    { key: 'source_entity', label: { zh: '源单据类型', en: 'Source type' }, type: 'code', required: true },
    { key: 'source_id', label: { zh: '源单据', en: 'Source document' }, type: 'integer', required: true },
    { key: 'source_no', label: { zh: '源单号', en: 'Source no.' }, type: 'code' },
    { key: 'target_entity', label: { zh: '目标单据类型', en: 'Target type' }, type: 'code', required: true },
    { key: 'target_id', label: { zh: '目标单据', en: 'Target document' }, type: 'integer', required: true },
    { key: 'state', label: { zh: '状态', en: 'State' }, type: 'dict', dict: 'order_share_state', required: true, default: 'active' },
  ],
});
