import { Input, Link, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { getReport } from '../../../../model';
import { alertNumber, type AlertCondition } from '../../../../model/alerts';
import { alertCalls, type AlertPreview } from '../../../../model/calls/alerts';
import { usePreviewCall } from '../../../api/use-preview-call';
import type { WidgetProps } from '../../../form/widgets';

/** The figure now for the drawer's values, asked again 400 ms after a change (nothing is stored). */
function usePreview(v: WidgetProps['values']): AlertPreview | null {
  const input = {
    report: String(v.report ?? ''), measure: String(v.measure ?? ''), filters: (v.filters ?? {}) as Record<string, string>, tile_id: v.tile_id ? Number(v.tile_id) : null,
    condition: (v.condition || 'above') as AlertCondition, threshold: v.threshold === '' || v.threshold === null || v.threshold === undefined ? 0 : String(v.threshold), days: v.condition === 'late_by' ? String(v.days ?? '') : null,
  };
  return usePreviewCall(alertCalls.preview, input.report && input.measure ? input : null).data;
}

/**
 * `threshold`: the number, the condition's hint, and the figure now with whether it is across the
 * line, and the rows it counts (the drill-down the alert's notice opens).
 */
export function ThresholdField(p: WidgetProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const preview = usePreview(p.values);
  const condition = p.values.condition;
  const report = getReport(String(p.values.report ?? ''));
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <Input id={p.id} type="number" disabled={p.disabled} value={p.value === null || p.value === undefined ? '' : String(p.value)} onChange={(_, x) => p.onChange(x.value)} onBlur={p.onBlur} data-testid="alert-threshold" />
      {condition === 'changed_by' || condition === 'late_by' ? <span style={{ fontSize: 12, color: '#616161' }}>{t(condition === 'changed_by' ? 'alert.ui.changedHint' : 'alert.ui.lateHint')}</span> : null}
      {preview ? (
        <MessageBar intent={preview.across ? 'warning' : 'info'} layout="multiline" data-testid="alert-preview">
          <MessageBarBody>
            {t('alert.ui.preview', { value: alertNumber(report, String(p.values.measure ?? ''), preview.value) })} {condition === 'changed_by' ? '' : t(preview.across ? 'alert.ui.previewAcross' : 'alert.ui.previewArmed')}{' '}
            <Link onClick={() => navigate(preview.link)} data-testid="alert-drill">{t('alert.ui.drill')}</Link>
          </MessageBarBody>
        </MessageBar>
      ) : null}
    </div>
  );
}
