import { Button, Checkbox, Combobox, Dropdown, Input, makeStyles, Option, tokens } from '@fluentui/react-components';
import { ChevronDoubleLeftRegular, ChevronDoubleRightRegular, ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormOption } from '../../../model/page';
import { optionText, useOptions } from '../../api/use-options';
import { asList, asText, type WidgetProps } from './types';
import { StoredImg } from '../../api/StoredFile';

const useStyles = makeStyles({
  checks: { display: 'flex', flexWrap: 'wrap', columnGap: '12px' },
  transfer: { display: 'grid', gridTemplateColumns: '1fr auto 1fr', gap: '8px', alignItems: 'stretch' },
  pane: { border: `1px solid ${tokens.colorNeutralStroke1}`, borderRadius: tokens.borderRadiusMedium, padding: '6px', height: '200px', overflowY: 'auto', display: 'flex', flexDirection: 'column' },
  paneTitle: { fontWeight: 600, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3, marginBottom: '4px' },
  moves: { display: 'flex', flexDirection: 'column', justifyContent: 'center', gap: '4px' },
  img: { width: '28px', height: '28px', objectFit: 'cover', borderRadius: '4px', marginRight: '8px', verticalAlign: 'middle' },
  preview: { maxWidth: '160px', maxHeight: '120px', objectFit: 'contain', marginTop: '6px', borderRadius: tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke2}` },
});

/** dropdownbox: one choice (or several with isMulti) from a dictionary or a source. */
export function DropdownBox(p: WidgetProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { options } = useOptions(p.field, p.values, '', open);
  const multi = Boolean(p.field.isMulti);
  const chosen = asList(p.value);
  const shown = chosen.map((v) => options.find((o) => o.value === v)).map((o, i) => (o ? optionText(o, p.language) : chosen[i])).join(', ');
  return (
    <Dropdown
      id={p.id}
      multiselect={multi}
      value={shown}
      selectedOptions={chosen}
      placeholder={t('engine.select')}
      disabled={p.disabled}
      aria-invalid={p.invalid}
      clearable={!multi && !p.field.required}
      onOpenChange={(_, d) => {
        setOpen(d.open);
        if (!d.open) p.onBlur();
      }}
      onOptionSelect={(_, d) => {
        if (multi) p.onChange(d.selectedOptions);
        else p.onChange(d.optionValue ?? null);
      }}
    >
      {options.map((o) => (
        <Option key={o.value} value={o.value} text={optionText(o, p.language)}>
          {optionText(o, p.language)}
        </Option>
      ))}
    </Dropdown>
  );
}

/** checkboxlist: several choices shown as checkboxes. */
export function CheckboxList(p: WidgetProps) {
  const s = useStyles();
  const { options } = useOptions(p.field, p.values, '', true);
  const chosen = asList(p.value);
  return (
    <div className={s.checks} id={p.id} role="group" aria-invalid={p.invalid}>
      {options.map((o) => (
        <Checkbox
          key={o.value}
          label={optionText(o, p.language)}
          checked={chosen.includes(o.value)}
          disabled={p.disabled}
          onChange={(_, d) => {
            p.onChange(d.checked ? [...chosen, o.value] : chosen.filter((x) => x !== o.value));
            p.onBlur();
          }}
        />
      ))}
    </div>
  );
}

/**
 * imgdropdownbox: a choice shown with pictures. Without options it is an image address with a
 * preview; `disableupload` leaves the address as the only way in (no upload).
 */
export function ImageDropdownBox(p: WidgetProps) {
  const s = useStyles();
  const { t } = useTranslation();
  const { options } = useOptions(p.field, p.values, '', true);
  const url = asText(p.value);
  if (options.length === 0) {
    return (
      <div>
        <Input id={p.id} value={url} disabled={p.disabled} placeholder={t('engine.imageUrl')} onChange={(_, d) => p.onChange(d.value)} onBlur={p.onBlur} aria-invalid={p.invalid} style={{ width: '100%' }} />
        {/^(https?:|\/|data:image\/)/.test(url) && <StoredImg className={s.preview} src={url} alt="" />}
      </div>
    );
  }
  const chosen = options.find((o) => o.value === url);
  return (
    <Dropdown
      id={p.id}
      value={chosen ? optionText(chosen, p.language) : url}
      selectedOptions={url ? [url] : []}
      disabled={p.disabled}
      aria-invalid={p.invalid}
      onOptionSelect={(_, d) => p.onChange(d.optionValue ?? null)}
      onOpenChange={(_, d) => !d.open && p.onBlur()}
    >
      {options.map((o) => (
        <Option key={o.value} value={o.value} text={optionText(o, p.language)}>
          {o.image && <StoredImg className={s.img} src={o.image} alt="" />}
          {optionText(o, p.language)}
        </Option>
      ))}
    </Dropdown>
  );
}

/** transfer: move options between "available" and "chosen"; sent as JSON text (spec 3). */
export function TransferList(p: WidgetProps) {
  const s = useStyles();
  const { t } = useTranslation();
  const { options } = useOptions(p.field, p.values, '', true);
  const chosen = asList(p.value);
  const [markL, setMarkL] = useState<string[]>([]);
  const [markR, setMarkR] = useState<string[]>([]);
  const available = options.filter((o) => !chosen.includes(o.value));
  const picked = chosen.map((v) => options.find((o) => o.value === v) ?? ({ value: v, label: v } as FormOption));
  const move = (next: string[]) => {
    p.onChange(next);
    setMarkL([]);
    setMarkR([]);
    p.onBlur();
  };
  const pane = (title: string, list: FormOption[], marks: string[], setMarks: (m: string[]) => void, testid: string) => (
    <div className={s.pane} data-testid={testid}>
      <span className={s.paneTitle}>{title} ({list.length})</span>
      {list.map((o) => (
        <Checkbox key={o.value} label={optionText(o, p.language)} disabled={p.disabled} checked={marks.includes(o.value)} onChange={(_, d) => setMarks(d.checked ? [...marks, o.value] : marks.filter((x) => x !== o.value))} />
      ))}
    </div>
  );
  return (
    <div className={s.transfer} id={p.id}>
      {pane(t('engine.transferAvailable'), available, markL, setMarkL, 'transfer-available')}
      <div className={s.moves}>
        <Button size="small" icon={<ChevronRightRegular />} disabled={p.disabled || !markL.length} onClick={() => move([...chosen, ...markL])} aria-label="→" />
        <Button size="small" icon={<ChevronDoubleRightRegular />} disabled={p.disabled || !available.length} onClick={() => move([...chosen, ...available.map((o) => o.value)])} aria-label="⇒" />
        <Button size="small" icon={<ChevronLeftRegular />} disabled={p.disabled || !markR.length} onClick={() => move(chosen.filter((v) => !markR.includes(v)))} aria-label="←" />
        <Button size="small" icon={<ChevronDoubleLeftRegular />} disabled={p.disabled || !chosen.length} onClick={() => move([])} aria-label="⇐" />
      </div>
      {pane(t('engine.transferChosen'), picked, markR, setMarkR, 'transfer-chosen')}
    </div>
  );
}

/** autocomplete: free text with suggestions from the options or the source's rows. */
export function AutoComplete(p: WidgetProps) {
  const text = asText(p.value);
  const [open, setOpen] = useState(false);
  const { options } = useOptions(p.field, p.values, text, open);
  const suggestions = useMemo(() => {
    const q = text.trim().toLowerCase();
    const list = p.field.source ? options : options.filter((o) => !q || optionText(o, p.language).toLowerCase().includes(q));
    return list.slice(0, 50);
  }, [options, text, p.field.source, p.language]);
  return (
    <Combobox
      id={p.id}
      freeform
      value={text}
      disabled={p.disabled}
      aria-invalid={p.invalid}
      onChange={(e) => p.onChange((e.target as HTMLInputElement).value)}
      onOpenChange={(_, d) => {
        setOpen(d.open);
        if (!d.open) p.onBlur();
      }}
      onOptionSelect={(_, d) => d.optionText !== undefined && p.onChange(d.optionText)}
    >
      {suggestions.map((o) => (
        <Option key={o.value} value={o.value} text={optionText(o, p.language)}>
          {optionText(o, p.language)}
        </Option>
      ))}
    </Combobox>
  );
}
