import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { getDictionary } from '../../../model/dictionaries';
import '../../../model/entities/inspection.entity';
import { qualityCalls } from '../../../model/calls/quality';
import { useCall } from '../../api/calls';
import { PageHead } from '../../engine/PageHead';
import './quality-messages';

const useStyles = makeStyles({
  // The shell's padding and the one page head (issue 21); a wide table scrolls inside the page, the page never widens.
  page: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0 },
  scroll: { overflowX: 'auto', minWidth: 0 },
  table: { borderCollapse: 'collapse', width: '100%', '& td, & th': { borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, padding: '6px 8px', textAlign: 'left', whiteSpace: 'nowrap' } },
  pass: { color: '#107c10', fontWeight: 700 },
  fail: { color: '#c50f1f', fontWeight: 700 },
});

/**
 * The brand's inspection results of its own orders at its makers (issue 18), read-only: what each
 * maker's inspectors submitted on the orders the brand sent, through the brand's order shares.
 */
export function BrandInspectionsPage() {
  const { t, i18n } = useTranslation();
  const s = useStyles();
  const { data, error } = useCall(qualityCalls.brandResults, undefined);
  const dictText = (code: string, v: string) => {
    const item = getDictionary(code)?.items.find((x) => x.value === v);
    return item ? (i18n.language.startsWith('en') ? item.label.en : item.label.zh) : v;
  };
  const cols = ['pr_no', 'maker', 'order_no', 'insp_no', 'stage', 'plan', 'counts', 'result', 'inspected_at', 'reinspect_of'] as const;
  return (
    <div className={s.page} data-testid="brand-inspections">
      <PageHead title={t('qm.brand.title')} explain={t('qm.brand.explain')} />
      {error && <p role="alert">{String((error as Error).message)}</p>}
      {data && !data.rows.length && <p>{t('qm.brand.empty')}</p>}
      {data && data.rows.length > 0 && (
        <div className={s.scroll}>
        <table className={s.table} data-testid="brand-inspections-table">
          <thead>
            <tr>{cols.map((c) => <th key={c}>{t(`qm.brand.col.${c}`)}</th>)}</tr>
          </thead>
          <tbody>
            {data.rows.map((r) => (
              <tr key={r.insp_no} data-testid="brand-inspection-row">
                <td>{r.pr_no}</td>
                <td>{r.maker_name}</td>
                <td>{r.order_no}</td>
                <td>{r.insp_no}</td>
                <td>{dictText('inspection_stage', r.stage)}</td>
                <td>{t('qm.station.plan', { n: r.sample_size, letter: r.code_letter, ac: r.ac, re: r.re })} · AQL {r.aql}</td>
                <td>{t('qm.station.counts', { critical: r.critical_qty, major: r.major_qty, minor: r.minor_qty })}</td>
                <td className={r.result === 'pass' ? s.pass : s.fail}>{t(`qm.station.${r.result}`)}</td>
                <td>{(r.inspected_at ?? '').slice(0, 19)}</td>
                <td>{r.reinspect_of_no ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      )}
    </div>
  );
}
