import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createElement, lazy, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { matchRoutes, Navigate, useParams, useRoutes, type Params, type RouteObject } from 'react-router-dom';
import { componentStyles } from '@/app/component-styles';
import { ProtectedRoute } from '@/app/protected-route';
import { RootLayout } from '@/app/layout/root-layout';
import { ROUTES, type LazyPage, type RouteData } from '@/app/routes';
import { useChainSession } from '@/lib/tx/chain-session';

/**
 * One route's page, from its entry in the route table (routes.ts): its code (a chunk of its own), the translation
 * namespaces it reads beyond the first load's, and what it reads. All three start together when navigation starts.
 */
interface PageDefinition {
  Page: ComponentType;
  /** Starts loading the page's code and styles (what the lazy page waits for); resolves when both are in. */
  preload: () => Promise<unknown>;
  namespaces: readonly string[];
  data?: RouteData;
}

function definePage({ load, name, namespaces }: LazyPage, data?: RouteData): PageDefinition {
  // Every page but /home shows Bootstrap components of the later stylesheet (component-styles.ts), so its
  // code waits for that too; both load in parallel.
  const styles = name === 'HomePage' ? undefined : componentStyles;
  let code: Promise<ComponentType> | undefined;
  let loaded: ComponentType | undefined;
  const preload = () =>
    (code ??= Promise.all([load(), styles]).then(([component]) => {
      loaded = component;
      return component;
    }));
  const LazyPage = lazy(async () => ({ default: await preload() }));
  // A page whose code is already in renders at once: React.lazy would suspend once even then, and a route fallback
  // once shown holds the page back for React's reveal throttle (300 ms) — on the first load, after main.tsx waited
  // for the code, that is 300 ms of LCP. Chosen once per mount, so a page never swaps its element type.
  function Page() {
    const [ready] = useState(() => loaded);
    return createElement(ready ?? LazyPage);
  }
  return { Page, preload, namespaces, data };
}

/**
 * What RoutePage starts for a page; also run once at start-up, before the first render (startFirstRoute). Resolves
 * when the page can render without suspending (its code, styles and translations are in); never rejects: a failed
 * load is the lazy page's to show.
 */
function startPage(
  { preload, namespaces, data }: PageDefinition,
  queryClient: QueryClient,
  i18n: I18n,
  params: Readonly<Params>,
  account: string | null,
): Promise<void> {
  const code = preload();
  data?.(queryClient, params, { account });
  // What useTranslation would load once the page renders: a namespace of the current language already there (an
  // Italian visit has them all) is not asked again, nor its English fallback.
  const missing = namespaces.filter((namespace) => !i18n.hasLoadedNamespace(namespace));
  const translations = missing.length > 0 ? i18n.loadNamespaces(missing) : undefined;
  return Promise.all([code, translations]).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Starts the route's reads and its translations, then renders its page. This runs while rendering, before the
 * lazy page suspends for its code: an effect would run only after the page has loaded and committed, and the
 * reads would wait for it. Both starts are idempotent (a read already in the cache or in flight is not asked
 * again; loaded namespaces resolve at once), so a re-render costs nothing.
 */
function RoutePage({ page }: { page: PageDefinition }) {
  const { Page } = page;
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const params = useParams();
  const { account } = useChainSession();
  void startPage(page, queryClient, i18n, params, account);
  return <Page />;
}

/**
 * Each page's definition. Routes that show the same page (`/` and `/home`) share one, so the page's code once loaded
 * renders at once on either.
 */
const definitions = new Map(ROUTES.map(({ page, data }) => [page, definePage(page, data)]));
const pages = ROUTES.map(({ path, page, signedIn }) => ({ path, page: definitions.get(page)!, signedIn }));

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...pages.map(({ path, page, signedIn }) => ({
        path,
        element: signedIn ? (
          <ProtectedRoute>
            <RoutePage page={page} />
          </ProtectedRoute>
        ) : (
          <RoutePage page={page} />
        ),
      })),
      { path: '*', element: <Navigate to="/home" replace /> },
    ],
  },
];

/**
 * Starts the first route's code, reads and translations as the app starts, before React has rendered anything:
 * RoutePage would start the same things only once the layout renders. A page for signed-in users is left to
 * RoutePage (it may not be shown). `account` is the stored session's, the wallet not being reconnected yet.
 * Resolves when the page can render without suspending (at once when it starts nothing); never rejects.
 */
export function startFirstRoute(
  pathname: string,
  queryClient: QueryClient,
  i18n: I18n,
  account: string | null,
): Promise<void> {
  const match = matchRoutes(routes, pathname)?.at(-1);
  const found = pages.find(({ path }) => path === match?.route.path);
  if (match && found && !found.signedIn) return startPage(found.page, queryClient, i18n, match.params, account);
  return Promise.resolve();
}

/**
 * The route table as an element, for a <BrowserRouter> (or a <MemoryRouter> in tests). The app
 * uses none of the data-router APIs (loaders, actions, fetchers): RoutePage starts each route's
 * reads as a loader would, and leaving createBrowserRouter out keeps ≈16 kB gzipped of React
 * Router off the first load.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
