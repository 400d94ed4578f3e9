import { Button, Dropdown, Field, Input, Link, MessageBar, MessageBarBody, Option, Spinner, Textarea } from '@fluentui/react-components';
import { Delete20Regular, Save20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAdminStyles } from '../common/admin-kit';
import { GrantMatrix } from './GrantMatrix';
import type { RoleDraft, RolesState } from './use-roles';

/** Save, remove (a company's own role) and the link to the role's data rules. */
function RoleCommands({ v, draft }: { v: RolesState; draft: RoleDraft }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const current = v.current;
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
      <Button appearance="primary" icon={<Save20Regular />} disabled={v.busy} onClick={() => void v.save()} data-testid="role-save">{t('engine.save')}</Button>
      {current && !current.system ? <Button icon={<Delete20Regular />} onClick={() => void v.remove(current)} data-testid="role-remove">{t('engine.remove')}</Button> : null}
      {draft.id ? (
        <Link onClick={() => navigate(`/admin/page/dataperms?role=${draft.id}`)} data-testid="role-dataperms">
          {t('adminui.role.dataRules', { count: v.detail.data?.data_permissions.length ?? 0 })}
        </Link>
      ) : null}
    </div>
  );
}

/** The chosen role: its code, names, kind, remark and the grant matrix (read-only for system roles). */
export function RoleEditor({ v, draft }: { v: RolesState; draft: RoleDraft }) {
  const s = useAdminStyles();
  const { t } = useTranslation();
  const { errors, setDraft } = v;
  const field = (key: 'code' | 'name_zh' | 'name_en', labelKey: string, required = false) => (
    <Field label={t(labelKey)} required={required} validationMessage={errors[key]} validationState={errors[key] ? 'error' : 'none'}>
      <Input value={draft[key]} disabled={draft.system} onChange={(_, d) => setDraft({ ...draft, [key]: d.value })} data-testid={`role-${key}`} />
    </Field>
  );
  const grantErrors = Object.entries(errors).filter(([k]) => k.startsWith('grants'));
  return (
    <div className={s.form} style={{ padding: 16 }} data-testid="role-editor">
      {draft.system ? (
        <MessageBar intent="info"><MessageBarBody>{t('adminui.role.systemReadonly')}</MessageBarBody></MessageBar>
      ) : null}
      <div className={s.twoCols}>
        {field('code', 'adminui.role.code', true)}
        {field('name_zh', 'adminui.role.nameZh', true)}
        {field('name_en', 'adminui.role.nameEn')}
        <Field label={t('adminui.role.kind')} hint={t('adminui.role.kindHint')}>
          <Dropdown value={t(`adminui.role.kind.${draft.kind}`)} selectedOptions={[draft.kind]} disabled={draft.system} onOptionSelect={(_, d) => setDraft({ ...draft, kind: d.optionValue ?? 'menu' })} data-testid="role-kind">
            <Option value="menu">{t('adminui.role.kind.menu')}</Option>
            <Option value="dashboard">{t('adminui.role.kind.dashboard')}</Option>
          </Dropdown>
        </Field>
      </div>
      <Field label={t('adminui.role.remark')}>
        <Textarea value={draft.remark} disabled={draft.system} onChange={(_, d) => setDraft({ ...draft, remark: d.value })} rows={2} />
      </Field>
      {errors.grants || grantErrors.length ? (
        <MessageBar intent="error"><MessageBarBody>{grantErrors.map(([, e]) => e).join('; ')}</MessageBarBody></MessageBar>
      ) : null}
      {v.catalog.data ? <GrantMatrix catalog={v.catalog.data.menus} grants={draft.grants} readOnly={draft.system} onChange={(g) => setDraft({ ...draft, grants: g })} /> : <Spinner />}
      {!draft.system ? <RoleCommands v={v} draft={draft} /> : null}
    </div>
  );
}
