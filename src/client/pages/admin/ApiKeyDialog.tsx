import { Field, Input, Radio, RadioGroup, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { GatewayEntityOption } from '../../../model/calls/gateway';
import { DateBox } from '../../form/widgets/date-input';
import { AdminEditDialog, useAdminStyles, useLabel } from '../common/admin-kit';
import type { ApiKeysState } from './use-api-keys';

type Access = '' | 'read' | 'write';

/**
 * The new key's form: its name, per business object none / read / read and write (write only where
 * the administrator may edit it), calls per minute and an optional expiry date.
 */
export function ApiKeyDialog({ st, entities }: { st: ApiKeysState; entities: GatewayEntityOption[] }) {
  const { t } = useTranslation();
  const s = useAdminStyles();
  const label = useLabel();
  const d = st.draft;
  const state = (k: string) => (st.errors[k] ? 'error' : 'none');
  const set = (patch: Partial<NonNullable<typeof d>>) => d && st.setDraft({ ...d, ...patch });
  return (
    <AdminEditDialog open={d !== null} title={t('gatewayui.keys.create')} onClose={st.close} onSave={() => void st.save()} busy={st.busy} saveTestId="apikey-save" maxWidth={720}>
      {d ? (
        <div className={s.form}>
          <div className={s.twoCols}>
            <Field label={t('gatewayui.keys.name')} required validationMessage={st.errors.name} validationState={state('name')}>
              <Input value={d.name} maxLength={60} onChange={(_, v) => set({ name: v.value })} data-testid="apikey-name" />
            </Field>
            <Field label={t('gatewayui.keys.rate')} hint={t('gatewayui.keys.rateHint')} validationMessage={st.errors.rate_per_minute} validationState={state('rate_per_minute')}>
              <Input value={d.rate} inputMode="numeric" onChange={(_, v) => set({ rate: v.value })} data-testid="apikey-rate" />
            </Field>
            <Field label={t('gatewayui.keys.expires')} hint={t('gatewayui.keys.expiresHint')} validationMessage={st.errors.expires_at} validationState={state('expires_at')}>
              <DateBox value={d.expires} onChange={(v) => set({ expires: v })} ariaLabel={t('gatewayui.keys.expires')} testId="apikey-expires" />
            </Field>
          </div>
          <Field label={t('gatewayui.keys.scopes')} required validationMessage={st.errors.scopes} validationState={state('scopes')}>
            <div style={{ maxHeight: 320, overflow: 'auto' }}>
              <Table size="extra-small" aria-label={t('gatewayui.keys.scopes')}>
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>{t('gatewayui.push.entity')}</TableHeaderCell>
                    <TableHeaderCell style={{ width: 320 }} />
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {entities.map((e) => (
                    <TableRow key={e.name} data-testid={`apikey-scope-${e.name}`}>
                      <TableCell>
                        <Text>{label(e.label)}</Text> <Text className={s.muted} size={200}>{e.name}</Text>
                      </TableCell>
                      <TableCell>
                        <RadioGroup layout="horizontal" value={d.access[e.name] ?? ''} onChange={(_, v) => set({ access: { ...d.access, [e.name]: v.value as Access } })} aria-label={label(e.label)}>
                          <Radio value="" label={t('gatewayui.keys.none')} />
                          <Radio value="read" label={t('gatewayui.keys.read')} />
                          <Radio value="write" label={t('gatewayui.keys.write')} disabled={!e.can_write} />
                        </RadioGroup>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </Field>
        </div>
      ) : null}
    </AdminEditDialog>
  );
}
