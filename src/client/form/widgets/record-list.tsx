import { Button, Input, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../model/entity';
import { FIELD_TYPE_TABLE } from '../../../model/field-types';
import { usePartErrors } from './part-errors';
import type { WidgetProps } from './types';
import { labelIn } from '../../../model/label-text';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: '4px' },
  row: { display: 'flex', gap: '6px', alignItems: 'center' },
  error: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
});

type Item = Record<string, unknown>;

/** What an item's input holds: text as typed; a number as a number once it reads as one. */
const typed = (f: FieldDef, text: string): unknown => (FIELD_TYPE_TABLE[f.type].nature === 'number' && text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text);

/**
 * recordlist: a JSON list of small records (FieldDef.items), one row of inputs per item (the first
 * field narrow, the last one filling the row), a button that removes it, and the button that adds
 * an empty one. An item keeps the keys it holds beside the declared fields. The messages of a row's
 * parts (`options[1].value`, usePartErrors) show beside it. Test ids: `items-<field>-<item field>-<i>`,
 * `items-<field>-add`, `items-<field>-error`.
 */
export function RecordList(p: WidgetProps) {
  const s = useStyles();
  const { t } = useTranslation();
  const errors = usePartErrors();
  const def = p.field.def?.items;
  if (!def) return null;
  const items: Item[] = Array.isArray(p.value) ? (p.value as Item[]) : [];
  const name = p.field.field;
  const label = (f: FieldDef) => labelIn(f.label, p.language);
  const set = (next: Item[]) => {
    p.onChange(next);
    p.onBlur();
  };
  const setPart = (i: number, f: FieldDef, text: string) => set(items.map((x, k) => (k === i ? { ...x, [f.key]: typed(f, text) } : x)));
  const add = () => set([...items, Object.fromEntries(def.fields.map((f) => [f.key, '']))]);
  return (
    <div className={s.list} id={p.id} data-testid={`items-${name}`}>
      {items.map((item, i) => {
        const error = Object.entries(errors).find(([k]) => k.startsWith(`${name}[${i}].`))?.[1];
        return (
          <div key={i} className={s.row}>
            {def.fields.map((f, j) => (
              <Input
                key={f.key}
                size="small"
                placeholder={label(f)}
                aria-label={label(f)}
                value={item[f.key] === null || item[f.key] === undefined ? '' : String(item[f.key])}
                disabled={p.disabled}
                style={j === def.fields.length - 1 ? { flex: 1 } : { width: 100 }}
                data-testid={`items-${name}-${f.key}-${i}`}
                onChange={(_, d) => setPart(i, f, d.value)}
              />
            ))}
            <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={t('engine.remove')} disabled={p.disabled} onClick={() => set(items.filter((_, k) => k !== i))} />
            {error && <span className={s.error} data-testid={`items-${name}-error`}>{error}</span>}
          </div>
        );
      })}
      <Button size="small" icon={<AddRegular />} disabled={p.disabled} onClick={add} data-testid={`items-${name}-add`} style={{ alignSelf: 'flex-start' }}>
        {def.add ? labelIn(def.add, p.language) : t('engine.addEntry')}
      </Button>
    </div>
  );
}
