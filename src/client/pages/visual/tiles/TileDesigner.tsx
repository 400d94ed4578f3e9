import { Button, DrawerBody, DrawerFooter, DrawerHeader, DrawerHeaderTitle, Field, Input, MessageBar, MessageBarBody, OverlayDrawer } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { REPORT_THEMES } from '../../../../../reports/charts';
import type { Label } from '../../../../model';
import type { TileSpec } from '../../../../model/tiles';
import { inputOfDraft } from './use-tile-designer';
import { useReportTheme } from '../../reports/report-theme';
import { TileDataFields, TileLookFields } from './TileForm';
import { TT, fill } from './tile-texts';
import { TileView, type TileLook } from './TileView';
import type { TileDesignerState } from './use-tile-designer';

/**
 * The designer (a wide drawer): the tile's fields on the left, its live preview on the right (the
 * tile as the designer reads it now, drawn as it will be on the dashboard; a click opens its rows).
 */
export function TileDesigner({ state: s, tr, onSaved }: { state: TileDesignerState; tr: (l: Label) => string; onSaved: () => void }) {
  const d = s.draft;
  const navigate = useNavigate();
  const { theme } = useReportTheme();
  const look: TileLook = useMemo(() => ({ theme: theme ?? REPORT_THEMES.default.theme, text: '#242424', muted: '#616161', border: '#e0e0e0' }), [theme]);
  const spec: TileSpec | null = useMemo(
    () =>
      d
        ? { report: d.report, measure: d.measure, aggregation: d.aggregation, group_by: d.group_by, filters: d.filters, period: d.period, period_field: d.period_field, chart: d.chart, color: d.color, thresholds: (inputOfDraft(d).thresholds ?? []).filter((t) => Number.isFinite(t.value)) }
        : null,
    [d],
  );
  const save = async () => {
    if (await s.save()) onSaved();
  };
  return (
    <OverlayDrawer open={Boolean(d)} position="end" size="full" onOpenChange={(_, x) => !x.open && s.close()} data-testid="tile-designer" style={{ maxWidth: 1280 }}>
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label={tr(TT.cancel)} icon={<DismissRegular />} onClick={s.close} />}>{d?.id ? `${tr(TT.edit)} · ${d.name}` : tr(TT.add)}</DrawerHeaderTitle>
      </DrawerHeader>
      {d && spec ? (
        <DrawerBody style={{ display: 'grid', gridTemplateColumns: 'minmax(360px, 1fr) minmax(360px, 1fr)', gap: 24, alignItems: 'start' }}>
          <div style={{ display: 'grid', gap: 12 }}>
            <Field label={tr(TT.name)} required validationState={s.errors.name ? 'error' : undefined} validationMessage={s.errors.name}>
              <Input value={d.name} maxLength={60} onChange={(_, x) => s.change({ name: x.value })} data-testid="tile-name" />
            </Field>
            <TileDataFields s={s} tr={tr} />
            <TileLookFields s={s} tr={tr} />
            {s.errors._ ? (
              <MessageBar intent="error">
                <MessageBarBody>{s.errors._}</MessageBarBody>
              </MessageBar>
            ) : null}
          </div>
          <div style={{ position: 'sticky', top: 0, display: 'grid', gap: 8 }}>
            <span style={{ fontWeight: 600 }}>{tr(TT.preview)}</span>
            <div data-testid="tile-preview" data-loading={s.preview.loading ? '1' : '0'} data-value={s.preview.run?.value ?? ''} style={{ border: '1px solid #e0e0e0', borderRadius: 8, padding: 12, minHeight: 320, display: 'flex', flexDirection: 'column', background: '#fff' }}>
              <span style={{ fontWeight: 600, marginBottom: 8 }}>{d.name || tr(TT.add)}</span>
              {!d.report || !d.measure ? (
                <span style={{ color: '#616161' }}>{tr(TT.previewHint)}</span>
              ) : (
                <TileView testId="tile-preview-view" spec={spec} run={s.preview.run} loading={s.preview.loading} error={s.preview.error ? fill(tr(TT.previewError), { error: s.preview.error }) : null} look={look} tr={tr} height={300} onDrill={(url) => navigate(url)} />
              )}
            </div>
          </div>
        </DrawerBody>
      ) : null}
      <DrawerFooter>
        <Button appearance="primary" disabled={s.busy} onClick={() => void save()} data-testid="tile-save">
          {tr(TT.save)}
        </Button>
        <Button onClick={s.close}>{tr(TT.cancel)}</Button>
      </DrawerFooter>
    </OverlayDrawer>
  );
}
