/**
 * The buyer's comparison and evaluation of a sourcing project (issue 16), at `/srm/page/sourcingcompare?id=`:
 * - suppliers x RFQ items, each price at the item's quantity converted to the project's currency,
 *   the best price of each item marked, totals, a chart of the totals, the workbook;
 * - the evaluation: an evaluation member scores each shortlisted supplier on the scheme's items
 *   (the server checks minimum, maximum and option scores again), the weighted ranking;
 * - the award of a supplier once the evaluation is closed (the project's `award` action).
 */
import { Badge, Button, Checkbox, Dropdown, Input, Option, Spinner } from '@fluentui/react-components';
import { ArrowClockwiseRegular, ArrowDownloadRegular, RibbonRegular } from '@fluentui/react-icons';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { dictionaryItems } from '../../../model/dictionaries';
import { api, ApiError } from '../../api/client';
import { downloadFile } from '../../engine/upload-api';
import { toast } from '../../kernel/toast-bus';
import { comparisonChartOption } from './compare-chart';
import './sourcing-messages';

echarts.use([BarChart, GridComponent, TitleComponent, TooltipComponent, CanvasRenderer]);

type Row = Record<string, unknown>;
type Cell = { quote_no: string; currency: string; unit_price: number; lead_time_days: number | null; converted: number | null; amount: number | null; best: boolean };
type Supplier = { record_id: number; supplier_name: string; status: string; awarded: boolean; weighted_score: number | null; rank_no: number | null; quoted: number; total: number | null; complete: boolean; cells: Record<string, Cell> };
type Item = { id: number; name: string; qty: number | null; unit: string | null; expected_price: number | null; currency: string; best_price: number | null };
type Comparison = { project: Row; currency: string; items: Item[]; suppliers: Supplier[]; missing_rates: string[] };
type EvalItem = { id: number; category: string; item_name: string; item_type: string; weight: number; min_score: number; max_score: number; option_list: Array<{ name: string; score: number }> };
type Evaluation = { items: EvalItem[]; is_member: boolean; status: string; suppliers: Array<{ record_id: number; supplier_name: string; my_scores: Record<string, number>; members_scored: number; weighted_score: number; rank_no: number | null; awarded: boolean }> };

const CSS = `
.sc-page { display: flex; flex-direction: column; gap: 12px; padding: 16px; min-width: 0; }
.sc-head { display: flex; align-items: center; gap: 12px; flex-wrap: wrap; }
.sc-head h2 { margin: 0; font-size: 16px; }
.sc-panel { border: 1px solid #e0e0e0; border-radius: 6px; padding: 12px; background: #fff; min-width: 0; overflow-x: auto; }
.sc-table { border-collapse: collapse; font-size: 13px; min-width: 100%; }
.sc-table th { text-align: left; font-weight: 600; color: #424242; border-bottom: 1px solid #e0e0e0; padding: 6px 8px; white-space: nowrap; vertical-align: bottom; }
.sc-table td { border-bottom: 1px solid #f0f0f0; padding: 6px 8px; white-space: nowrap; vertical-align: top; }
.sc-table td.num, .sc-table th.num { text-align: right; }
.sc-sub { color: #707070; font-size: 12px; font-weight: 400; }
.sc-best { background: #dff6dd; color: #107c10; font-weight: 600; }
.sc-miss { color: #a19f9d; }
.sc-warn { color: #b35c00; font-size: 13px; }
.sc-grid2 { display: grid; grid-template-columns: minmax(0, 1fr) minmax(320px, 40%); gap: 12px; align-items: start; }
.sc-score { width: 88px; }
`;

/** The award is open once the evaluation has ended and nobody has been awarded. */
const canAwardNow = (c: { project: Row } | null) => c?.project.status === 'evaluation_ended' && !c.project.awarded_vendor_id;

const fmt = (n: number | null | undefined, d = 4) => (n === null || n === undefined ? '' : Number(n).toLocaleString('en-US', { maximumFractionDigits: d }));

export function SourcingComparePage() {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const [params, setParams] = useSearchParams();
  const [projects, setProjects] = useState<Row[] | null>(null);
  const [data, setData] = useState<Comparison | null>(null);
  const [ev, setEv] = useState<Evaluation | null>(null);
  const [draft, setDraft] = useState<Record<number, Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  const [withContract, setWithContract] = useState(true);
  const id = Number(params.get('id') ?? 0) || null;

  useEffect(() => {
    void api.get<{ rows: Row[] }>('/srmapi/srcproject/page', { size: 200, sort: '-created_at', 'f.status.in': 'publishing,sourcing_ended,evaluating,evaluation_ended' }, { quiet: true })
      .then((r) => {
        setProjects(r.rows);
        if (!id && r.rows.length) setParams({ id: String(r.rows[0].id) }, { replace: true });
      })
      .catch(() => setProjects([]));
    // The first project is chosen once, when the page opens without one.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the first project is chosen once, when the page opens without one
  }, []);

  const load = useCallback(async () => {
    if (!id) return;
    const [c, e] = await Promise.all([
      api.get<Comparison>('/srmapi/sourcing/compare', { project_id: id }, { quiet: true }),
      api.get<Evaluation>('/srmapi/sourcing/evaluation', { project_id: id }, { quiet: true }),
    ]);
    setData(c);
    setEv(e);
    setDraft(Object.fromEntries(e.suppliers.map((s) => [s.record_id, Object.fromEntries(Object.entries(s.my_scores).map(([k, v]) => [k, String(v)]))])));
  }, [id]);
  useEffect(() => {
    setData(null);
    void load().catch(() => undefined);
  }, [load]);

  const stateLabel = (dict: string, code: unknown) => {
    const item = dictionaryItems(dict)?.find((x) => x.value === code);
    return item ? (en ? item.label.en : item.label.zh) : String(code ?? '');
  };
  const chart = useMemo(() => (data ? comparisonChartOption(data.suppliers, t('src.ui.chartTitle', { currency: data.currency })) : null), [data, t]);

  const saveScores = async (recordId: number) => {
    const scores = Object.fromEntries(Object.entries(draft[recordId] ?? {}).filter(([, v]) => v !== ''));
    setBusy(true);
    try {
      await api.post('/srmapi/sourcing/score', { project_id: id, record_id: recordId, scores });
      toast.success(t('src.score.saved'));
      await load();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setBusy(false);
    }
  };

  const awardTo = async (s: Supplier) => {
    if (!window.confirm(t('src.ui.awardConfirm', { supplier: s.supplier_name }))) return;
    setBusy(true);
    try {
      const r = await api.post<{ data?: Array<{ message?: string }> }>('/srmapi/srcproject/action/award', { id, award_record_id: s.record_id, make_contract: withContract, version: data?.project.version });
      toast.success(r.data?.[0]?.message ?? t('src.ui.awarded'));
      await load();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setBusy(false);
    }
  };

  const project = data?.project;
  const canAward = project?.status === 'evaluation_ended';
  return (
    <div className="sc-page" data-testid="sourcing-compare">
      <style>{CSS}</style>
      <div className="sc-head">
        <h2>{t('src.ui.compareTitle')}</h2>
        {projects && projects.length > 0 ? (
          <Dropdown
            aria-label={t('src.ui.project')}
            data-testid="sc-project"
            style={{ minWidth: 320 }}
            placeholder={t('src.ui.pickProject')}
            value={(() => { const p = projects.find((x) => Number(x.id) === id); return p ? `${p.code as string} ${p.name as string}` : ''; })()}
            selectedOptions={id ? [String(id)] : []}
            onOptionSelect={(_e, d) => d.optionValue && setParams({ id: d.optionValue })}
          >
            {projects.map((p) => (
              <Option key={String(p.id)} value={String(p.id)} text={`${p.code as string} ${p.name as string}`}>{`${p.code as string} ${p.name as string}`}</Option>
            ))}
          </Dropdown>
        ) : null}
        {project ? <Badge appearance="tint" data-testid="sc-status">{stateLabel('srcproject_status', project.status)}</Badge> : null}
        {data ? <span className="sc-sub">{t('src.ui.currency')}: {data.currency}</span> : null}
        <Button icon={<ArrowClockwiseRegular />} onClick={() => void load()} disabled={!id}>{t('src.ui.refresh')}</Button>
        {canAwardNow(data) ? <Checkbox data-testid="sc-contract" checked={withContract} onChange={(_e, d) => setWithContract(Boolean(d.checked))} label={t('src.ui.withContract')} /> : null}
        <Button icon={<ArrowDownloadRegular />} data-testid="sc-export" disabled={!id} onClick={() => void downloadFile('/srmapi/sourcing/compare/export', { project_id: id ?? 0 }, `${String(project?.code ?? 'comparison')}.xlsx`)}>{t('src.ui.export')}</Button>
      </div>
      {projects === null ? <Spinner /> : projects.length === 0 ? <div className="sc-panel">{t('src.ui.noProjects')}</div> : null}
      {id && !data && projects?.length ? <Spinner /> : null}
      {data ? (
        <>
          {data.missing_rates.length ? <div className="sc-warn">{t('src.ui.missingRates', { list: data.missing_rates.join(', ') })}</div> : null}
          <div className="sc-grid2">
            <div className="sc-panel">
              {data.suppliers.length === 0 ? t('src.ui.noSuppliers') : (
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
                          {s.awarded ? <Badge color="success" icon={<RibbonRegular />}>{t('src.ui.awarded')}</Badge> : canAward && s.status === 'shortlisted' && !project?.awarded_vendor_id ? (
                            <Button size="small" appearance="primary" disabled={busy} data-testid={`sc-award-${s.supplier_name}`} onClick={() => void awardTo(s)}>{t('src.ui.award')}</Button>
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
              )}
            </div>
            <div className="sc-panel">{chart && data.suppliers.length ? <ReactEChartsCore echarts={echarts} option={chart} style={{ height: Math.max(160, 60 + data.suppliers.length * 44) }} notMerge /> : null}</div>
          </div>
          <div className="sc-panel" data-testid="sc-evaluation">
            <h3 style={{ margin: '0 0 8px', fontSize: 15 }}>{t('src.ui.evaluation')}</h3>
            {!ev || !['evaluating', 'evaluation_ended'].includes(String(project?.status)) ? (
              <div className="sc-sub">{t('src.ui.evalNotStarted')}</div>
            ) : (
              <>
                {!ev.is_member ? <div className="sc-sub">{t('src.ui.notMember')}</div> : null}
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
                          const set = (v: string) => setDraft((d) => ({ ...d, [s.record_id]: { ...(d[s.record_id] ?? {}), [String(i.id)]: v } }));
                          if (!ev.is_member || project?.status !== 'evaluating') return <td key={i.id}>{value}</td>;
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
                          {ev.is_member && project?.status === 'evaluating' ? (
                            <Button size="small" disabled={busy} data-testid={`sc-save-${s.supplier_name}`} onClick={() => void saveScores(s.record_id)}>{t('src.ui.saveScores')}</Button>
                          ) : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </>
            )}
          </div>
        </>
      ) : null}
    </div>
  );
}
