import { Badge, Button, Dropdown, Input, Option } from '@fluentui/react-components';
import { RibbonRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { CompareSupplier, Evaluation, ProjectComparison } from '../../../model/calls/sourcing';
import { dictionaryItems } from '../../../model/dictionaries';
import { fmt } from './compare-css';

/** A dictionary value's label in the browser's language. */
export function useStateLabel() {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  return (dict: string, code: unknown) => {
    const item = dictionaryItems(dict)?.find((x) => x.value === code);
    return item ? (en ? item.label.en : item.label.zh) : String(code ?? '');
  };
}

type TableProps = { data: ProjectComparison; busy: boolean; onAward: (s: CompareSupplier) => void };

/** Suppliers x RFQ items: each price converted to the project's currency, the best of each item marked, totals, the award. */
export function CompareTable({ data, busy, onAward }: TableProps) {
  const { t } = useTranslation();
  const stateLabel = useStateLabel();
  const project = data.project;
  const canAward = project.status === 'evaluation_ended';
  return (
    <table className="sc-table" data-testid="sc-table">
      <thead>
        <tr>
          <th>{t('src.ui.supplier')}</th>
          {data.items.map((i) => (
            <th key={i.id} className="num">
              {i.name}
              <div className="sc-sub">{i.qty ? `${fmt(i.qty)} ${i.unit ?? ''}` : i.unit ?? ''}{i.expected_price ? ` · ${t('src.ui.expected')} ${fmt(i.expected_price)} ${i.currency}` : ''}</div>
            </th>
          ))}
          <th className="num">{t('src.ui.total')}</th>
          <th className="num">{t('src.ui.weighted')}</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {data.suppliers.map((s) => (
          <tr key={s.record_id} data-testid={`sc-row-${s.supplier_name}`}>
            <td>
              {s.supplier_name}
              <div className="sc-sub">{stateLabel('srcrecord_status', s.status)}{s.awarded ? ` · ${t('src.ui.awarded')}` : ''}</div>
            </td>
            {data.items.map((i) => {
              const c = s.cells[String(i.id)];
              if (!c) return <td key={i.id} className="num sc-miss">{t('src.ui.noOffer')}</td>;
              return (
                <td key={i.id} className={`num${c.best ? ' sc-best' : ''}`} data-best={c.best ? 'true' : undefined}>
                  {c.converted === null ? `${fmt(c.unit_price)} ${c.currency}` : fmt(c.converted)}
                  {c.best ? ` ${t('src.ui.best')}` : ''}
                  <div className="sc-sub">{c.currency !== data.currency ? `${fmt(c.unit_price)} ${c.currency} · ` : ''}{c.lead_time_days !== null ? t('src.ui.leadTime', { days: c.lead_time_days }) : ''}</div>
                </td>
              );
            })}
            <td className="num">
              {fmt(s.total, 2)}
              {!s.complete ? <div className="sc-sub">{t('src.ui.incomplete')}</div> : null}
            </td>
            <td className="num">{s.weighted_score !== null ? `${fmt(s.weighted_score, 2)}${s.rank_no ? ` (#${s.rank_no})` : ''}` : ''}</td>
            <td>
              {s.awarded ? <Badge color="success" icon={<RibbonRegular />}>{t('src.ui.awarded')}</Badge> : canAward && s.status === 'shortlisted' && !project.awarded_vendor_id ? (
                <Button size="small" appearance="primary" disabled={busy} data-testid={`sc-award-${s.supplier_name}`} onClick={() => void onAward(s)}>{t('src.ui.award')}</Button>
              ) : null}
            </td>
          </tr>
        ))}
        <tr>
          <td className="sc-sub">{t('src.ui.bestPrice')}</td>
          {data.items.map((i) => <td key={i.id} className="num sc-sub">{fmt(i.best_price)}</td>)}
          <td colSpan={3} />
        </tr>
      </tbody>
    </table>
  );
}

type EvalProps = { ev: Evaluation; status: unknown; draft: Record<number, Record<string, string>>; busy: boolean; setScore: (recordId: number, itemId: number, v: string) => void; onSave: (recordId: number) => void };

/** The evaluation: a member scores each shortlisted supplier on the scheme's items; the weighted ranking. */
export function EvaluationTable({ ev, status, draft, busy, setScore, onSave }: EvalProps) {
  const { t } = useTranslation();
  return (
    <table className="sc-table">
      <thead>
        <tr>
          <th>{t('src.ui.supplier')}</th>
          {ev.items.map((i) => (
            <th key={i.id}>
              {i.item_name}
              <div className="sc-sub">{t('src.ui.weight', { w: fmt(i.weight) })} · {t('src.ui.range', { min: fmt(i.min_score), max: fmt(i.max_score) })}</div>
            </th>
          ))}
          <th className="num">{t('src.ui.members')}</th>
          <th className="num">{t('src.ui.weighted')}</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {ev.suppliers.map((s, k) => (
          <tr key={s.record_id} data-testid={`sc-eval-${s.supplier_name}`}>
            <td>{`${k + 1}. ${s.supplier_name}`}</td>
            {ev.items.map((i) => {
              const value = draft[s.record_id]?.[String(i.id)] ?? '';
              const set = (v: string) => setScore(s.record_id, i.id, v);
              if (!ev.is_member || status !== 'evaluating') return <td key={i.id}>{value}</td>;
              return (
                <td key={i.id}>
                  {i.option_list.length ? (
                    <Dropdown className="sc-score" aria-label={i.item_name} data-testid={`sc-score-${s.supplier_name}-${i.item_name}`} value={i.option_list.find((o) => String(o.score) === value)?.name ?? ''}
                      selectedOptions={value ? [value] : []} onOptionSelect={(_e, d) => set(d.optionValue ?? '')}>
                      {i.option_list.map((o) => <Option key={o.name} value={String(o.score)} text={o.name}>{`${o.name} (${o.score})`}</Option>)}
                    </Dropdown>
                  ) : (
                    <Input className="sc-score" aria-label={i.item_name} data-testid={`sc-score-${s.supplier_name}-${i.item_name}`} type="number" value={value} onChange={(_e, d) => set(d.value)} />
                  )}
                </td>
              );
            })}
            <td className="num">{s.members_scored}</td>
            <td className="num">{fmt(s.weighted_score, 2)}</td>
            <td>
              {ev.is_member && status === 'evaluating' ? (
                <Button size="small" disabled={busy} data-testid={`sc-save-${s.supplier_name}`} onClick={() => void onSave(s.record_id)}>{t('src.ui.saveScores')}</Button>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
