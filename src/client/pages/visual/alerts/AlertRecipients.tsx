import { Combobox, Option, Tag, TagGroup } from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlertPerson } from '../../../../model/calls/alerts';
import { adminCalls, type Colleague } from '../../../../model/calls/admin';
import { callApi } from '../../../api/calls';
import type { WidgetProps } from '../../../form/widgets';
import { A } from './alert-texts';
import { useAlertOptions } from './AlertFigureFields';
import { useTr } from '../report-fields';

/** At most this many colleagues per search (the server's limit for the user options). */
const PAGE = 100;

/**
 * The company's active users matching what is typed (by name or account), asked 250 ms after the
 * last key: a company of more colleagues than one answer holds finds each of them by searching.
 */
function useColleagueSearch(q: string): { rows: Colleague[]; loading: boolean } {
  const [rows, setRows] = useState<Colleague[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    setLoading(true);
    const timer = setTimeout(() => {
      callApi(adminCalls.userOptions, { q: q.trim() || undefined, size: PAGE }, { quiet: true })
        .then((r) => live && setRows(r.rows), () => live && setRows([]))
        .finally(() => live && setLoading(false));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [q]);
  return { rows, loading };
}

const nameOf = (c: Colleague) => c.fullname || c.username;
const EMPTY: AlertPerson[] = [];

/**
 * `recipient_users`: a search box over the company's colleagues (each option "name (account)"), the
 * chosen ones as tags below it, each removable. The options' `people` name the users the company's
 * alerts already tell, so they show by name before any search finds them.
 */
export function RecipientsField(p: WidgetProps) {
  const tr = useTr();
  const { t } = useTranslation();
  const known = useAlertOptions()?.people ?? EMPTY;
  const value = Array.isArray(p.value) ? p.value.map(Number) : [];
  const onChange = (ids: number[]) => p.onChange(ids);
  const [q, setQ] = useState('');
  const { rows, loading } = useColleagueSearch(q);
  const [seen, setSeen] = useState<Map<number, Colleague>>(() => new Map());
  useEffect(() => setSeen((m) => new Map([...m, ...known.map((k) => [k.id, k as Colleague] as const), ...rows.map((c) => [c.id, c] as const)])), [known, rows]);
  const label = useMemo(() => (id: number) => { const c = seen.get(id); return c ? nameOf(c) : `#${id}`; }, [seen]);
  return (
    <div style={{ display: 'grid', gap: 6 }}>
      <Combobox
        id={p.id}
        disabled={p.disabled}
        data-testid="alert-users"
        multiselect
        freeform
        placeholder={t('alert.ui.pickUsers')}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        selectedOptions={value.map(String)}
        onOptionSelect={(_, x) => {
          onChange(x.selectedOptions.map(Number));
          setQ('');
        }}
        onOpenChange={(_, x) => !x.open && setQ('')}
      >
        {rows.map((c) => (
          <Option key={c.id} value={String(c.id)} text={`${nameOf(c)}（${c.username}）`} data-testid={`alert-user-${c.username}`}>
            {`${nameOf(c)}（${c.username}）`}
          </Option>
        ))}
        {!loading && rows.length === 0 ? (
          <Option key="none" value="" disabled text="">
            {t('alert.ui.noColleague')}
          </Option>
        ) : null}
      </Combobox>
      {value.length ? (
        <TagGroup aria-label={p.language === 'en' ? p.field.labelEn : p.field.label} onDismiss={(_, x) => onChange(value.filter((id) => String(id) !== x.value))} data-testid="alert-user-tags" style={{ flexWrap: 'wrap', gap: 4 }}>
          {value.map((id) => (
            <Tag key={id} value={String(id)} size="small" dismissible dismissIcon={{ 'aria-label': tr(A.remove) }}>
              {label(id)}
            </Tag>
          ))}
        </TagGroup>
      ) : null}
    </div>
  );
}
