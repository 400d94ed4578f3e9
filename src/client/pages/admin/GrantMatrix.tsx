import { Checkbox, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { allEntities } from '../../../model/entity';
import { allMenuGroups } from '../../../model/menus';
// The menu groups and entities the catalogue names are declared in grids/ (titles of the matrix).
import '../../../../grids';
import type { CatalogEntry } from './admin-api';
import { useLabel } from '../common/admin-kit';
import { groupCatalog, MATRIX_VERBS, toggleVerb, type GrantMap } from './grant-matrix';

/** The matrix of menus x verbs (spec 6: the server enforces each verb on its own). */
export function GrantMatrix(props: { catalog: CatalogEntry[]; grants: GrantMap; readOnly: boolean; onChange: (g: GrantMap) => void }) {
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
