import { Checkbox, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import '../../../model/i18n/gateway-part';
import { gatewayCalls, type PushEventKind, type PushSubscription } from '../../../model/calls/gateway';
import { useCall } from '../../api/calls';
import { resolvedPageOf } from '../../api/resolved-page';
import { ListPage } from '../../engine/ListPage';
import { MissingPage } from '../../engine/PageStates';
import type { WidgetProps } from '../../form/widgets';
import { useAdminStyles, useLabel } from '../common/admin-kit';

const EVENTS: Array<{ kind: PushEventKind; label: { zh: string; en: string } }> = [
  { kind: 'create', label: { zh: '新建', en: 'Created' } },
  { kind: 'update', label: { zh: '修改', en: 'Changed' } },
  { kind: 'transition', label: { zh: '状态变更', en: 'State change' } },
];

/**
 * The `events` field of the endpoint drawer: per business object the caller may read, which of its
 * creations, changes and state changes are pushed (state changes only for objects that have them).
 * One value of the endpoint (a list of `{ entity, events }`), saved with the other fields.
 */
function EventsField(p: WidgetProps) {
  const s = useAdminStyles();
  const label = useLabel();
  const options = useCall(gatewayCalls.entities, undefined);
  const chosen = new Map(((Array.isArray(p.value) ? p.value : []) as PushSubscription[]).map((x) => [x.entity, x.events]));
  const toggle = (entity: string, kind: PushEventKind, on: boolean) => {
    const next = new Map(chosen);
    const events = EVENTS.map((e) => e.kind).filter((k) => (k === kind ? on : (chosen.get(entity) ?? []).includes(k)));
    if (events.length) next.set(entity, events);
    else next.delete(entity);
    p.onChange([...next].map(([e, ev]) => ({ entity: e, events: ev })));
  };
  if (!options.data) return <Spinner size="small" />;
  return (
    <div id={p.id} style={{ maxHeight: 300, overflow: 'auto' }}>
      <Table size="extra-small" aria-label={p.language === 'en' ? p.field.labelEn : p.field.label}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell />
            {EVENTS.map((ev) => <TableHeaderCell key={ev.kind} style={{ width: 100 }}>{label(ev.label)}</TableHeaderCell>)}
          </TableRow>
        </TableHeader>
        <TableBody>
          {options.data.map((e) => (
            <TableRow key={e.name}>
              <TableCell>
                <Text>{label(e.label)}</Text> <Text className={s.muted} size={200}>{e.name}</Text>
              </TableCell>
              {EVENTS.map((ev) => (
                <TableCell key={ev.kind}>
                  <Checkbox
                    checked={(chosen.get(e.name) ?? []).includes(ev.kind)}
                    disabled={p.disabled || (ev.kind === 'transition' && !e.transitions.length)}
                    onChange={(_, v) => toggle(e.name, ev.kind, v.checked === true)}
                    aria-label={`${label(e.label)} ${label(ev.label)}`}
                    data-testid={`push-event-${e.name}-${ev.kind}`}
                  />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/**
 * /admin/page/push (issue 35): the engine's list and drawer of the view entity `push_endpoint`
 * (grids/admin/push.grid.ts: columns, tabs, create, edit, remove, a test event, a new signing secret
 * asked first; the secret shown once by the page's `secretOnce`), with the events drawn per business object.
 */
export function PushPage() {
  const resolved = resolvedPageOf('push');
  if (!resolved) return <MissingPage opt="push" />;
  return <ListPage resolved={resolved} slots={{ testId: 'admin-push', drawer: () => ({ widgets: { events: EventsField } }) }} />;
}
