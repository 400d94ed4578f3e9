import { Badge } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { getDictionary } from '../../../model/dictionaries';
import '../../../model/entities';
import { useLabel } from '../common/admin-kit';

/** Rows per page of the platform's lists (sign-ups, clients). */
export const PAGE_SIZE = 20;
const STATUS_COLOR: Record<string, 'informative' | 'success' | 'danger' | 'warning' | 'subtle'> = { pending: 'warning', active: 'success', rejected: 'danger', frozen: 'subtle' };

/** A company's or sign-up's status as a coloured badge. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge appearance="tint" color={STATUS_COLOR[status] ?? 'informative'} data-testid="status-badge">
      {t(`adminui.status.${status}`)}
    </Badge>
  );
}

/** A dictionary value's label (company types, licence types), or the value itself. */
export function useDictLabel(): (dict: string, value: string) => string {
  const label = useLabel();
  return (dict, value) => {
    const item = getDictionary(dict)?.items.find((i) => i.value === value);
    return item ? label(item.label) : value;
  };
}
