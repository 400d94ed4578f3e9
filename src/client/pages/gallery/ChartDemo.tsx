import { Caption1, makeStyles, Tab, TabList, Text, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_THEMES } from '../../../../reports/charts';
import type { ChartKind } from '../../../model/report';
import { ReportChart, type ChartPoint } from '../../engine/report/ReportChart';
import { data, kinds } from './demos/chart.demo';

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  point: { minHeight: '20px', color: tokens.colorNeutralForeground2 },
});

/** The chart item: the declared data drawn by the reports' chart builders, in the kind picked above it. */
export function ChartDemo() {
  const s = useStyles();
  const { t } = useTranslation();
  const [kind, setKind] = useState<ChartKind>(kinds[0]);
  const [point, setPoint] = useState<ChartPoint | null>(null);
  const value = point ? data.series[point.si]?.values[point.ci] : null;
  return (
    <div>
      <div className={s.head}>
        <Caption1>{t('gallery.chartKind')}</Caption1>
        <TabList size="small" selectedValue={kind} onTabSelect={(_, d) => { setKind(d.value as ChartKind); setPoint(null); }} data-testid="gallery-chart-kinds">
          {kinds.map((k) => (
            <Tab key={k} value={k}>{t(`gallery.chart.${k}`)}</Tab>
          ))}
        </TabList>
      </div>
      <ReportChart kind={kind} data={data} theme={REPORT_THEMES.default.theme} height={320} onPoint={setPoint} testId="gallery-chart" />
      <Text as="p" className={s.point} data-testid="gallery-chart-point">
        {point && value !== undefined
          ? t('gallery.chartPoint', { category: data.categories[point.ci]?.label, series: data.series[point.si]?.name, value: value ?? '—' })
          : t('gallery.chartHint')}
      </Text>
    </div>
  );
}
