import { Button, Field, Input, Select, Title2 } from '@fluentui/react-components';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AQL_LEVELS, AQL_VALUES } from '../../../model/aql';
import '../../../model/entities/inspection.entity';
import { useStationStyles } from './station-styles';
import { StationLines, StationRecent, StationVerdict, useDictText } from './StationViews';
import { useInspectionStation } from './use-inspection-station';
import './quality-messages';

const STAGES = ['inline', 'endline', 'final'] as const;
const aqlText = (v: number) => v.toFixed(v < 1 ? 2 : 1);

type Station = ReturnType<typeof useInspectionStation>;

/** Stage, order, lot size, level and AQL of the lot inspected (level and AQL fixed by a plan that applies). */
function LotFields({ st }: { st: Station }) {
  const { t } = useTranslation();
  const s = useStationStyles();
  const { dictText } = useDictText();
  const locked = !!st.draft;
  const pickOrder = (v: string) => {
    st.setOrderId(v);
    const o = st.setup?.orders.find((x) => String(x.id) === v);
    if (o && !st.lot) st.setLot(String(o.total_qty || ''));
  };
  return (
    <div className={s.row}>
      <Field label={t('qm.station.stage')}>
        <Select className={s.big} value={st.stage} disabled={locked} onChange={(_, d) => st.setStage(d.value)} data-testid="inspect-stage">
          {STAGES.map((x) => <option key={x} value={x}>{dictText('inspection_stage', x)}</option>)}
        </Select>
      </Field>
      <Field label={t('qm.station.order')}>
        <Select className={s.big} value={st.orderId} disabled={locked} onChange={(_, d) => pickOrder(d.value)} data-testid="inspect-order">
          <option value="">{t('qm.station.noOrder')}</option>
          {st.setup?.orders.map((o) => <option key={o.id} value={o.id}>{`${o.order_no}${o.style_no ? ` · ${o.style_no}` : ''}${o.brand_name ? ` · ${o.brand_name}` : ''}`}</option>)}
        </Select>
      </Field>
      <Field label={t('qm.station.lot')}>
        <Input input={{ className: s.big }} className={s.big} inputMode="numeric" value={st.lot} disabled={locked} onChange={(_, d) => st.setLot(d.value.replace(/\D/g, ''))} data-testid="inspect-lot" />
      </Field>
      <Field label={t('qm.station.level')}>
        <Select className={s.big} value={st.level} disabled={locked || !!st.byPlan} onChange={(_, d) => st.setLevel(d.value)} data-testid="inspect-level">
          {AQL_LEVELS.map((x) => <option key={x} value={x}>{x}</option>)}
        </Select>
      </Field>
      <Field label={t('qm.station.aql')}>
        <Select className={s.big} value={st.aql} disabled={locked || !!st.byPlan} onChange={(_, d) => st.setAql(d.value)} data-testid="inspect-aql">
          {AQL_VALUES.map((x) => <option key={x} value={aqlText(x)}>{aqlText(x)}</option>)}
        </Select>
      </Field>
    </div>
  );
}

/** The defect code box: Enter adds one piece of the code typed; the list beside it picks. */
function CodeBox({ st }: { st: Station }) {
  const { t } = useTranslation();
  const s = useStationStyles();
  const { dictText, nameOf } = useDictText();
  return (
    <form onSubmit={(e) => { e.preventDefault(); st.addCode(st.code); }}>
      <Field label={t('qm.station.code')} validationMessage={st.notice ?? undefined}>
        <Input
          input={{ ref: st.codeBox, className: s.code, list: 'qm-defect-codes' }}
          className={s.code}
          autoFocus
          autoComplete="off"
          value={st.code}
          onChange={(_, d) => st.setCode(d.value.replace(/[+-]/g, ''))}
          data-testid="inspect-code"
        />
      </Field>
      <datalist id="qm-defect-codes">
        {st.setup?.defects.map((d) => <option key={d.id} value={d.code}>{`${d.code} ${nameOf(d)} · ${dictText('defect_severity', d.severity)}`}</option>)}
      </datalist>
    </form>
  );
}

/**
 * The inspection station (issue 18: "entered at a workstation, keyboard only, large targets"). The
 * inspector sets stage, order, lot size, level and AQL (the plan shows at once from the same AQL
 * module the server computes it with), types defect codes (Enter adds one piece; the list beside it
 * picks), changes counts with + / - on the chosen line, adds photos, and submits with F9: the
 * record is saved and submitted, and the server's verdict shows large. A failed record is re-inspected
 * with F8 (a new draft linked to it); a failed final inspection offers an exception ticket on its order.
 * Data and commands: use-inspection-station.ts.
 */
export function InspectionStationPage() {
  const { t } = useTranslation();
  const s = useStationStyles();
  const st = useInspectionStation();
  const photoInput = useRef<HTMLInputElement>(null);
  const { plan, draft, judged, busy } = st;
  return (
    <div className={s.page} data-testid="inspect-station">
      <Title2 as="h1">{t('qm.station.title')}</Title2>
      <p>{t('qm.station.help')}</p>
      {draft && <p role="status" data-testid="inspect-reinspecting">{t('qm.station.reinspecting', { no: draft.insp_no, of: draft.of })}</p>}
      <LotFields st={st} />
      {st.byPlan ? <p data-testid="inspect-by-plan">{t('qm.station.byPlan', st.byPlan)}</p> : null}
      <div className={s.plan} data-testid="inspect-plan">
        {plan ? t('qm.station.plan', { n: plan.sampleSize, letter: plan.planLetter, ac: plan.ac, re: plan.re }) : t('qm.station.planBad')}
      </div>
      <CodeBox st={st} />
      <StationLines lines={st.lines} selected={st.selected} onSelect={st.setSelected} onBump={st.bump} photoInput={photoInput} onPhoto={(f) => void st.addPhoto(f)} />
      <StationVerdict judged={judged} provisional={st.provisional} counts={st.counts} />
      <div className={s.actions}>
        <Button appearance="primary" className={s.action} disabled={busy || !plan || !!judged} onClick={() => void st.submit()} data-testid="inspect-submit">{t('qm.station.submit')}</Button>
        <Button className={s.action} disabled={busy || judged?.result !== 'fail'} onClick={() => void st.reinspect()} data-testid="inspect-reinspect">{t('qm.station.reinspect')}</Button>
        <Button className={s.action} onClick={st.reset} data-testid="inspect-new">{t('qm.station.new')}</Button>
      </div>
      {st.setup && st.setup.recent.length > 0 && <StationRecent recent={st.setup.recent} />}
    </div>
  );
}
