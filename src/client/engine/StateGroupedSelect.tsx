import { Select } from '@fluentui/react-components';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityDef } from '../../model/entity';
import type { Row } from '../api/entity-api';
import { labelIn } from '../../model/label-text';

type Props = {
  entity: EntityDef;
  /** The records offered (null while they load). */
  rows: readonly Row[] | null;
  value: number | null;
  onChange: (id: number | null) => void;
  /** How a record reads in the list. */
  label: (row: Row) => string;
  /** Offered while no record is chosen. */
  placeholder: string;
  testId?: string;
  style?: CSSProperties;
};

/**
 * A choice of one record among `rows`, grouped under the labels of the entity's declared states in
 * their declared order (drafts first, then published, archived...); a state no record is in shows no
 * group. Example: the allocation workbench's version picker.
 */
export function StateGroupedSelect(p: Props) {
  const { i18n } = useTranslation();
  const states = p.entity.states?.states ?? [];
  const field = p.entity.states?.field ?? 'status';
  const inState = (code: string) => (p.rows ?? []).filter((r) => r[field] === code);
  return (
    <Select value={p.value ? String(p.value) : ''} onChange={(_, d) => p.onChange(Number(d.value) || null)} data-testid={p.testId} style={p.style}>
      {!p.value && <option value="">{p.placeholder}</option>}
      {states.map((st) =>
        inState(st.code).length ? (
          <optgroup key={st.code} label={labelIn(st.label, i18n.language)}>
            {inState(st.code).map((r) => (
              <option key={String(r.id)} value={String(r.id)}>{p.label(r)}</option>
            ))}
          </optgroup>
        ) : null,
      )}
    </Select>
  );
}
