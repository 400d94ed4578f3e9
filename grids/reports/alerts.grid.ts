import { definePage, stateTabs } from '../../src/model';
import { adminCalls } from '../../src/model/calls/admin';
import { rptAlert } from '../../src/model/entities/rptalert.entity';

/** The company's roles, several chosen in the engine's dropdown (the roles every member may read, by code and name). */
export const companyRoles = { type: 'dropdownbox', isMulti: true, source: { entity: 'role' }, optionConfig: { valueField: 'code', labelField: 'name' } } as const;

/** The company's colleagues, several chosen, searched by name or account (a saved alert's named without a search). */
const colleagues = { type: 'dropdowntable', isMulti: true, optionsCall: { call: adminCalls.userOptions, input: { size: '100' }, search: 'q', chosen: 'ids', labelField: 'fullname', codeField: 'username' } } as const;

/** No designed tile chosen: the alert names a report's measure and filters itself. */
const noTile = { relatedStateFields: { tile_id: [null, ''] } };

/**
 * Figure alerts (issue 34, `/rpt/page/alerts`, menu 报表分析 > 指标预警 in reports/menu.ts; also from
 * the control tower's bell on a chart): the company's alerts with their dataset, condition, state
 * (tabs with counts), current value and firings; a drawer to add or change one (the figure's
 * fields, the recipients and the figure now are the page's widgets,
 * src/client/pages/visual/alerts/AlertsPage.tsx); removed at the version read, asked first.
 */
export const alertsPage = definePage({
  opt: 'alerts',
  cata: 'rpt',
  kind: 'page',
  entity: rptAlert.name,
  title: { zh: '指标预警', en: 'Figure alerts' },
  purpose: {
    zh: '选择报表数据集的指标、条件和接收人：数据变化后立即计算，越过阈值时通知一次（铃铛，及按消息设置的邮件或企业微信/钉钉），再次通知须先回到阈值另一侧。',
    en: 'Pick a dataset’s measure, a condition and recipients: it is measured as soon as the data changes and tells once per crossing (the bell, and mail or workplace chat by the notice settings); telling again needs it to go back first.',
  },
  columns: [
    { field: 'name', width: 220, pinned: 'left' },
    { field: 'report', width: 190 },
    { field: 'tile_id', width: 140 },
    { field: 'condition', width: 170 },
    { field: 'threshold', width: 110 },
    { field: 'alert_state', width: 130 },
    { field: 'last_value', width: 100 },
    { field: 'fired_at', width: 160 },
    { field: 'fired_count', width: 110 },
    { field: 'enabled', width: 80 },
    { field: 'measure', hide: true },
    { field: 'checked_at', hide: true },
  ],
  statusTabs: stateTabs(rptAlert.states!),
  actions: [{ kind: 'create' }, { kind: 'edit' }, { kind: 'remove' }],
  quickSearch: ['name'],
  form: [
    {
      modelName: 'base',
      form: [
        { field: 'name', spanClass: 'full' },
        { field: 'tile_id', spanClass: 'full' },
        { field: 'report', spanClass: 'half' },
        { field: 'measure', spanClass: 'half', visible: noTile },
        { field: 'filters', spanClass: 'full', visible: noTile },
        { field: 'condition', spanClass: 'half' },
        { field: 'days', spanClass: 'half', visible: { relatedStateFields: { condition: ['late_by'] } } },
        { field: 'threshold', spanClass: 'full' },
        { field: 'recipient_users', spanClass: 'full', ...colleagues },
        { field: 'recipient_roles', spanClass: 'full', ...companyRoles },
        { field: 'enabled', spanClass: 'half' },
      ],
    },
  ],
});
