import { Caption1, makeStyles, Title3, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  wrap: { display: 'flex', flexDirection: 'column', gap: '2px' },
  row: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap', minHeight: '36px' },
  grow: { flex: 1 },
  aside: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  explain: { color: tokens.colorNeutralForeground3 },
});

/**
 * The head of every page (issue 21, one page template): the title as the page's h1, what sits beside
 * it (a list's status tabs), then at the right the page's own things (counts, quick search, the
 * primary action of an administration page), and under it one line saying what the page is for.
 * Lists (engine/ListPage) and administration pages (common/admin-kit AdminPage) both use it.
 */
export function PageHead(p: { title: string; explain?: string; children?: ReactNode; aside?: ReactNode }) {
  const s = useStyles();
  return (
    <div className={s.wrap}>
      <div className={s.row}>
        <Title3 as="h1">{p.title}</Title3>
        {p.children}
        <span className={s.grow} />
        {p.aside ? <div className={s.aside}>{p.aside}</div> : null}
      </div>
      {p.explain ? <Caption1 block className={s.explain} data-testid="page-explain">{p.explain}</Caption1> : null}
    </div>
  );
}
