import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import '../../../grids';
import { requireEntity } from '../../model/entity';
import { translate } from '../../model/i18n';
import { allPages, getPage } from '../../model/page';
import { formFields, resolveField, resolvePage, type ResolvedField } from '../../model/page-resolve';
import {
  changeEffects,
  childRowBody,
  childRowErrors,
  conditionHolds,
  declaredError,
  defaultFieldSource,
  pickEffects,
  referenceDisplayText,
  splitServerErrors,
  emptyValueOf,
  fieldsToValidate,
  formatWithExpression,
  helpFor,
  isFieldDisabled,
  isFieldVisible,
  recordToValues,
  resetValues,
  submitBody,
  validateForm,
  type FormContext,
} from './form-logic';
import { renderMarkdown } from './markdown';

const zh = (key: string, params?: Record<string, unknown>) => translate('zh-CN', key, params);
const en = (key: string, params?: Record<string, unknown>) => translate('en', key, params);
const ctx = (values: Record<string, unknown>, extra: Partial<FormContext> = {}): FormContext => ({ values, session: { dashroles: ['common'] }, action: 'add', ...extra });
const field = (f: Partial<ResolvedField> & { field: string }): ResolvedField => ({ label: f.field, labelEn: f.field, type: '', validations: [], required: false, fieldType: 'text', ...f });

describe('conditions (spec 3 visibility and disable, spec 6 dashroles)', () => {
  it('requires ALL dashrolesLimits roles', () => {
    const c = { dashrolesLimits: ['admin', 'planner'] };
    expect(conditionHolds(c, ctx({}, { session: { dashroles: ['admin'] } }))).toBe(false);
    expect(conditionHolds(c, ctx({}, { session: { dashroles: ['planner', 'admin', 'x'] } }))).toBe(true);
  });

  it('checks relatedStateFields, routeactionin and selfFormExpression together', () => {
    const c = { relatedStateFields: { status: ['draft', null] }, routeactionin: ['edit'], selfFormExpression: 'qty > 0' };
    expect(conditionHolds(c, ctx({ status: 'draft', qty: '2' }, { action: 'edit' }))).toBe(true);
    expect(conditionHolds(c, ctx({ status: '', qty: '2' }, { action: 'edit' }))).toBe(true);
    expect(conditionHolds(c, ctx({ status: 'done', qty: '2' }, { action: 'edit' }))).toBe(false);
    expect(conditionHolds(c, ctx({ status: 'draft', qty: '2' }, { action: 'add' }))).toBe(false);
    expect(conditionHolds(c, ctx({ status: 'draft', qty: '0' }, { action: 'edit' }))).toBe(false);
    // A broken expression never shows what it guards.
    expect(conditionHolds({ selfFormExpression: 'qty >' }, ctx({ qty: 1 }))).toBe(false);
  });

  it('reads session state in expressions', () => {
    expect(isFieldVisible(field({ field: 'x', visible: { selfFormExpression: "'admin' in session.dashroles" } }), ctx({}, { session: { dashroles: ['admin'] } }))).toBe(true);
    expect(isFieldVisible(field({ field: 'x', visible: { selfFormExpression: "'admin' in session.dashroles" } }), ctx({}))).toBe(false);
  });

  it('disables everything in a view form, and fields whose disable holds', () => {
    expect(isFieldDisabled(field({ field: 'a' }), ctx({}, { action: 'view' }))).toBe(true);
    expect(isFieldDisabled(field({ field: 'a', disable: { routeactionin: ['edit'] } }), ctx({}, { action: 'edit' }))).toBe(true);
    expect(isFieldDisabled(field({ field: 'a', disable: { routeactionin: ['edit'] } }), ctx({}, { action: 'add' }))).toBe(false);
  });
});

describe('which fields validate (spec 5)', () => {
  const fields = [
    field({ field: 'plain', validations: [{ type: 'required' }] }),
    field({ field: 'hidden', visible: false, validations: [{ type: 'required' }] }),
    field({ field: 'disabled', disable: true, validations: [{ type: 'required' }] }),
    field({ field: 'styled', spanClass: 'half hidden', validations: [{ type: 'required' }] }),
    field({ field: 'notPosted', isNotPost: true, validations: [{ type: 'required' }] }),
    field({ field: 'noUpload', disableupload: true, validations: [{ type: 'required' }] }),
    field({ field: 'where', type: 'runtimeLocation', validations: [{ type: 'required' }] }),
    field({ field: 'conditional', visible: { relatedStateFields: { kind: ['b'] } }, validations: [{ type: 'required' }] }),
  ];

  it('keeps only visible, enabled, unstyled-hidden, posted, upload-enabled, non-location fields', () => {
    expect(fieldsToValidate(fields, ctx({ kind: 'a' })).map((f) => f.field)).toEqual(['plain']);
    expect(fieldsToValidate(fields, ctx({ kind: 'b' })).map((f) => f.field)).toEqual(['plain', 'conditional']);
  });

  it('fails only on the selected fields', () => {
    const r = validateForm(fields, ctx({ kind: 'a' }), zh);
    expect(r).toEqual({ valid: false, errors: { plain: '必填项' } });
  });

  it('shows the LAST failing rule message', () => {
    const f = field({ field: 'u', validations: [{ type: 'english', message: 'first' }, { type: 'chinese', message: 'last' }] });
    expect(validateForm([f], ctx({ u: '中文' }), zh).errors.u).toBe('last');
    const g = field({ field: 'u', validations: [{ type: 'chinese', message: 'first' }, { type: 'english', message: 'last' }] });
    expect(validateForm([g], ctx({ u: '中文' }), zh).errors.u).toBe('last');
  });

  it('keeps an existing error invalid (spec 5)', () => {
    const f = field({ field: 'code' });
    expect(validateForm([f], ctx({ code: 'X' }), zh, { code: '该值已存在' })).toEqual({ valid: false, errors: { code: '该值已存在' } });
    expect(validateForm([field({ field: 'c', error: { hasError: true, errorMsg: 'bad' } })], ctx({ c: 'x' }), zh).errors.c).toBe('bad');
  });

  it('speaks zh and en with the catalogue messages and checks types like the server', () => {
    const vendor = requireEntity('vendor');
    const fields = formFields(resolvePage(getPage('vendor')!));
    const values = { name: '', vendor_type: 'fabric', contact_mobile: '12345', email: 'not-mail', bank_branch_code: 'AB12' };
    expect(validateForm(fields, ctx(values), zh, {}, vendor).errors).toEqual({ name: '必填项', contact_mobile: '不是有效的手机号码', email: '不是有效的邮箱地址' });
    expect(validateForm(fields, ctx(values), en, {}, vendor).errors.name).toBe('Required');
    // Field rules pass: now the entity's document check speaks (spec 5 bank branch code numeric).
    const ok = { ...values, name: 'A', contact_mobile: '13812345678', email: 'a@b.cn' };
    expect(validateForm(fields, ctx(ok), zh, {}, vendor).errors).toEqual({ bank_branch_code: '国内银行联行号必须为数字' });
    const material = resolvePage(getPage('material')!);
    const num = validateForm(formFields(material), ctx({ name: 'm', material_group: 'fabric', unit: 'PCS', validity: '10', price: '1.23456', vendor_id: 1 }), zh, {}, material.entity);
    expect(num.errors.price).toBe('最多四位小数');
  });

  it('runs the exactly-one-of check of materials (spec 5)', () => {
    const material = resolvePage(getPage('material')!);
    const base = { name: 'm', material_group: 'fabric', unit: 'PCS', validity: '10' };
    expect(validateForm(formFields(material), ctx(base), zh, {}, material.entity).errors.vendor_id).toBe('物料必须归属于供应商或客户其中之一');
    expect(validateForm(formFields(material), ctx({ ...base, vendor_id: 3 }), zh, {}, material.entity).valid).toBe(true);
  });
});

describe('submit body (spec 3, spec 5)', () => {
  it('applies trim, upper and lower case, drops not-posted fields, keeps id and version', () => {
    const fields = [
      field({ field: 'code', upperCase: true }),
      field({ field: 'mail', lowerCase: true }),
      field({ field: 'pw', inputType: 'password' }),
      field({ field: 'keep', trim: false }),
      field({ field: 'helper', isNotPost: true }),
      field({ field: 'cut', cutIndexRange: [0, 3] }),
    ];
    expect(submitBody(fields, { id: 7, version: 2, code: ' ab1 ', mail: ' A@B.CN ', pw: ' x ', keep: ' y ', helper: 9, cut: 'ABCDEF' })).toEqual({
      id: 7,
      version: 2,
      code: 'AB1',
      mail: 'a@b.cn',
      pw: ' x ',
      keep: ' y ',
      cut: 'ABC',
    });
  });

  it('sends markdown with its _DISPLAY html, transfer and matrix as JSON text, empty lists as empty strings', () => {
    const fields = [
      field({ field: 'note', type: 'markdown' }),
      field({ field: 'users', type: 'transfer' }),
      field({ field: 'sizes', type: 'matrixinputtable' }),
      field({ field: 'tags', type: 'checkboxlist' }),
      field({ field: 'none', type: 'transfer' }),
    ];
    const body = submitBody(fields, { note: '# T\n<script>x</script>', users: ['1', '2'], sizes: [{ color: 'RED', size: 'S', qty: 3 }], tags: [], none: [] });
    expect(body).toEqual({
      note: '# T\n<script>x</script>',
      note_DISPLAY: '<h1>T</h1><p>&lt;script&gt;x&lt;/script&gt;</p>',
      users: '["1","2"]',
      sizes: '[{"color":"RED","size":"S","qty":3}]',
      tags: '',
      none: '',
    });
  });
});

describe('form reset (spec 4)', () => {
  const now = new Date(2026, 0, 7, 10, 30); // a Wednesday
  it('returns to defaults (with spec 7 tokens) or the empty value per type', () => {
    const fields = [
      field({ field: 'name' }),
      field({ field: 'qty', type: 'number', inputType: 'number' }),
      field({ field: 'flag', type: 'switch' }),
      field({ field: 'tags', type: 'checkboxlist' }),
      field({ field: 'kind', type: 'dropdownbox' }),
      field({ field: 'ref', type: 'dropdowntable' }),
      field({ field: 'matrix', type: 'matrixinputtable' }),
      field({ field: 'multi', type: 'dropdownbox', isMulti: true }),
      field({ field: 'day', inputType: 'date', defaultValue: '$$NOW$$' }),
      field({ field: 'week', inputType: 'date', defaultValue: '$$WEEK_FIRST$$' }),
      field({ field: 'cur', type: 'dropdownbox', defaultValue: 'CNY' }),
      field({ field: 'who', defaultValue: '$$FULL_NAME$$' }),
    ];
    expect(resetValues(fields, { now, session: { fullname: '王计划' } }, { id: 5, version: 3 })).toEqual({
      id: 5,
      version: 3,
      name: '',
      qty: null,
      flag: false,
      tags: [],
      kind: null,
      ref: null,
      matrix: [],
      multi: [],
      day: '2026-01-07',
      week: '2026-01-05',
      cur: 'CNY',
      who: '王计划',
    });
  });

  it('runs calculation items after a reset (workline daily minutes)', () => {
    const fields = formFields(resolvePage(getPage('workline')!));
    const v = resetValues(fields, { now });
    expect(v.work_minutes).toBe(480);
    expect(v.efficiency).toBe(85);
    expect(v.daily_minutes).toBe(0);
    const edited = recordToValues(fields, { id: 1, code: 'L1', operators: 30, work_minutes: 480, efficiency: 85 });
    expect(edited.daily_minutes).toBe(12240);
  });

  it('gives every widget type an empty value', () => {
    fc.assert(
      fc.property(fc.constantFrom('', 'textarea', 'number', 'switch', 'dropdowntable', 'dropdownbox', 'imgdropdownbox', 'treeselect', 'checkboxlist', 'transfer', 'matrixinputtable', 'markdown', 'rulestable', 'autocomplete', 'datetime', 'runtimeLocation', 'fmsfiltermapping') as fc.Arbitrary<ResolvedField['type']>, (type) => {
        expect(emptyValueOf({ type, fieldType: 'text' })).not.toBeUndefined();
      }),
    );
  });
});

describe('change effects', () => {
  it('clears the other party of a material (clearFormFields) and recomputes calc items', () => {
    const fields = formFields(resolvePage(getPage('material')!));
    const vendorField = fields.find((f) => f.field === 'vendor_id')!;
    expect(changeEffects(vendorField, fields, ctx({ vendor_id: 3, customer_id: 4 }))).toEqual({ customer_id: null });
    expect(changeEffects(vendorField, fields, ctx({ vendor_id: null, customer_id: 4 }))).toEqual({});
    const wl = formFields(resolvePage(getPage('workline')!));
    const ops = wl.find((f) => f.field === 'operators')!;
    expect(changeEffects(ops, wl, ctx({ operators: '10', work_minutes: 480, efficiency: 50 }))).toEqual({ daily_minutes: 2400 });
  });

  it('clears a cascade target', () => {
    const a = field({ field: 'country', cascadeTargetField: 'city' });
    const b = field({ field: 'city', type: 'dropdownbox' });
    expect(changeEffects(a, [a, b], ctx({ country: 'CN', city: 'SH' }))).toEqual({ city: null });
  });

  it('gathers help texts aimed at a field and formats with formatExp', () => {
    const vendor = requireEntity('vendor');
    const f = resolveField(vendor, { field: 'bank_branch_code' });
    expect(helpFor('bank_branch_code', [f], 'zh-CN')[0]).toContain('联行号');
    expect(helpFor('bank_branch_code', [f], 'en')[0]).toContain('numeric');
    expect(formatWithExpression('round(value, 2)', '3.14159', ctx({}))).toBe(3.14);
    expect(formatWithExpression('value +', 'x', ctx({}))).toBe('x');
  });
});

describe('markdown renderer', () => {
  it('renders the supported syntax', () => {
    expect(renderMarkdown('## Hi\n\n- a\n- **b**\n\n1. x\n\n`<i>` and [l](https://x.cn?a=1&b=2)')).toBe(
      '<h2>Hi</h2><ul><li>a</li><li><strong>b</strong></li></ul><ol><li>x</li></ol><p><code>&lt;i&gt;</code> and <a href="https://x.cn?a=1&amp;b=2" rel="noopener noreferrer" target="_blank">l</a></p>',
    );
  });

  it('never emits a tag or attribute it did not make', () => {
    expect(renderMarkdown('[x](javascript:alert(1))')).not.toContain('<a');
    expect(renderMarkdown('[x](//evil.cn)')).toBe('<p>x</p>');
    expect(renderMarkdown('<img src=x onerror=alert(1)>')).not.toContain('<img');
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        const html = renderMarkdown(s);
        const tags = html.match(/<\/?([a-z0-9]+)/g) ?? [];
        for (const t of tags) expect(['p', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'strong', 'em', 'del', 'code', 'pre', 'a', 'blockquote', 'hr']).toContain(t.replace(/[</]/g, ''));
        expect(html).not.toMatch(/javascript:/i);
        expect(html).not.toMatch(/\son\w+=/i);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('child rows of master-detail documents', () => {
  const wl = resolvePage(getPage('workline')!);
  const members = wl.children[0];
  it('checks each row and keys errors by row and field', () => {
    const rows = [{ member_name: '张三', employee_no: 'E01' }, { member_name: '', employee_no: '工号' }];
    expect(childRowErrors(members.fields, rows, { session: { dashroles: [] }, action: 'add' }, zh, members.entity)).toEqual({
      '1.member_name': '必填项',
      '1.employee_no': '只能输入字母、数字、下划线、@和横线',
    });
    const caps = wl.children[1];
    expect(childRowErrors(caps.fields, [{ capacity_pcs: '100' }], { session: { dashroles: [] }, action: 'add' }, zh, caps.entity)).toEqual({ '0.cap_date': '请填写日期或月份其中之一' });
  });

  it('sends a row without its grid key, with empty text as null', () => {
    expect(childRowBody(members.fields, { __key: 'new-1', id: 4, member_name: ' 李四 ', skill: '' })).toEqual({ id: 4, member_name: '李四', skill: null });
  });

  it('splits server errors between header and child rows', () => {
    expect(splitServerErrors({ name: '必填项', 'members[2].member_name': '必填项', 'other[1].x': 'y' }, ['members', 'capacities'])).toEqual({
      header: { name: '必填项', 'other[1].x': 'y' },
      children: { members: { '2.member_name': '必填项' } },
    });
    // The collection's own message (one line per material) stays with its grid, not the header.
    expect(splitServerErrors({ levels: '每个物料只能设置一行' }, ['levels'])).toEqual({ header: {}, children: { levels: { '*': '每个物料只能设置一行' } } });
  });
});

describe('a reference pick: displayfield, splitFields and defaultfield (spec 3)', () => {
  const vendorRow = { id: 7, code: 'V007', name: '华纺纺织', contact_person: '王敏', contact_mobile: '13812345678', currency: 'USD' };

  it('splits a picked vendor into the sourcing record\'s supplier name, contact and phone, and empties them when the pick is cleared', () => {
    const fields = formFields(resolvePage(getPage('srcrecord')!));
    const vendor = fields.find((f) => f.field === 'vendor_id')!;
    // The reference keeps the record's label in its display field (`vendor_id__label`) too.
    expect(pickEffects(vendor, vendorRow, fields)).toEqual({ vendor_id__label: '华纺纺织', supplier_name: '华纺纺织', contact_person: '王敏', contact_phone: '13812345678' });
    // A record without a value empties its part; clearing the pick empties every part (text fields to '').
    expect(pickEffects(vendor, { ...vendorRow, contact_person: null }, fields).contact_person).toBe('');
    expect(pickEffects(vendor, null, fields)).toEqual({ vendor_id__label: null, supplier_name: '', contact_person: '', contact_phone: '' });
  });

  it('defaults the purchase order\'s currency from the picked supplier, and leaves it when the supplier has none or the pick is cleared', () => {
    const fields = formFields(resolvePage(getPage('purorder')!));
    const vendor = fields.find((f) => f.field === 'vendor_id')!;
    expect(pickEffects(vendor, vendorRow, fields)).toEqual({ vendor_id__label: '华纺纺织', currency: 'USD' });
    expect(pickEffects(vendor, { ...vendorRow, currency: '' }, fields)).toEqual({ vendor_id__label: '华纺纺织' });
    expect(pickEffects(vendor, null, fields)).toEqual({ vendor_id__label: null });
    // Another reference of the form brings nothing to the currency.
    const contract = fields.find((f) => f.field === 'contract_id')!;
    expect(pickEffects(contract, { id: 3, name: 'C', currency: 'EUR' }, fields)).not.toHaveProperty('currency');
  });

  it('fills the display field with the picked record\'s label, by the declared label field or the target\'s title', () => {
    const ref = field({ field: 'vendor_id', type: 'dropdowntable', source: { entity: 'vendor' }, displayfield: 'vendor_name' });
    expect(pickEffects(ref, vendorRow, [ref])).toEqual({ vendor_name: '华纺纺织' });
    const byCode = { ...ref, optionConfig: { valueField: 'id', labelField: 'code' } };
    expect(pickEffects(byCode, vendorRow, [byCode])).toEqual({ vendor_name: 'V007' });
    expect(pickEffects(ref, null, [ref])).toEqual({ vendor_name: null });
  });

  it('warns on the console, and only there, when the dropdown\'s reply lacks the display field (spec 8)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const ref = field({ field: 'vendor_id', type: 'dropdowntable', source: { entity: 'vendor' }, displayfield: 'vendor_name', optionConfig: { valueField: 'id', labelField: 'short_name' } });
      expect(pickEffects(ref, vendorRow, [ref])).toEqual({ vendor_name: '' });
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0][0])).toContain('short_name');
      // A reply that has the field, even empty, and a cleared pick warn of nothing.
      pickEffects(ref, { ...vendorRow, short_name: null }, [ref]);
      pickEffects(ref, null, [ref]);
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
  });

  it('shows a reference\'s displayfield, else its defaultdisplayfield, before any list is read (spec 3)', () => {
    const ref = { displayfield: 'vendor_id__label', defaultdisplayfield: 'supplier_name' };
    expect(referenceDisplayText(ref, { vendor_id__label: '华纺纺织', supplier_name: '旧名' })).toBe('华纺纺织');
    expect(referenceDisplayText(ref, { vendor_id__label: '', supplier_name: '华纺纺织（手填）' })).toBe('华纺纺织（手填）');
    expect(referenceDisplayText(ref, { supplier_name: null })).toBe('');
    expect(referenceDisplayText({}, { supplier_name: 'x' })).toBe('');
  });

  it('reads a defaultfield as reference and key, and nothing else', () => {
    expect(defaultFieldSource('vendor_id.currency')).toEqual({ reference: 'vendor_id', key: 'currency' });
    for (const bad of [undefined, '', 'currency', '.currency', 'vendor_id.']) expect(defaultFieldSource(bad)).toBeNull();
  });

  it('every page\'s defaultfield names a reference of its own form, and every splitFields target is a field of the form', () => {
    let declared = 0;
    for (const page of allPages()) {
      const fields = formFields(resolvePage(page));
      const byKey = new Map(fields.map((f) => [f.field, f]));
      for (const f of fields) {
        if (f.defaultfield) {
          declared++;
          const src = defaultFieldSource(f.defaultfield);
          expect(src, `${page.opt}.${f.field}`).not.toBeNull();
          expect(byKey.get(src!.reference)?.source, `${page.opt}.${f.field} defaultfield ${f.defaultfield}`).toBeTruthy();
        }
        for (const entry of f.splitFields ?? []) {
          declared++;
          expect(byKey.has(entry.split(':')[0]), `${page.opt}.${f.field} splitFields ${entry}`).toBe(true);
        }
      }
    }
    expect(declared).toBeGreaterThanOrEqual(4);
  });
});

describe('a field\'s own error (spec 3 error: hasError, errorMsg, noTranslate)', () => {
  it('translates a message key in the user\'s language unless noTranslate says it is the text itself', () => {
    expect(declaredError(field({ field: 'c', error: { hasError: true, errorMsg: 'rule.required' } }), zh)).toBe('必填项');
    expect(declaredError(field({ field: 'c', error: { hasError: true, errorMsg: 'rule.required' } }), en)).toBe('Required');
    const literal = field({ field: 'c', error: { hasError: true, errorMsg: 'rule.required', noTranslate: true } });
    expect(declaredError(literal, zh)).toBe('rule.required');
    expect(declaredError(literal, en)).toBe('rule.required');
    expect(declaredError(field({ field: 'c', error: { hasError: false, errorMsg: 'rule.required' } }), zh)).toBeNull();
    expect(declaredError(field({ field: 'c' }), zh)).toBeNull();
  });

  it('keeps a field with its own error invalid, in the right words, until a rule speaks first', () => {
    const keyed = field({ field: 'code', error: { hasError: true, errorMsg: 'rule.required' } });
    expect(validateForm([keyed], ctx({ code: 'X' }), en).errors).toEqual({ code: 'Required' });
    const text = field({ field: 'code', error: { hasError: true, errorMsg: '编码已被其他供应商使用', noTranslate: true } });
    expect(validateForm([text], ctx({ code: 'X' }), en).errors).toEqual({ code: '编码已被其他供应商使用' });
    // A failing rule's message comes first (spec 5: the last failing rule's message is shown).
    const ruled = { ...text, validations: [{ type: 'english' as const, message: 'letters only' }] };
    expect(validateForm([ruled], ctx({ code: '中' }), en).errors).toEqual({ code: 'letters only' });
    expect(validateForm([{ ...text, error: { ...text.error!, hasError: false } }], ctx({ code: 'X' }), en).valid).toBe(true);
  });
});
