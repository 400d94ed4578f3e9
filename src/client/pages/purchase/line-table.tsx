import { Input, makeStyles, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dictionaryItems } from '../../../model/dictionaries';
import type { Row } from '../../engine/entity-api';
import type { QtyError } from './quantities';

export const useLineTableStyles = makeStyles({
  table: { borderCollapse: 'collapse', width: '100%', fontSize: tokens.fontSizeBase300 },
  th: { textAlign: 'left', fontWeight: tokens.fontWeightSemibold, padding: '6px 8px', borderBottom: `1px solid ${tokens.colorNeutralStroke1}`, whiteSpace: 'nowrap', background: tokens.colorNeutralBackground3 },
  num: { textAlign: 'right', padding: '6px 8px', whiteSpace: 'nowrap', verticalAlign: 'top', fontVariantNumeric: 'tabular-nums' },
  td: { padding: '6px 8px', verticalAlign: 'top', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  input: { width: '120px' },
  inputCell: { padding: '4px 8px', verticalAlign: 'top', borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, width: '140px' },
  err: { display: 'block', color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200, marginTop: '2px', maxWidth: '220px' },
  formErr: { color: tokens.colorPaletteRedForeground1 },
  scroll: { maxHeight: '50vh', overflow: 'auto', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
});

/** What a purchase line buys, as people read it: the material (code and name), or style / colour / size. */
export function itemText(line: Row): string {
  const material = [line.material_code, line.material_name ?? line.material_id__label].filter(Boolean).join(' ');
  if (material) return material;
  return [line.style_no, line.colour, line.size].filter(Boolean).join(' / ');
}

export function useUnitLabel() {
  const { i18n } = useTranslation();
  return (unit: unknown) => {
    const item = dictionaryItems('unit')?.find((i) => i.value === unit);
    return item ? (i18n.language === 'en' ? item.label.en : item.label.zh) : String(unit ?? '');
  };
}

/** A quantity input in a table cell, its message under it. */
export function QtyCell(props: { value: string; onChange: (v: string) => void; error: QtyError | string | null | undefined; testId: string; label: string }) {
  const s = useLineTableStyles();
  const { t } = useTranslation();
  const msg: ReactNode = !props.error ? null : typeof props.error === 'string' ? props.error : t(props.error.key, props.error.params ?? {});
  return (
    <td className={s.inputCell}>
      <Input
        className={s.input}
        value={props.value}
        inputMode="decimal"
        aria-label={props.label}
        aria-invalid={Boolean(msg)}
        onChange={(_, d) => props.onChange(d.value)}
        data-testid={props.testId}
        style={msg ? { borderColor: tokens.colorPaletteRedBorder2 } : undefined}
      />
      {msg ? <Text className={s.err} role="alert" data-testid={`${props.testId}-error`}>{msg}</Text> : null}
    </td>
  );
}
