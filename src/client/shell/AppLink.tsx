import { Link } from '@fluentui/react-components';
import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

/** A Fluent link that navigates inside the app (history mode) instead of reloading the page. */
export function AppLink({ to, children, inline, ...rest }: { to: string; children: ReactNode; inline?: boolean; 'data-testid'?: string }) {
  const navigate = useNavigate();
  return (
    <Link
      {...rest}
      inline={inline}
      href={to}
      onClick={(e: MouseEvent<HTMLAnchorElement>) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </Link>
  );
}
