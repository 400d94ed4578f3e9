import { Badge, Button, Field, Input, makeStyles, Subtitle2, Text, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowDownRegular, ArrowUpRegular, DeleteRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { dictValueLabel } from '../../model/dictionaries';
import type { FieldDef, ItemsDef } from '../../model/entity';
import { labelIn } from '../../model/label-text';
import { applyOutlineEdit, outlineItems, outlineRows, outlineTops, type OutlineDecl, type OutlineEdit, type OutlineSelection } from '../../model/record-outline';

const useStyles = makeStyles({
  top: { border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: '8px', display: 'flex', flexDirection: 'column', gap: '6px' },
  line: { display: 'flex', gap: '6px', alignItems: 'center' },
  row: { display: 'flex', gap: '6px', alignItems: 'center', padding: '4px 6px', borderRadius: tokens.borderRadiusSmall, cursor: 'pointer', ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover } },
  selected: { backgroundColor: tokens.colorBrandBackground2 },
  grow: { flex: '1 1 auto', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  detail: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
});

type Item = Record<string, unknown>;

export type RecordOutlineProps = {
  outline: OutlineDecl;
  /** The record's declaration (`FieldDef.record`): the fields' labels and dictionaries, the add buttons' words. */
  shape: ItemsDef;
  value: Item;
  /** Error texts by path (`sections[0].fields[2].key`). */
  errors: Record<string, string>;
  selected: OutlineSelection;
  onSelect: (s: OutlineSelection) => void;
  onChange: (value: Item) => void;
  className?: string;
};

/** A field's value in its dictionary's words (a type's name), else as it is. */
const shown = (f: FieldDef | undefined, v: unknown, language: string) => (f?.dict && typeof v === 'string' ? labelIn(dictValueLabel(f.dict, v), language) : String(v ?? ''));

type Ctx = RecordOutlineProps & { edit: (e: OutlineEdit) => void; items: ReturnType<typeof outlineItems>; language: string };

/** A nested item's row: its title, details and flag, an error mark; select, move, remove. */
function OutlineRow({ c, s, f, row }: { c: Ctx; s: number; f: number; row: Item }) {
  const { t } = useTranslation();
  const st = useStyles();
  const { rows } = c.outline;
  const fieldOf = (key: string) => c.items.rows?.fields.find((x) => x.key === key);
  const path = `${c.outline.top.list}[${s}].${rows.list}[${f}]`;
  const bad = Object.keys(c.errors).some((k) => k.startsWith(path));
  const act = (e: OutlineEdit) => (ev: { stopPropagation: () => void }) => {
    ev.stopPropagation();
    c.edit(e);
  };
  return (
    <div className={`${st.row} ${c.selected?.s === s && c.selected.f === f ? st.selected : ''}`} onClick={() => c.onSelect({ s, f })} data-testid={`${c.outline.testId}-${rows.noun}-row`} data-key={String(row[rows.key] ?? '')}>
      <span className={st.grow}>
        {String(row[rows.title] ?? '') || '—'} <Text size={200} className={st.detail}>{rows.detail.map((k) => shown(fieldOf(k), row[k], c.language)).join(' · ')}</Text>
      </span>
      {rows.flag && row[rows.flag] === true && <Badge size="small" appearance="outline">*</Badge>}
      {bad && <Badge size="small" color="danger">!</Badge>}
      <Button size="small" appearance="subtle" icon={<ArrowUpRegular />} aria-label={t('engine.outline.up')} onClick={act({ op: 'moveRow', s, f, by: -1 })} />
      <Button size="small" appearance="subtle" icon={<ArrowDownRegular />} aria-label={t('engine.outline.down')} onClick={act({ op: 'moveRow', s, f, by: 1 })} />
      <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={labelIn(rows.remove, c.language)} onClick={act({ op: 'removeRow', s, f })} />
    </div>
  );
}

/** A top item: its fields in place, its moves and removal, its rows and the button that adds one. */
function OutlineTop({ c, s, top }: { c: Ctx; s: number; top: Item }) {
  const { t } = useTranslation();
  const st = useStyles();
  const { outline, errors, language } = c;
  const at = (key: string) => `${outline.top.list}[${s}].${key}`;
  const rowsError = errors[at(outline.rows.list)];
  return (
    <div className={st.top} data-testid={`${outline.testId}-${outline.top.noun}-${s}`}>
      <div className={st.line}>
        {outline.top.inline.map(({ field, width }) => {
          const f = c.items.top?.fields.find((x) => x.key === field);
          return (
            <Field key={field} label={f ? labelIn(f.label, language) : field} validationMessage={errors[at(field)]} style={width ? { width } : { flex: 1 }}>
              <Input size="small" value={String(top[field] ?? '')} onChange={(_, v) => c.edit({ op: 'setTop', s, patch: { [field]: field === outline.top.key ? v.value.trim() : v.value } })} data-testid={`${outline.testId}-${outline.top.noun}-${field}-${s}`} />
            </Field>
          );
        })}
      </div>
      <div className={st.line}>
        <Button size="small" icon={<ArrowUpRegular />} aria-label={t('engine.outline.up')} onClick={() => c.edit({ op: 'moveTop', s, by: -1 })} />
        <Button size="small" icon={<ArrowDownRegular />} aria-label={t('engine.outline.down')} onClick={() => c.edit({ op: 'moveTop', s, by: 1 })} />
        <Button size="small" icon={<DeleteRegular />} onClick={() => c.edit({ op: 'removeTop', s })}>{labelIn(outline.top.remove, language)}</Button>
      </div>
      {rowsError && <span className={st.error}>{rowsError}</span>}
      {outlineRows(outline, top).map((row, f) => (
        <OutlineRow key={f} c={c} s={s} f={f} row={row} />
      ))}
      <Button size="small" icon={<AddRegular />} onClick={() => c.edit({ op: 'addRow', s })} data-testid={`${outline.testId}-add-${outline.rows.noun}-${s}`}>
        {c.items.rows?.add ? labelIn(c.items.rows.add, language) : t('engine.outline.add')}
      </Button>
    </div>
  );
}

/**
 * A record's two-level list drawn and edited in place (OutlineDecl, src/model/record-outline.ts):
 * the form designer's sections and fields.
 */
export function RecordOutline(props: RecordOutlineProps) {
  const { t, i18n } = useTranslation();
  const st = useStyles();
  const { outline, shape, value, errors } = props;
  const items = outlineItems(outline, shape);
  const edit = (e: OutlineEdit) => {
    const next = applyOutlineEdit(outline, value, e, props.selected, i18n.language);
    props.onChange(next.record);
    if (next.selection !== props.selected) props.onSelect(next.selection);
  };
  const c: Ctx = { ...props, edit, items, language: i18n.language };
  return (
    <div className={props.className} data-testid={`${outline.testId}-structure`}>
      <Subtitle2>{labelIn(outline.title, i18n.language)}</Subtitle2>
      {errors[outline.top.list] && <span className={st.error}>{errors[outline.top.list]}</span>}
      {outlineTops(outline, value).map((top, s) => (
        <OutlineTop key={s} c={c} s={s} top={top} />
      ))}
      <Button icon={<AddRegular />} onClick={() => edit({ op: 'addTop' })} data-testid={`${outline.testId}-add-${outline.top.noun}`}>
        {items.top?.add ? labelIn(items.top.add, i18n.language) : t('engine.outline.add')}
      </Button>
    </div>
  );
}
