import { Combobox, Option, Spinner } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../model/entity';
import { useReferenceRows } from '../api/use-options';

/**
 * A `ref.searched` reference parameter (a company's people): what is typed asks the target's rows
 * (name or account), one of them is picked; the text of a row is its label with its code after it.
 */
export function SearchedReferenceParam({ p, value, onChange }: { p: FieldDef; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  // Open as soon as the text changes (a name typed through an input method or pasted sends no typing key).
  const [open, setOpen] = useState(false);
  const rows = useReferenceRows(p.ref, search);
  const text = (r: Record<string, unknown>) => `${String(r[p.ref?.labelField ?? 'name'] ?? '')}${p.ref?.codeField && r[p.ref.codeField] ? `（${String(r[p.ref.codeField])}）` : ''}`;
  return (
    <Combobox
      freeform
      data-testid={`param-${p.key}`}
      placeholder={t('engine.search')}
      value={search}
      open={open}
      onOpenChange={(_, d) => setOpen(d.open)}
      selectedOptions={value ? [value] : []}
      onChange={(e) => {
        setSearch(e.target.value);
        setOpen(true);
        if (value) onChange('');
      }}
      onOptionSelect={(_, d) => {
        onChange(d.optionValue ?? '');
        setSearch(d.optionText ?? '');
      }}
    >
      {rows === null ? <Option disabled value="" text="">{<Spinner size="tiny" />}</Option> : null}
      {rows?.length === 0 ? <Option disabled value="" text="">{t('engine.noOptions')}</Option> : null}
      {(rows ?? []).map((r) => <Option key={String(r.id)} value={String(r.id)} text={text(r)}>{text(r)}</Option>)}
    </Combobox>
  );
}
