import {
  Badge,
  Button,
  Checkbox,
  Dropdown,
  Field,
  Input,
  Link,
  MessageBar,
  MessageBarBody,
  Option,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { Add20Regular, Delete20Regular, Save20Regular } from '@fluentui/react-icons';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { SplitPane } from '../../shell/SplitPane';
import { allEntities } from '../../../model/entity';
import { allMenuGroups } from '../../../model/menus';
// The menu groups and entities the catalogue names are declared in grids/ (titles of the matrix).
import '../../../../grids';
import { toast } from '../../kernel/toast-bus';
import { adminApi, type CatalogEntry, type Grant, type RoleRow } from './admin-api';
import { AdminCard, AdminPage, fieldErrorsOf, ListState, useAdminStyles, useConfirm, useLabel } from '../common/admin-kit';
import { groupCatalog, MATRIX_VERBS, toggleVerb, type GrantMap } from './grant-matrix';

type Draft = { id?: number; version?: number; code: string; name_zh: string; name_en: string; kind: string; remark: string; grants: GrantMap; system: boolean };
const emptyDraft = (): Draft => ({ code: '', name_zh: '', name_en: '', kind: 'menu', remark: '', grants: {}, system: false });

/** The matrix of menus x verbs (spec 6: the server enforces each verb on its own). */
function GrantMatrix(props: { catalog: CatalogEntry[]; grants: GrantMap; readOnly: boolean; onChange: (g: GrantMap) => void }) {
  const { t } = useTranslation();
  const label = useLabel();
  const groups = useMemo(() => groupCatalog(props.catalog, allMenuGroups()), [props.catalog]);
  // An action's label from the state machine that declares it (spec 4), else its name.
  const actionLabel = (menuCode: string, verb: string) => {
    const name = verb.slice('action:'.length);
    for (const e of allEntities()) {
      if (e.menuCode !== menuCode) continue;
      const tr = e.states?.transitions.find((x) => x.action === name);
      if (tr) return label(tr.label);
    }
    return t(`adminui.verb.${verb}`, { defaultValue: name });
  };
  const cell = (entry: CatalogEntry, verb: string) => {
    if (!entry.verbs.includes(verb)) return <Text className="muted">—</Text>;
    return (
      <Checkbox
        aria-label={`${label(entry.title)} ${t(`adminui.verb.${verb}`)}`}
        checked={(props.grants[entry.menu_code] ?? []).includes(verb)}
        disabled={props.readOnly}
        onChange={() => props.onChange(toggleVerb(props.grants, entry.menu_code, verb))}
        data-testid={`grant-${entry.menu_code}-${verb}`}
      />
    );
  };
  return (
    <div style={{ overflow: 'auto', maxHeight: 520 }}>
      <Table size="small" aria-label={t('adminui.role.matrix')} style={{ minWidth: 860 }}>
        <TableHeader style={{ position: 'sticky', top: 0, background: tokens.colorNeutralBackground1, zIndex: 1 }}>
          <TableRow>
            <TableHeaderCell style={{ width: 190 }}>{t('adminui.role.menu')}</TableHeaderCell>
            {MATRIX_VERBS.map((v) => <TableHeaderCell key={v} style={{ width: 56 }}>{t(`adminui.verb.${v}`)}</TableHeaderCell>)}
            <TableHeaderCell style={{ width: 240 }}>{t('adminui.verb.actions')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {groups.map((g) => [
            <TableRow key={`g-${g.code}`} style={{ background: tokens.colorNeutralBackground3 }}>
              <TableCell colSpan={MATRIX_VERBS.length + 2}><Text weight="semibold">{g.title ? label(g.title) : g.code}</Text></TableCell>
            </TableRow>,
            ...g.entries.map((e) => {
              const actions = e.verbs.filter((v) => v.startsWith('action:'));
              return (
                <TableRow key={e.menu_code} data-testid={`grant-row-${e.menu_code}`}>
                  <TableCell>
                    <div style={{ display: 'grid' }}>
                      <Text>{label(e.title)}</Text>
                      <Text size={100} style={{ color: tokens.colorNeutralForeground3 }}>{e.menu_code}</Text>
                    </div>
                  </TableCell>
                  {MATRIX_VERBS.map((v) => <TableCell key={v}>{cell(e, v)}</TableCell>)}
                  <TableCell>
                    <div style={{ display: 'grid', gap: 0 }}>
                      {actions.map((a) => (
                        <Checkbox key={a} label={actionLabel(e.menu_code, a)} checked={(props.grants[e.menu_code] ?? []).includes(a)} disabled={props.readOnly} onChange={() => props.onChange(toggleVerb(props.grants, e.menu_code, a))} data-testid={`grant-${e.menu_code}-${a}`} />
                      ))}
                    </div>
                  </TableCell>
                </TableRow>
              );
            }),
          ])}
        </TableBody>
      </Table>
    </div>
  );
}

/**
 * /admin/page/roles: the company's roles (spec 6: menu roles per client, dashboard roles) with a
 * matrix of menu x verb grants. System roles are shown read-only with what they grant by rule.
 */
export function RolesPage() {
  const s = useAdminStyles();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<number | 'new' | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [dialog, confirm] = useConfirm();
  const roles = useSWR('admin-roles', () => adminApi.roles());
  const catalog = useSWR('admin-catalog', () => adminApi.catalog());
  const detail = useSWR(typeof selected === 'number' ? ['admin-role', selected] : null, () => adminApi.role(selected as number));

  useEffect(() => {
    if (selected === 'new') setDraft(emptyDraft());
    else if (detail.data && detail.data.id === selected) {
      const d = detail.data;
      setDraft({ id: d.id, version: d.version, code: d.code, name_zh: d.name_zh, name_en: d.name_en, kind: d.kind, remark: d.remark ?? '', grants: Object.fromEntries(d.grants.map((g) => [g.menu_code, g.verbs])), system: d.system });
    }
    setErrors({});
  }, [selected, detail.data]);

  const save = async () => {
    if (!draft) return;
    setBusy(true);
    setErrors({});
    try {
      const grants: Grant[] = Object.entries(draft.grants).filter(([, v]) => v.length).map(([menu_code, verbs]) => ({ menu_code, verbs }));
      const r = await adminApi.saveRole({ id: draft.id, version: draft.version, code: draft.code, name_zh: draft.name_zh, name_en: draft.name_en || draft.name_zh, kind: draft.kind, remark: draft.remark, grants });
      toast.success(t('adminui.saved'));
      await roles.mutate();
      setSelected(r.id);
      void detail.mutate();
    } catch (e) {
      setErrors(fieldErrorsOf(e));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (r: RoleRow) => {
    if (!(await confirm(t('adminui.role.confirmRemove', { name: i18n.language === 'en' ? r.name_en : r.name_zh })))) return;
    await adminApi.removeRole(r.id);
    toast.success(t('engine.removed'));
    setSelected(null);
    setDraft(null);
    void roles.mutate();
  };
  const current = roles.data?.find((r) => r.id === selected);
  const field = (key: 'code' | 'name_zh' | 'name_en', labelKey: string, required = false) =>
    draft ? (
      <Field label={t(labelKey)} required={required} validationMessage={errors[key]} validationState={errors[key] ? 'error' : 'none'}>
        <Input value={draft[key]} disabled={draft.system} onChange={(_, d) => setDraft({ ...draft, [key]: d.value })} data-testid={`role-${key}`} />
      </Field>
    ) : null;

  return (
    <AdminPage
      testId="admin-roles"
      title={t('adminui.role.title')}
      explain={t('adminui.role.explain')}
      actions={<Button appearance="primary" icon={<Add20Regular />} onClick={() => setSelected('new')} data-testid="role-new">{t('adminui.role.new')}</Button>}
    >
      <SplitPane id="admin-roles-list" sized="start" defaultSize={300} min={220} maxShare={0.45} otherMin={480} label={t('adminui.role.listWidth')}>
        <AdminCard>
          <ListState loading={roles.isLoading} error={roles.error} empty={!!roles.data && roles.data.length === 0} />
          <div style={{ display: 'grid', padding: 8, gap: 2, maxHeight: 640, overflow: 'auto' }} data-testid="role-list">
            {(roles.data ?? []).map((r) => (
              <Button
                key={r.id}
                appearance={selected === r.id ? 'secondary' : 'subtle'}
                style={{ justifyContent: 'space-between', fontWeight: selected === r.id ? 600 : 400 }}
                onClick={() => setSelected(r.id)}
                data-testid={`role-item-${r.code}`}
              >
                <span>{i18n.language === 'en' ? r.name_en : r.name_zh}</span>
                <span style={{ display: 'flex', gap: 4 }}>
                  {r.system ? <Badge appearance="tint" color="informative" size="small">{t('adminui.role.system')}</Badge> : null}
                  {r.kind === 'dashboard' ? <Badge appearance="tint" color="warning" size="small">{t('adminui.role.kind.dashboard')}</Badge> : null}
                  <Badge appearance="outline" size="small">{r.users}</Badge>
                </span>
              </Button>
            ))}
          </div>
        </AdminCard>
        <AdminCard>
          {!draft ? <div className={s.empty}>{selected !== null && detail.isLoading ? <Spinner /> : t('adminui.role.pick')}</div> : null}
          {draft ? (
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
              {errors.grants || Object.keys(errors).some((k) => k.startsWith('grants')) ? (
                <MessageBar intent="error"><MessageBarBody>{Object.entries(errors).filter(([k]) => k.startsWith('grants')).map(([, v]) => v).join('; ')}</MessageBarBody></MessageBar>
              ) : null}
              {catalog.data ? <GrantMatrix catalog={catalog.data.menus} grants={draft.grants} readOnly={draft.system} onChange={(g) => setDraft({ ...draft, grants: g })} /> : <Spinner />}
              {!draft.system ? (
                <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Button appearance="primary" icon={<Save20Regular />} disabled={busy} onClick={() => void save()} data-testid="role-save">{t('engine.save')}</Button>
                  {current && !current.system ? <Button icon={<Delete20Regular />} onClick={() => void remove(current)} data-testid="role-remove">{t('engine.remove')}</Button> : null}
                  {draft.id ? (
                    <Link onClick={() => navigate(`/admin/page/dataperms?role=${draft.id}`)} data-testid="role-dataperms">
                      {t('adminui.role.dataRules', { count: detail.data?.data_permissions.length ?? 0 })}
                    </Link>
                  ) : null}
                </div>
              ) : null}
            </div>
          ) : null}
        </AdminCard>
      </SplitPane>
      {dialog}
    </AdminPage>
  );
}
