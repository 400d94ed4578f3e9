import { Menu, MenuDivider, MenuItemRadio, MenuList, MenuPopover, MenuTrigger, ToolbarButton } from '@fluentui/react-components';
import { GroupListRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { DATE_BUCKETS, type ListGrouping } from '../../model/list-groups';
import type { ListGroupingState } from './use-list-grouping';

const NONE = '';

/** A grouping as one menu value: `field` or `field:bucket` ('' for none). */
const valueOf = (g: ListGrouping | null): string => (g ? (g.bucket ? `${g.field}:${g.bucket}` : g.field) : NONE);
const groupingOf = (value: string): ListGrouping | null => {
  if (!value) return null;
  const [field, bucket] = value.split(':');
  return bucket ? { field, bucket: DATE_BUCKETS.find((b) => b === bucket) } : { field };
};

/**
 * The list toolbar's "分组" (Group by) menu: no grouping, each dictionary and reference column, and
 * each date column by day, week or month. The button names the grouping in force.
 */
export function GroupByMenu({ grouping }: { grouping: ListGroupingState }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  if (!grouping.choices.length) return null;
  const current = grouping.value;
  const choice = current ? grouping.choices.find((c) => c.field === current.field) : undefined;
  const name = choice ? `${en ? choice.label.en : choice.label.zh}${current?.bucket ? ` · ${t(`groups.bucket.${current.bucket}`)}` : ''}` : null;
  return (
    <Menu checkedValues={{ group: [valueOf(current)] }} onCheckedValueChange={(_, d) => grouping.set(groupingOf(d.checkedItems[0] ?? NONE))}>
      <MenuTrigger disableButtonEnhancement>
        <ToolbarButton icon={<GroupListRegular />} appearance={current ? 'primary' : undefined} data-testid="action-group" data-overflow-keep="" title={t('groups.groupBy')}>
          {name ? t('groups.groupedBy', { name }) : t('groups.groupBy')}
        </ToolbarButton>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItemRadio name="group" value={NONE} data-testid="group-none">
            {t('groups.none')}
          </MenuItemRadio>
          <MenuDivider />
          {grouping.choices.flatMap((c) => {
            const label = en ? c.label.en : c.label.zh;
            if (c.kind !== 'date')
              return [<MenuItemRadio key={c.field} name="group" value={c.field} data-testid={`group-${c.field}`}>{label}</MenuItemRadio>];
            return DATE_BUCKETS.map((b) => (
              <MenuItemRadio key={`${c.field}:${b}`} name="group" value={`${c.field}:${b}`} data-testid={`group-${c.field}-${b}`}>
                {`${label} · ${t(`groups.bucket.${b}`)}`}
              </MenuItemRadio>
            ));
          })}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
