import { Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Toolbar, ToolbarButton, makeStyles } from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { overflowCut } from './overflow';

const useStyles = makeStyles({
  // width 0 with flex-grow: the toolbar takes the room it is given and never widens the page by its buttons.
  bar: { display: 'flex', flexWrap: 'nowrap', alignItems: 'center', width: 0, minWidth: 0, flexGrow: 1, flexShrink: 1, overflow: 'hidden', columnGap: '0px', '& > *': { flexShrink: 0 }, '& button': { whiteSpace: 'nowrap', minWidth: 'auto' } },
});

/** Room kept for the "more" button at the end of a toolbar that overflows. */
const MORE_WIDTH = 40;

type Hidden = { index: number; label: string; disabled: boolean; testId: string | null };

/**
 * A toolbar that never wraps (issue 21): what does not fit its width goes into a "more" menu at its
 * end, from the end backwards. Its children stay mounted where they are, only hidden, so a slot's
 * own state and dialogs keep working: a menu item clicks the hidden button. A child marked
 * `data-overflow-keep` (a button that opens its own menu, which needs a visible anchor) never moves;
 * dividers left at the edge of what is shown are hidden with it. Children may change at any time
 * (a slot's buttons, enabled states): the toolbar measures again.
 *
 * Example: `<OverflowToolbar label="客户订单">{buttons}</OverflowToolbar>`
 */
export function OverflowToolbar({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  const s = useStyles();
  const { t } = useTranslation();
  const bar = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState<Hidden[]>([]);

  useLayoutEffect(() => {
    const el = bar.current;
    if (!el) return;
    let busy = false;
    const measure = () => {
      if (busy) return;
      busy = true;
      const next = hideOverflow(el);
      setHidden((h) => (JSON.stringify(h) === JSON.stringify(next) ? h : next));
      busy = false;
    };
    measure();
    const resize = new ResizeObserver(() => measure());
    resize.observe(el);
    // A slot's buttons come and go, and enable and disable with the selection.
    const mutate = new MutationObserver((records) => {
      if (records.some((r) => r.type === 'childList' || (r.type === 'attributes' && r.attributeName === 'disabled'))) measure();
    });
    mutate.observe(el, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
    return () => {
      resize.disconnect();
      mutate.disconnect();
    };
  }, []);

  const clickHidden = (index: number) => {
    const el = bar.current;
    const child = el ? ([...el.children].filter((c) => c instanceof HTMLElement && (c as HTMLElement).dataset.overflowMore === undefined)[index] as HTMLElement | undefined) : undefined;
    const button = child?.matches('button') ? child : child?.querySelector('button');
    (button as HTMLButtonElement | null | undefined)?.click();
  };

  return (
    <Toolbar aria-label={label} size="small" className={s.bar} ref={bar} data-testid={testId}>
      {children}
      <span data-overflow-more="" style={{ display: 'none', marginLeft: 'auto' }}>
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <ToolbarButton icon={<MoreHorizontalRegular />} aria-label={t('engine.moreActions')} title={t('engine.moreActions')} data-testid="toolbar-more" />
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {hidden.map((h) => (
                <MenuItem key={h.index} disabled={h.disabled} onClick={() => clickHidden(h.index)} data-testid={h.testId ? `more-${h.testId}` : `toolbar-more-${h.index}`}>
                  {h.label}
                </MenuItem>
              ))}
            </MenuList>
          </MenuPopover>
        </Menu>
      </span>
    </Toolbar>
  );
}

/**
 * Shows every child of the toolbar, then hides those that do not fit its width (overflowCut) and the
 * "more" button when none is hidden; returns the hidden buttons for the "more" menu.
 */
function hideOverflow(el: HTMLElement): Hidden[] {
  const all = [...el.children].filter((c): c is HTMLElement => c instanceof HTMLElement && c.dataset.overflowMore === undefined);
  for (const c of all) c.style.display = '';
  const more = el.querySelector<HTMLElement>('[data-overflow-more]');
  if (more) more.style.display = 'none';
  const gap = parseFloat(getComputedStyle(el).columnGap) || 0;
  const widths = all.map((c) => c.getBoundingClientRect().width + gap);
  const cut = overflowCut(
    widths,
    all.map((c) => c.dataset.overflowKeep !== undefined),
    all.map((c) => c.getAttribute('role') === 'separator' || c.tagName === 'HR'),
    el.clientWidth,
    MORE_WIDTH,
  );
  const next: Hidden[] = [];
  all.forEach((c, i) => {
    if (!cut.has(i)) return;
    c.style.display = 'none';
    const button = c.matches('button') ? c : c.querySelector('button');
    if (!button) return;
    const text = (button.textContent ?? '').trim() || button.getAttribute('aria-label') || button.getAttribute('title') || '';
    if (text) next.push({ index: i, label: text, disabled: (button as HTMLButtonElement).disabled, testId: button.getAttribute('data-testid') });
  });
  if (more) more.style.display = next.length ? '' : 'none';
  return next;
}
