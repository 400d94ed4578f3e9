import { Button, Combobox, DrawerBody, DrawerFooter, DrawerHeader, DrawerHeaderTitle, Dropdown, Field, Input, MessageBar, MessageBarBody, Option, OverlayDrawer, Switch } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import type { Label } from '../../../../model';
import { ALERT_CONDITION_LABELS, alertNumber } from '../../../../model/alerts';
import { A, fill } from './alert-texts';
import { AlertFigureFields } from './AlertFigureFields';
import { RecipientPicker } from './RecipientPicker';
import { CONDITIONS, type AlertsState } from './use-alerts';

/** The drawer that adds or changes an alert: dataset, measure, filters, condition, recipients, and the figure now. */
export function AlertDrawer({ state: s, tr, onSaved }: { state: AlertsState; tr: (l: Label) => string; onSaved: () => void }) {
  const d = s.draft;
  const roles = s.data?.roles ?? [];
  const err = (k: string) => (s.errors[k] ? { validationState: 'error' as const, validationMessage: s.errors[k] } : {});
  const report = s.report;
  const roleName = (code: string) => roles.find((r) => r.code === code)?.name ?? code;
  const save = async () => {
    if (await s.save()) onSaved();
  };
  return (
    <OverlayDrawer open={Boolean(d)} position="end" size="medium" onOpenChange={(_, x) => !x.open && s.close()} data-testid="alert-drawer">
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label={tr(A.cancel)} icon={<DismissRegular />} onClick={s.close} />}>{d?.id ? tr(A.edit) : tr(A.add)}</DrawerHeaderTitle>
      </DrawerHeader>
      {d ? (
        <DrawerBody style={{ display: 'grid', gap: 12, alignContent: 'start' }}>
          <Field label={tr(A.name)} required {...err('name')}>
            <Input value={d.name} maxLength={100} onChange={(_, x) => s.change({ name: x.value })} data-testid="alert-name" />
          </Field>
          <AlertFigureFields state={s} tr={tr} />
          <div style={{ display: 'grid', gridTemplateColumns: d.condition === 'late_by' ? '1fr 1fr 1fr' : '1fr 1fr', gap: 12 }}>
            <Field label={tr(A.condition)} required {...err('condition')}>
              <Dropdown data-testid="alert-condition" value={tr(ALERT_CONDITION_LABELS[d.condition])} selectedOptions={[d.condition]} onOptionSelect={(_, x) => s.change({ condition: (x.optionValue ?? 'above') as typeof d.condition })}>
                {CONDITIONS.filter((c) => !d.tile_id || c !== 'late_by').map((c) => (
                  <Option key={c} value={c}>
                    {tr(ALERT_CONDITION_LABELS[c])}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            {d.condition === 'late_by' ? (
              <Field label={tr(A.days)} required {...err('days')}>
                <Input type="number" min={0} max={365} value={d.days} onChange={(_, x) => s.change({ days: x.value })} data-testid="alert-days" />
              </Field>
            ) : null}
            <Field label={tr(A.threshold)} required {...err('threshold')}>
              <Input type="number" value={d.threshold} onChange={(_, x) => s.change({ threshold: x.value })} data-testid="alert-threshold" />
            </Field>
          </div>
          {d.condition === 'changed_by' ? <div style={{ fontSize: 12, color: '#616161' }}>{tr(A.changedHint)}</div> : null}
          {d.condition === 'late_by' ? <div style={{ fontSize: 12, color: '#616161' }}>{tr(A.lateHint)}</div> : null}
          {s.preview ? (
            <MessageBar intent={s.preview.across ? 'warning' : 'info'} layout="multiline" data-testid="alert-preview">
              <MessageBarBody>
                {fill(tr(A.preview), { value: alertNumber(report, d.measure, s.preview.value) })} {d.condition === 'changed_by' ? '' : tr(s.preview.across ? A.previewAcross : A.previewArmed)}
              </MessageBarBody>
            </MessageBar>
          ) : null}
          <Field label={tr(A.recipients)} {...err('recipient_users')}>
            <RecipientPicker value={d.recipient_users} known={s.data?.people ?? []} onChange={(ids) => s.change({ recipient_users: ids })} tr={tr} />
          </Field>
          <Field label={tr(A.roles)} {...err('recipient_roles')}>
            <Combobox data-testid="alert-roles" multiselect placeholder={tr(A.pickRoles)} value={d.recipient_roles.map(roleName).join('、')} selectedOptions={d.recipient_roles} onOptionSelect={(_, x) => s.change({ recipient_roles: x.selectedOptions })}>
              {roles.map((r) => (
                <Option key={r.code} value={r.code}>
                  {r.name}
                </Option>
              ))}
            </Combobox>
          </Field>
          <Switch label={tr(A.enabled)} checked={d.enabled} onChange={(_, x) => s.change({ enabled: x.checked })} />
          {s.errors._ ? (
            <MessageBar intent="error" layout="multiline">
              <MessageBarBody>{s.errors._}</MessageBarBody>
            </MessageBar>
          ) : null}
        </DrawerBody>
      ) : null}
      <DrawerFooter>
        <Button appearance="primary" disabled={s.busy} onClick={() => void save()} data-testid="alert-save">
          {tr(A.save)}
        </Button>
        <Button onClick={s.close}>{tr(A.cancel)}</Button>
      </DrawerFooter>
    </OverlayDrawer>
  );
}
