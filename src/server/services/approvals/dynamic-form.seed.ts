import { sql } from 'kysely';
import { requireEntity } from '../../../model';
import type { DynamicFormDefinition } from '../../../model/dynamic-form';
import { registerSeeder } from '../../db/seed';
import { writeContext } from '../../resources/document-stages';
import { writeDocument } from '../../resources/document-writer';
import { updateRecords } from '../../resources/record-writer';
import { withTenant } from '../../kernel/rls';
import { loadForm, writeRecord } from './dynamic-form.service';

/**
 * Demo dynamic form (issue 14) for the brand BRAND01: 来料检验单 (QC_INSPECT), designed with a
 * required title, a choice, a note shown for fabric only, quantity, price and a computed amount, a
 * date and a vendor; its scenario 来料检验 (QC_INCOMING) attached to the project type 检验项目
 * (QC_PROJECT); two records the buyer filled in. Written through the registry's writer and the
 * forms' own record writer, as the designer and the drawer write them. Idempotent.
 */
export const DEMO_INSPECTION_FORM: DynamicFormDefinition = {
  sections: [
    {
      key: 'base',
      title: '检验信息',
      title_en: 'Inspection',
      fields: [
        { key: 'title', label: '检验主题', label_en: 'Subject', type: 'text', required: true, max_length: 60 },
        { key: 'kind', label: '物料类别', label_en: 'Material kind', type: 'dict', required: true, options: [{ value: 'fabric', label: '面料', label_en: 'Fabric' }, { value: 'trim', label: '辅料', label_en: 'Trim' }] },
        { key: 'vendor_id', label: '供应商', label_en: 'Vendor', type: 'reference', ref_entity: 'vendor' },
        { key: 'inspected_on', label: '检验日期', label_en: 'Inspected on', type: 'date', default: '$$NOW$$' },
        { key: 'defect_note', label: '色差/瑕疵说明', label_en: 'Shade or defect note', type: 'textarea', visible_when: "kind == 'fabric'", span: 'full' },
      ],
    },
    {
      key: 'numbers',
      title: '数量与金额',
      title_en: 'Quantities',
      fields: [
        { key: 'qty', label: '抽检数量', label_en: 'Sampled quantity', type: 'integer', required: true, rules: ['naturalNumber'] },
        { key: 'price', label: '单价', label_en: 'Unit price', type: 'decimal', rules: ['positiveNumber'] },
        { key: 'amount', label: '金额', label_en: 'Amount', type: 'money', calc: 'qty * price', decimals: 2 },
        { key: 'passed', label: '检验合格', label_en: 'Passed', type: 'boolean', default: true },
      ],
    },
  ],
};

registerSeeder(async (db, { tenants, users }) => {
  const clientId = tenants.BRAND01;
  const [admin, buyer] = [users.brand, users['brand.buyer']];
  if (!clientId || !admin || !buyer) return;
  await withTenant(db, clientId, async (tx) => {
    if ((await sql`select 1 from dyn_form where client_id = ${clientId} and code = 'QC_INSPECT'`.execute(tx)).rows.length) return;
    const w = writeContext(tx, { clientId, userId: admin, username: 'brand', fullname: '品牌管理员', ip: null, roles: ['clientadmin'] }, 'seed');
    const formId = await writeDocument(w, requireEntity('dynform'), { body: { code: 'QC_INSPECT', name: '来料检验单', name_en: 'Incoming inspection', definition: DEMO_INSPECTION_FORM, remark: '面料和辅料到货抽检' } });
    const scenario = await writeDocument(w, requireEntity('formscenario'), { body: { code: 'QC_INCOMING', name: '来料检验', form_id: formId } });
    const type = (await sql<{ id: number }>`select id from adm_project_type where client_id = ${clientId} and code = 'QC_PROJECT'`.execute(tx)).rows[0];
    if (type) await updateRecords(w, 'admin_project_type', [type.id], { form_scenario_id: scenario }, { hooks: false });
    else await writeDocument(w, requireEntity('admin_project_type'), { body: { code: 'QC_PROJECT', name: '检验项目', name_en: 'Inspection project', form_scenario_id: scenario } });
    const vendor = (await sql<{ id: number }>`select id from md_vendor where client_id = ${clientId} and code = 'VD001'`.execute(tx)).rows[0];
    const loaded = await loadForm(tx, clientId, 'QC_INSPECT');
    const actor = { clientId, userId: buyer, username: 'brand.buyer', fullname: '李采购', ip: null, roles: ['common'] };
    await writeRecord(tx, actor, loaded, { id: null, version: null, body: { title: '十一月针织面料到货抽检', kind: 'fabric', vendor_id: vendor?.id ?? null, qty: 40, price: 38.5, defect_note: '两卷轻微色差，已与供应商确认回修', passed: false } });
    await writeRecord(tx, actor, loaded, { id: null, version: null, body: { title: '拉链辅料抽检', kind: 'trim', vendor_id: vendor?.id ?? null, qty: 200, price: 0.8 } });
  });
});
