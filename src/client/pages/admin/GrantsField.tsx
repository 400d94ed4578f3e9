import { Spinner } from '@fluentui/react-components';
import { useMemo } from 'react';
import useSWR from 'swr';
import type { WidgetProps } from '../../form/widgets';
import { adminApi } from './admin-api';
import { GrantMatrix } from './GrantMatrix';
import { grantListOf, grantMapOf } from './grant-matrix';

/**
 * The `grants` field of the roles drawer (grids/admin/roles.grid.ts): the menu x verb matrix of the
 * company's permission catalogue, read-only where the form is (a system role). Not a list of records
 * but one value of the role, so it is a field of the engine's form, saved, reset and guarded with the
 * others, drawn by this widget instead of its type's.
 */
export function GrantsField(p: WidgetProps) {
  const catalog = useSWR('admin-catalog', () => adminApi.catalog());
  const grants = useMemo(() => grantMapOf(p.value), [p.value]);
  if (!catalog.data) return <Spinner size="small" />;
  return (
    <div id={p.id} data-testid="grant-matrix">
      <GrantMatrix catalog={catalog.data.menus} grants={grants} readOnly={p.disabled} onChange={(g) => p.onChange(grantListOf(g))} />
    </div>
  );
}
