import { Radio, RadioGroup, Spinner, Table, TableBody, TableCell, TableRow, Text } from '@fluentui/react-components';
import '../../../model/i18n/gateway-part';
import { gatewayCalls, type ApiKeyScope } from '../../../model/calls/gateway';
import { useCall } from '../../api/calls';
import { resolvedPageOf } from '../../api/resolved-page';
import { ListPage } from '../../engine/ListPage';
import { MissingPage } from '../../engine/PageStates';
import type { WidgetProps } from '../../form/widgets';
import { useAdminStyles, useLabel } from '../common/admin-kit';

type Access = '' | ApiKeyScope['access'];
const ACCESS: Access[] = ['', 'read', 'write'];
const WORDS = { '': { zh: '不授权', en: 'None' }, read: { zh: '读取', en: 'Read' }, write: { zh: '读写', en: 'Read and write' } };

/**
 * The `scopes` field of the API key drawer: per business object the caller may grant, none, read, or
 * read and write (write only where the caller may edit it). Fixed once the key is made: a stored
 * key's scopes show read-only. One value of the key (a list of `{ entity, access }`), saved with the
 * other fields.
 */
function ScopesField(p: WidgetProps) {
  const s = useAdminStyles();
  const label = useLabel();
  const options = useCall(gatewayCalls.entities, undefined);
  const chosen = new Map(((Array.isArray(p.value) ? p.value : []) as ApiKeyScope[]).map((x) => [x.entity, x.access]));
  const set = (entity: string, access: Access) => {
    const next = new Map(chosen);
    if (access) next.set(entity, access);
    else next.delete(entity);
    p.onChange([...next].map(([e, a]) => ({ entity: e, access: a })));
  };
  if (!options.data) return <Spinner size="small" />;
  const readOnly = p.disabled || Boolean(p.recordId);
  return (
    <div id={p.id} style={{ maxHeight: 320, overflow: 'auto' }}>
      <Table size="extra-small" aria-label={p.language === 'en' ? p.field.labelEn : p.field.label}>
        <TableBody>
          {options.data.filter((e) => !readOnly || chosen.has(e.name)).map((e) => (
            <TableRow key={e.name} data-testid={`apikey-scope-${e.name}`}>
              <TableCell>
                <Text>{label(e.label)}</Text> <Text className={s.muted} size={200}>{e.name}</Text>
              </TableCell>
              <TableCell style={{ width: 320 }}>
                <RadioGroup layout="horizontal" value={chosen.get(e.name) ?? ''} onChange={(_, v) => set(e.name, v.value as Access)} aria-label={label(e.label)} disabled={readOnly}>
                  {ACCESS.map((a) => <Radio key={a} value={a} label={label(WORDS[a])} disabled={readOnly || (a === 'write' && !e.can_write)} />)}
                </RadioGroup>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/**
 * /admin/page/apikeys (issue 35): the engine's list and drawer of the view entity `api_key`
 * (grids/admin/apikeys.grid.ts: columns, tabs, create, edit, revoke asked first; the new key shown
 * once by the page's `secretOnce`), with the scopes drawn per business object.
 */
export function ApiKeysPage() {
  const resolved = resolvedPageOf('apikeys');
  if (!resolved) return <MissingPage opt="apikeys" />;
  return <ListPage resolved={resolved} slots={{ testId: 'admin-apikeys', drawer: () => ({ widgets: { scopes: ScopesField } }) }} />;
}
