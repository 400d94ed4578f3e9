import { Dropdown, Field, Option } from '@fluentui/react-components';
import { getReport, type Label } from '../../../../model';
import { ReportFilterBar } from '../../reports/ReportFilterBar';
import { A, filtersText } from './alert-texts';
import type { AlertsState } from './use-alerts';

type Props = { state: AlertsState; tr: (l: Label) => string };
const errorOf = (s: AlertsState, k: string) => (s.errors[k] ? { validationState: 'error' as const, validationMessage: s.errors[k] } : {});

/** The declared report's dataset, measure and the report's own filter bar. */
function ReportFigureFields({ state: s, tr }: Props) {
  const d = s.draft!;
  const report = s.report;
  const measure = report?.measures.find((m) => m.key === d.measure);
  return (
    <>
      <Field label={tr(A.dataset)} required {...errorOf(s, 'report')}>
        <Dropdown data-testid="alert-report" value={report ? tr(report.title) : ''} selectedOptions={[d.report]} onOptionSelect={(_, x) => s.change({ report: x.optionValue ?? '' })}>
          {(s.data?.datasets ?? []).map((x) => (
            <Option key={x.report} value={x.report}>
              {tr(getReport(x.report)?.title ?? { zh: x.report, en: x.report })}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label={tr(A.measure)} required {...errorOf(s, 'measure')}>
        <Dropdown data-testid="alert-measure" disabled={!report} value={measure ? tr(measure.label) : ''} selectedOptions={[d.measure]} onOptionSelect={(_, x) => s.change({ measure: x.optionValue ?? '' })}>
          {s.measures.map((m) => (
            <Option key={m.key} value={m.key}>
              {tr(m.label)}
            </Option>
          ))}
        </Dropdown>
      </Field>
      {report ? (
        <Field label={tr(A.filters)} {...errorOf(s, 'filters')} hint={filtersText(report.name, d.filters, tr)}>
          <ReportFilterBar report={report} filters={d.filters} tr={(l) => (typeof l === 'string' ? l : tr(l))} onChange={(filters) => s.change({ filters })} />
        </Field>
      ) : null}
    </>
  );
}

/**
 * What an alert watches: a designed tile of the caller's dashboard (its dataset, measure, filters and
 * period are the tile's, said in words), or a declared report's measure under the report's filters.
 */
export function AlertFigureFields({ state: s, tr }: Props) {
  const d = s.draft;
  if (!d) return null;
  const report = s.report;
  const measure = report?.measures.find((m) => m.key === d.measure);
  return (
    <>
      {s.data?.tiles.length || d.tile_id ? (
        <Field label={tr(A.tile)} {...errorOf(s, 'tile_id')} hint={d.tile_id ? tr(A.tileHint) : undefined}>
          <Dropdown data-testid="alert-tile" value={d.tile_id ? (s.tile?.name ?? `#${d.tile_id}`) : tr(A.noTile)} selectedOptions={[d.tile_id ? String(d.tile_id) : '']} onOptionSelect={(_, x) => s.change({ tile_id: x.optionValue ? Number(x.optionValue) : null })}>
            <Option value="">{tr(A.noTile)}</Option>
            {(s.data?.tiles ?? []).map((t) => (
              <Option key={t.id} value={String(t.id)} data-testid={`alert-tile-${t.id}`}>
                {t.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
      ) : null}
      {d.tile_id ? (
        <div data-testid="alert-tile-figure" style={{ fontSize: 13, color: '#424242' }}>
          {`${report ? tr(report.title) : d.report} · ${measure ? tr(measure.label) : d.measure} · ${filtersText(d.report, d.filters, tr)}`}
        </div>
      ) : (
        <ReportFigureFields state={s} tr={tr} />
      )}
    </>
  );
}
