import { FluentProvider } from '@fluentui/react-components';
import { RouterProvider } from 'react-router-dom';
import { ContactAdminDialog } from '../shell/ContactAdminDialog';
import { ToastHost } from '../shell/ToastHost';
import type { AppRouter } from './router';
import { productTheme } from './theme';

/** The application: Fluent UI v9 theme around the router. */
export function App({ router }: { router: AppRouter }) {
  return (
    <FluentProvider theme={productTheme} style={{ minHeight: '100vh', background: productTheme.colorNeutralBackground2 }}>
      <RouterProvider router={router} />
      <ToastHost />
      <ContactAdminDialog />
    </FluentProvider>
  );
}
