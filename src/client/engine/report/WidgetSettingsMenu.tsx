import { Button, Menu, MenuDivider, MenuGroup, MenuGroupHeader, MenuItemRadio, MenuList, MenuPopover, MenuTrigger, Tooltip } from '@fluentui/react-components';
import { Settings16Regular } from '@fluentui/react-icons';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { Label } from '../../../model/entity';
import { WIDGET_PERIODS, WIDGET_TOPS, type WidgetPeriod, type WidgetSettings } from '../../../model/widget-settings';
import { labelIn } from '../../../model/label-text';

export const PERIOD_LABELS: Record<WidgetPeriod, Label> = {
  tower: { zh: '与控制塔相同（上月起四个月）', en: 'As the tower (last month + 3)' },
  month: { zh: '本月', en: 'This month' },
  quarter: { zh: '本季度', en: 'This quarter' },
  year: { zh: '本年', en: 'This year' },
};
const T = {
  settings: { zh: '组件设置', en: 'Widget settings' },
  period: { zh: '期间', en: 'Period' },
  top: { zh: '显示前几项', en: 'Show the top' },
  all: { zh: '全部', en: 'All' },
  topN: { zh: '前 {n} 项', en: 'Top {n}' },
} satisfies Record<string, Label>;

/**
 * A dashboard widget's own settings (period, top N; src/model/widget-settings.ts), on the control
 * tower and on a personal board, each keeping them with the user's board by its save call;
 * `onChange` gets the changed setting (undefined clears it). `buttonStyle`: the tower's light icon
 * on the wall's dark cards.
 */
export function WidgetSettingsMenu({ widgetKey, settings, onChange, buttonStyle }: { widgetKey: string; settings: WidgetSettings | undefined; onChange: (s: WidgetSettings) => void; buttonStyle?: CSSProperties }) {
  const { i18n } = useTranslation();
  const tr = (l: Label) => labelIn(l, i18n.language);
  const checked = { period: [settings?.period ?? 'tower'], top: [String(settings?.top ?? 'all')] };
  return (
    <Menu
      checkedValues={checked}
      onCheckedValueChange={(_, d) => {
        const v = d.checkedItems[0];
        if (d.name === 'period') onChange({ period: v === 'tower' ? undefined : (v as WidgetPeriod) });
        else onChange({ top: v === 'all' ? undefined : (Number(v) as WidgetSettings['top']) });
      }}
    >
      <MenuTrigger disableButtonEnhancement>
        <Tooltip content={tr(T.settings)} relationship="label">
          <Button size="small" appearance="subtle" icon={<Settings16Regular />} data-testid={`widget-settings-${widgetKey}`} style={buttonStyle} />
        </Tooltip>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuGroup>
            <MenuGroupHeader>{tr(T.period)}</MenuGroupHeader>
            {WIDGET_PERIODS.map((p) => (
              <MenuItemRadio key={p} name="period" value={p} data-testid={`widget-period-${p}`}>
                {tr(PERIOD_LABELS[p])}
              </MenuItemRadio>
            ))}
          </MenuGroup>
          <MenuDivider />
          <MenuGroup>
            <MenuGroupHeader>{tr(T.top)}</MenuGroupHeader>
            <MenuItemRadio name="top" value="all" data-testid="widget-top-all">
              {tr(T.all)}
            </MenuItemRadio>
            {WIDGET_TOPS.map((n) => (
              <MenuItemRadio key={n} name="top" value={String(n)} data-testid={`widget-top-${n}`}>
                {tr(T.topN).replace('{n}', String(n))}
              </MenuItemRadio>
            ))}
          </MenuGroup>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
