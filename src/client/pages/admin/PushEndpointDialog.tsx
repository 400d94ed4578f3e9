import { Checkbox, Field, Input, Switch, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { GatewayEntityOption, PushEventKind } from '../../../model/calls/gateway';
import { AdminEditDialog, useAdminStyles, useLabel } from '../common/admin-kit';
import type { PushState } from './use-push';

const EVENTS: PushEventKind[] = ['create', 'update', 'transition'];

/** An endpoint's form: name, address (https on the allow-list), enabled, and per entity the events pushed. */
export function PushEndpointDialog({ st, entities }: { st: PushState; entities: GatewayEntityOption[] }) {
  const { t } = useTranslation();
  const s = useAdminStyles();
  const label = useLabel();
  const d = st.draft;
  const state = (k: string) => (st.errors[k] ? 'error' : 'none');
  const set = (patch: Partial<NonNullable<typeof d>>) => d && st.setDraft({ ...d, ...patch });
  const toggle = (entity: string, ev: PushEventKind, on: boolean) => {
    if (!d) return;
    const now = new Set(d.events[entity] ?? []);
    if (on) now.add(ev);
    else now.delete(ev);
    set({ events: { ...d.events, [entity]: EVENTS.filter((e) => now.has(e)) } });
  };
  return (
    <AdminEditDialog open={d !== null} title={t(d?.id ? 'gatewayui.push.editEndpoint' : 'gatewayui.push.newEndpoint')} onClose={st.close} onSave={() => void st.save()} busy={st.busy} saveTestId="push-endpoint-save" maxWidth={760}>
      {d ? (
        <div className={s.form}>
          <div className={s.twoCols}>
            <Field label={t('gatewayui.push.name')} required validationMessage={st.errors.name} validationState={state('name')}>
              <Input value={d.name} maxLength={60} onChange={(_, v) => set({ name: v.value })} data-testid="push-endpoint-name" />
            </Field>
            <Field label={t('gatewayui.push.enabled')}>
              <Switch checked={d.enabled} onChange={(_, v) => set({ enabled: v.checked })} label={t(d.enabled ? 'gatewayui.push.enabled' : 'gatewayui.push.disabled')} />
            </Field>
          </div>
          <Field label={t('gatewayui.push.url')} required validationMessage={st.errors.url} validationState={state('url')}>
            <Input value={d.url} maxLength={1000} onChange={(_, v) => set({ url: v.value })} data-testid="push-endpoint-url" />
          </Field>
          <Field label={t('gatewayui.push.events')} required validationMessage={st.errors.events} validationState={state('events')}>
            <div style={{ maxHeight: 300, overflow: 'auto' }}>
              <Table size="extra-small" aria-label={t('gatewayui.push.events')}>
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>{t('gatewayui.push.entity')}</TableHeaderCell>
                    {EVENTS.map((ev) => <TableHeaderCell key={ev} style={{ width: 110 }}>{t(`gatewayui.push.event.${ev}`)}</TableHeaderCell>)}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {entities.map((e) => (
                    <TableRow key={e.name}>
                      <TableCell><Text>{label(e.label)}</Text> <Text className={s.muted} size={200}>{e.name}</Text></TableCell>
                      {EVENTS.map((ev) => (
                        <TableCell key={ev}>
                          <Checkbox
                            checked={(d.events[e.name] ?? []).includes(ev)}
                            disabled={ev === 'transition' && !e.transitions.length}
                            onChange={(_, v) => toggle(e.name, ev, v.checked === true)}
                            aria-label={`${label(e.label)} ${t(`gatewayui.push.event.${ev}`)}`}
                            data-testid={`push-event-${e.name}-${ev}`}
                          />
                        </TableCell>
                      ))}
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
