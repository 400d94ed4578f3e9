import { Menu, MenuDivider, MenuItem, MenuList, MenuPopover } from '@fluentui/react-components';
import { DismissCircleRegular, FilterDismissRegular, FilterRegular, SubtractCircleRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CellMenuState } from './use-cell-menu';

/**
 * The menu of a list cell (issue 32): a Fluent UI menu at the pointer (or under the focused cell
 * when opened by keyboard), its first item focused; Escape or a click elsewhere closes it and the
 * focus goes back to the cell.
 */
export function CellMenu({ menu }: { menu: CellMenuState }) {
  const { t } = useTranslation();
  const { target } = menu;
  const list = useRef<HTMLDivElement | null>(null);
  // A point on screen as the popover's anchor (Fluent's virtual element).
  const anchor = useMemo(() => (target ? { getBoundingClientRect: () => new DOMRect(target.x, target.y, 0, 0) } : undefined), [target]);

  useEffect(() => {
    if (!target) return;
    const frame = requestAnimationFrame(() => list.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus());
    return () => cancelAnimationFrame(frame);
  }, [target]);

  return (
    <Menu open={Boolean(target)} onOpenChange={(_, d) => !d.open && menu.close()} positioning={{ target: anchor, position: 'below', align: 'start' }}>
      <MenuPopover>
        <MenuList ref={list} aria-label={t('filters.cellMenu')} data-testid="cell-menu">
          <MenuItem icon={<FilterRegular />} disabled={!menu.only} onClick={() => menu.apply('only')} data-testid="cell-menu-only">
            {t('filters.onlyThis')}
          </MenuItem>
          <MenuItem icon={<SubtractCircleRegular />} disabled={!menu.exclude} onClick={() => menu.apply('exclude')} data-testid="cell-menu-exclude">
            {t('filters.excludeThis')}
          </MenuItem>
          <MenuDivider />
          <MenuItem icon={<DismissCircleRegular />} disabled={!menu.columnFiltered} onClick={menu.clearColumn} data-testid="cell-menu-clear">
            {t('filters.clearColumn')}
          </MenuItem>
          <MenuItem icon={<FilterDismissRegular />} disabled={!menu.anyFiltered} onClick={menu.clearAll} data-testid="cell-menu-clear-all">
            {t('filters.clearAll')}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
