import { Button, Checkbox, Input, makeStyles, tokens } from '@fluentui/react-components';
import type { CustomFilterProps } from 'ag-grid-react';
import { useGridFilter } from 'ag-grid-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormOption } from '../../model/page';
import { entityApiOf } from '../api/entity-api';
import type { SetFilterModel } from './filter-params';
import { rememberReferenceLabel } from './reference-labels';

/**
 * The filter of dict, boolean and reference columns: tick the values to keep (sent as
 * `f.<field>.in`), or every value but those ("exclude", `f.<field>.nin`). A reference column
 * searches the target entity's rows by code and name.
 * AG Grid's own set filter is an Enterprise feature, so this is our own.
 */
export type SetFilterParams = { options?: FormOption[]; refBase?: string | null; refLabelField?: string; field?: string };

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '6px', padding: '8px', minWidth: '220px', maxHeight: '320px' },
  list: { overflowY: 'auto', display: 'flex', flexDirection: 'column', maxHeight: '220px' },
  row: { display: 'flex', gap: '6px', justifyContent: 'flex-end', borderTop: `1px solid ${tokens.colorNeutralStroke2}`, paddingTop: '6px' },
});

export function SetFilter(props: CustomFilterProps<unknown, unknown, SetFilterModel> & SetFilterParams) {
  const { t, i18n } = useTranslation();
  const s = useStyles();
  const [chosen, setChosen] = useState<string[]>(props.model?.values ?? []);
  const [search, setSearch] = useState('');
  const [remote, setRemote] = useState<FormOption[]>([]);
  // A reference column's records are being searched: "loading", not "no options".
  const [loading, setLoading] = useState(Boolean(props.refBase));
  const [exclude, setExclude] = useState(Boolean(props.model?.exclude));
  useEffect(() => {
    setChosen(props.model?.values ?? []);
    setExclude(Boolean(props.model?.exclude));
  }, [props.model]);

  useGridFilter({ doesFilterPass: useCallback(() => true, []) });

  useEffect(() => {
    const base = props.refBase;
    if (!base) return;
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      entityApiOf(base)
        .page({ size: '50', ...(search ? { q: search } : {}) }, { signal: controller.signal, quiet: true })
        .then((r) => {
          const found = r.rows.map((row) => ({ value: String(row.id), label: String(row[props.refLabelField ?? 'name'] ?? row.id) + (row.code ? ` (${String(row.code)})` : '') }));
          // The active filters' bar names a picked record by its label.
          for (const o of found) if (props.field) rememberReferenceLabel(props.field, o.value, o.label);
          setRemote(found);
        })
        .catch(() => setRemote([]))
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [props.refBase, props.refLabelField, props.field, search]);

  const options = useMemo(() => {
    const base = props.refBase ? remote : (props.options ?? []);
    const q = search.trim().toLowerCase();
    return props.refBase || !q ? base : base.filter((o) => `${o.label} ${o.labelEn ?? ''} ${o.value}`.toLowerCase().includes(q));
  }, [props.options, props.refBase, remote, search]);

  const label = (o: FormOption) => (i18n.language === 'en' ? (o.labelEn ?? o.label) : o.label);
  const apply = (values: string[]) => props.onModelChange(values.length ? { filterType: 'set', values, ...(exclude ? { exclude: true } : {}) } : null);

  return (
    <div className={s.root}>
      <Input size="small" placeholder={t('engine.search')} value={search} onChange={(_, d) => setSearch(d.value)} />
      <div className={s.list}>
        {options.length === 0 && <span>{loading ? t('engine.loading') : t('engine.noOptions')}</span>}
        {options.map((o) => (
          <Checkbox
            key={o.value}
            label={label(o)}
            checked={chosen.includes(o.value)}
            onChange={(_, d) => setChosen((c) => (d.checked ? [...c, o.value] : c.filter((x) => x !== o.value)))}
          />
        ))}
      </div>
      <Checkbox label={t('filters.excludeChosen')} checked={exclude} onChange={(_, d) => setExclude(Boolean(d.checked))} data-testid="set-filter-exclude" />
      <div className={s.row}>
        <Button size="small" onClick={() => { setChosen([]); apply([]); }}>{t('engine.reset')}</Button>
        <Button size="small" appearance="primary" onClick={() => apply(chosen)}>{t('engine.confirm')}</Button>
      </div>
    </div>
  );
}
