import { Button, Dropdown, Field, Option, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { Delete20Regular, Edit20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { DataRuleRow } from './admin-api';
import { AdminCard, ListState, useAdminStyles } from '../common/admin-kit';
import { NO_VALUE, type DataPermsState } from './use-data-perms';

function RuleRow({ v, r }: { v: DataPermsState; r: DataRuleRow }) {
  const s = useAdminStyles();
  const { t } = useTranslation();
  return (
    <TableRow data-testid="rule-row">
      <TableCell>{r.role_id ? v.roleName(r.role_id) : r.username}</TableCell>
      <TableCell>
        <Text>{v.menuTitle(r.menu_code)}</Text>
        <Text size={200} block className={s.muted}>{r.menu_code}</Text>
      </TableCell>
      <TableCell data-testid="rule-text">
        <Text weight="semibold">{v.fieldTitle(r.menu_code, r.field)}</Text> {t(`adminui.op.${r.operator}`)} {NO_VALUE.has(r.operator) ? '' : <Text className={s.mono}>{r.value}</Text>}
      </TableCell>
      <TableCell>{r.remark}</TableCell>
      <TableCell>
        <div className={s.rowActions}>
          <Button size="small" icon={<Edit20Regular />} aria-label={t('adminui.edit')} onClick={() => v.open(r)} />
          <Button size="small" icon={<Delete20Regular />} aria-label={t('engine.remove')} onClick={() => void v.remove(r)} data-testid="rule-remove" />
        </div>
      </TableCell>
    </TableRow>
  );
}

/** The role filter and the rules: role, menu, the rule as words, remark, edit and remove. */
export function DataRuleTable({ v }: { v: DataPermsState }) {
  const s = useAdminStyles();
  const { t, i18n } = useTranslation();
  const { roleFilter, tenantRoles, rules } = v;
  return (
    <AdminCard>
      <div className={s.toolbar}>
        <Field label={t('adminui.dataperm.role')} orientation="horizontal">
          <Dropdown value={roleFilter ? v.roleName(Number(roleFilter)) : t('adminui.dataperm.allRoles')} selectedOptions={[roleFilter]} onOptionSelect={(_, d) => v.filterRole(d.optionValue)} data-testid="rule-role-filter">
            <Option value="">{t('adminui.dataperm.allRoles')}</Option>
            {tenantRoles.map((r) => <Option key={r.id} value={String(r.id)}>{i18n.language === 'en' ? r.name_en : r.name_zh}</Option>)}
          </Dropdown>
        </Field>
      </div>
      {!v.roles.isLoading && !tenantRoles.length ? <div className={s.empty}>{t('adminui.dataperm.noRoles')}</div> : null}
      <ListState loading={rules.isLoading} error={rules.error} empty={!!rules.data && rules.data.length === 0 && tenantRoles.length > 0} emptyText={t('adminui.dataperm.empty')} />
      {rules.data && rules.data.length > 0 ? (
        <Table aria-label={t('adminui.dataperm.title')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('adminui.dataperm.role')}</TableHeaderCell>
              <TableHeaderCell>{t('adminui.dataperm.menu')}</TableHeaderCell>
              <TableHeaderCell>{t('adminui.dataperm.rule')}</TableHeaderCell>
              <TableHeaderCell>{t('adminui.dataperm.remark')}</TableHeaderCell>
              <TableHeaderCell style={{ width: 120 }}>{t('adminui.actions')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rules.data.map((r) => <RuleRow key={r.id} v={v} r={r} />)}
          </TableBody>
        </Table>
      ) : null}
    </AdminCard>
  );
}
