import { createBrowserRouter, matchRoutes, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { engineRoutes } from '../engine/routes';
import { adminRoutes } from '../pages/admin/routes';
import { approvalRoutes } from '../pages/approvals/routes';
import { collabRoutes } from '../pages/collab/routes';
import { orderRoutes } from '../pages/orders/routes';
import { outsourceRoutes } from '../pages/outsource/routes';
import { sourcingRoutes } from '../pages/sourcing/routes';
import { purchaseRoutes } from '../pages/purchase/routes';
import { productionRoutes } from '../pages/production/routes';
import { qualityRoutes } from '../pages/quality/routes';
import { financeRoutes } from '../pages/finance/routes';
import { developmentRoutes } from '../pages/development/routes';
import { reportRoutes } from '../pages/reports/routes';
import { calendarRoutes } from '../calendar/routes';
// Node tracking's drawers of the tracked orders (issue 12), registered with the engine's form drawer.
import '../pages/tracking/routes';
import { uploadRoutes } from '../pages/upload/routes';
import { workspaceRoutes } from '../pages/workspace/routes';
import type { Label } from '../../model/entity';
import { menuPageRoutes } from './menu-page-routes';
import { galleryRoutes } from '../pages/gallery/routes';
import { hasValidToken } from '../session/guard';
import { nowSeconds } from '../session/access-state';
import { guardNavigation, loadProfile } from '../session/session-flow';
import { readStoredSession } from '../kernel/storage';
import { pendingSpecPaths } from './route-table';
import { setRoutePrefetcher } from '../kernel/route-prefetch';
import { RootLayout } from './RootLayout';
import { PageLoading, RouteError } from './RouteError';
// The login page is the first page of a first visit: in the first chunks, with the widgets it needs,
// not behind a lazy route that pulls every signed-in page's widgets with it (B7, issue 21).
import { InnerLoginPage, LoginPage } from '../pages/login/LoginPage';

/** What a route tells the shell: its title (spec 2: the document title comes from it). */
export type RouteHandle = { titleKey?: string; title?: string; label?: Label };

type PageModule = Record<string, unknown>;
/** A code-split page: `page(() => import('./X'), 'X')` loads the module when the route is first visited. */
function page(load: () => Promise<PageModule>, name: string): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      // With the page, the signed-in pages' words, which the sign-in page's first chunks leave out (B7).
      const [m] = await Promise.all([load(), import('../../model/i18n/app-part')]);
      return { Component: m[name] as React.ComponentType };
    },
  };
}

const third = () => import('../pages/login/ThirdWelcomePage');
const tempToken = () => import('../pages/login/TempTokenWelcomePage');
const password = () => import('../pages/password/PasswordPages');
const signup = () => import('../pages/signup/SignupPage');
const common = () => import('../pages/common/CommonPages');
const discovery = () => import('../pages/collab/DiscoveryPage');
const shell = () => import('../shell/ShellLayout');
const workspace = () => import('../pages/workspace/WorkspacePages');
const user = () => import('../pages/user/UserPages');

/** Spec 2: every non-public navigation passes the guard first (it runs on every navigation). */
async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const to = await guardNavigation(new URL(request.url));
  if (to) throw redirect(to);
  return null;
}

/** Spec 2: the discovery pages load the profile only when a valid token exists. */
async function discoveryLoader(): Promise<null> {
  if (hasValidToken(readStoredSession(), nowSeconds())) await loadProfile().catch(() => false);
  return null;
}

/** The route tree: spec 2 public routes, then the signed-in shell with every signed-in route. */
export function appRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageLoading />,
      children: [
        ...publicRoutes(),
        // Signed-in routes: the guard, then the shell.
        {
          id: 'guarded',
          loader: guardLoader,
          shouldRevalidate: () => true,
          children: [{ id: 'shell', ...page(shell, 'ShellLayout'), children: shellRoutes() }],
        },
      ],
    },
  ];
}

/** Spec 2 public routes (no sign-in check). */
function publicRoutes(): RouteObject[] {
  return [
    {
      path: '/login',
      handle: { titleKey: 'ui.login.title' } satisfies RouteHandle,
      Component: LoginPage,
      children: [
        { path: 'ddwelcome/:client', handle: { titleKey: 'ui.third.title' }, ...page(third, 'ThirdWelcomePage') },
        { path: 'qywxwelcome', handle: { titleKey: 'ui.third.title' }, ...page(third, 'ThirdWelcomePage') },
        // A device signed in by a temporary token (spec 7 /sf/send-temp-token), before the chat apps' third/{type}.
        { path: 'third/temptoken', handle: { titleKey: 'ui.device.welcome' }, ...page(tempToken, 'TempTokenWelcomePage') },
        { id: 'thirdwelcome', path: 'third/:type', handle: { titleKey: 'ui.third.title' }, ...page(third, 'ThirdWelcomePage') },
      ],
    },
    { path: '/login/inner', handle: { titleKey: 'ui.login.title' }, Component: InnerLoginPage },
    { path: '/signup', handle: { titleKey: 'ui.signup.title' }, ...page(signup, 'SignupPage') },
    { path: '/forgotpwd/fillemail', handle: { titleKey: 'ui.forgot.title' }, ...page(password, 'FillEmailPage') },
    { path: '/forgotpwd/newpwd', handle: { titleKey: 'ui.newpwd.title' }, ...page(password, 'NewPasswordPage') },
    { path: '/forgotpwd/deadline', handle: { titleKey: 'ui.deadline.title' }, ...page(password, 'DeadlinePage') },
    { path: '/discovery/index', loader: discoveryLoader, handle: { titleKey: 'ui.discovery.title' }, ...page(discovery, 'DiscoveryPage') },
    { path: '/newdiscovery/index', loader: discoveryLoader, handle: { titleKey: 'ui.discovery.title' }, ...page(discovery, 'DiscoveryPage') },
  ];
}

/** The signed-in shell's routes: the built ones, the spec routes not built yet, not found. */
function shellRoutes(): RouteObject[] {
  const built = builtShellRoutes();
  // A spec path no built route answers says it is not available yet; one a module answers (the
  // report, dashboard and scan routes too) is never shadowed by such a page.
  const pending: RouteObject[] = pendingSpecPaths(built).map((path) => ({
    path,
    handle: { titleKey: 'ui.unavailable.title' } satisfies RouteHandle,
    ...page(common, 'UnavailablePage'),
  }));
  return [
    ...built,
    // Spec routes of features not built yet: they exist and say so.
    ...pending,
    { path: '*', handle: { titleKey: 'ui.notFound.title' }, ...page(common, 'NotFoundPage') },
  ];
}

/** The shell's built routes: the workspace, the account pages, each module's screens, the engine's routes. */
function builtShellRoutes(): RouteObject[] {
  return [
    // Spec 2: "/ root shell with an empty child": the empty child opens the workspace.
    { index: true, loader: () => redirect('/workspace/home') },
    { path: 'workspace', loader: () => redirect('/workspace/home') },
    { path: 'workspace/home', handle: { titleKey: 'ui.home.title' }, ...page(workspace, 'WorkspaceHomePage') },
    // The menu guide, a menu group's page and a module's landing page (spec 2 "/{menumodule}"): declared menu pages.
    ...menuPageRoutes(common),
    // The personal dashboard (issue 13).
    ...workspaceRoutes,
    { path: 'page/userinfo', handle: { titleKey: 'ui.userinfo.title' }, ...page(user, 'UserInfoPage') },
    { path: 'page/security', handle: { titleKey: 'ui.security.title' }, ...page(user, 'SecurityPage') },
    { path: 'page/clientinfo', handle: { titleKey: 'ui.company.title' }, ...page(user, 'CompanyProfilePage') },
    { path: 'page/settings', handle: { titleKey: 'ui.settings.title' }, ...page(user, 'SettingsPage') },
    // Import centre and batch image upload (issue 4).
    ...uploadRoutes,
    // Hand-made screens of orders and allocation (issue 6), beside the engine's generic routes.
    ...orderRoutes,
    // Purchasing lists with the shipment editor and the receipt dialog (issue 17).
    ...purchaseRoutes,
    // The supplier's outsourced tasks with the shipment editor (issue 12).
    ...outsourceRoutes,
    // Supplier sourcing: the comparison and evaluation, the project opportunities (issue 16).
    ...sourcingRoutes,
    // The approval to-do list; approval buttons in the drawers of documents approved through a flow (issue 14).
    ...approvalRoutes,
    // Work orders, the scan validation page and the bundle tickets (issue 12).
    ...productionRoutes,
    // The inspection station (issue 18).
    ...qualityRoutes,
    // Finance reconciliation: the statements list and the statement page (issue 18).
    ...financeRoutes,
    ...developmentRoutes,
    ...reportRoutes,
    ...calendarRoutes,
    // Notification and task centre, exception tickets, announcements (issue 15).
    ...collabRoutes,
    // Administration screens (issue 5).
    ...adminRoutes,
    // The component gallery of the spec's demo routes (issue 35), before the engine's /{cata}/... shapes.
    ...galleryRoutes,
    // Generic registry routes (/{cata}/index/{opt}, ...) from the registry engine.
    ...engineRoutes,
  ];
}

export function createAppRouter() {
  const routes = appRoutes();
  // The login page warms the page it opens after sign-in (B7): the lazy modules of the matched
  // routes are imported ahead; the router's own lazy() later resolves from the module cache.
  setRoutePrefetcher((path) => {
    for (const m of matchRoutes(routes, path.split('?')[0]) ?? []) {
      const lazy = m.route.lazy;
      if (typeof lazy === 'function') void (lazy as () => Promise<unknown>)().catch(() => undefined);
    }
  });
  return createBrowserRouter(routes, { basename: '/' });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
