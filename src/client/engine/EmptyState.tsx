import { makeStyles, Text } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  box: { padding: '48px', display: 'flex', flexDirection: 'column', gap: '12px', alignItems: 'flex-start' },
});

/**
 * What a screen shows in place of its content when there is none to show yet: what is missing,
 * what to do about it, and the ways on (buttons, links) as children.
 * Example: `<EmptyState title={t('alloc.noLines')} text={t('alloc.createHint')}><Link .../></EmptyState>`.
 */
export function EmptyState(p: { title: string; text?: string; testId?: string; children?: ReactNode }) {
  const s = useStyles();
  return (
    <div className={s.box} data-testid={p.testId}>
      <Text size={500}>{p.title}</Text>
      {p.text && <Text>{p.text}</Text>}
      {p.children}
    </div>
  );
}
