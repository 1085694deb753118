import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useRoutes, type RouteObject } from 'react-router-dom';
import { componentStyles } from '@/app/component-styles';
import { ProtectedRoute } from '@/app/protected-route';
import { RootLayout } from '@/app/layout/root-layout';
import { useChainSession } from '@/lib/tx/chain-session';
import {
  collectionData,
  dashboardData,
  exploreData,
  homeData,
  itemDetailData,
  stakingData,
  swappingData,
  type RouteData,
} from '@/app/route-data';

/**
 * One route's page: its code (a chunk of its own), the translation namespaces it reads beyond the first load's,
 * and what it reads (route-data.ts). All three start together when navigation starts.
 */
interface PageDefinition {
  Page: ComponentType;
  namespaces: readonly string[];
  data?: RouteData;
}

function page<T extends string>(
  load: () => Promise<Record<T, ComponentType>>,
  name: T,
  namespaces: readonly string[] = [],
  data?: RouteData,
): PageDefinition {
  // Every page but /home shows Bootstrap components of the later stylesheet (component-styles.ts), so its
  // code waits for that too; both load in parallel.
  const styles = name === 'HomePage' ? undefined : componentStyles;
  const Page = lazy(async (): Promise<{ default: ComponentType }> => ({
    default: (await Promise.all([load(), styles]))[0][name],
  }));
  return { Page, namespaces, data };
}

/**
 * Starts the route's reads and its translations, then renders its page. This runs while rendering, before the
 * lazy page suspends for its code: an effect would run only after the page has loaded and committed, and the
 * reads would wait for it. Both starts are idempotent (a read already in the cache or in flight is not asked
 * again; loaded namespaces resolve at once), so a re-render costs nothing.
 */
function RoutePage({ page: { Page, namespaces, data } }: { page: PageDefinition }) {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const params = useParams();
  const { account } = useChainSession();
  data?.(queryClient, params, { account });
  // What useTranslation would load once the page renders: a namespace of the current language already there (an
  // Italian visit has them all) is not asked again, nor its English fallback.
  const missing = namespaces.filter((namespace) => !i18n.hasLoadedNamespace(namespace));
  if (missing.length > 0) void i18n.loadNamespaces(missing);
  return <Page />;
}

const HomePage = page(() => import('@/pages/home-page'), 'HomePage', [], homeData);
const ExplorePage = page(() => import('@/pages/explore-page'), 'ExplorePage', ['explore'], exploreData);
const CollectionPage = page(
  () => import('@/pages/collection-page'),
  'CollectionPage',
  ['collection', 'nft'],
  collectionData,
);
const ItemDetailPage = page(() => import('@/pages/item-detail-page'), 'ItemDetailPage', ['nft', 'tx'], itemDetailData);
const AuthorPage = page(() => import('@/pages/author-page'), 'AuthorPage', ['author', 'nft']);
const ProfilePage = page(() => import('@/pages/profile-page'), 'ProfilePage', ['profile', 'nft', 'tx']);
const StakingPage = page(() => import('@/pages/staking-page'), 'StakingPage', ['staking', 'tx'], stakingData);
const SwappingPage = page(() => import('@/pages/swapping-page'), 'SwappingPage', ['swap', 'tx'], swappingData);
const WorkPage = page(() => import('@/pages/work-page'), 'WorkPage', ['forms']);
const ContactPage = page(() => import('@/pages/contact-page'), 'ContactPage', ['forms']);
const ProjectPage = page(() => import('@/pages/project-page'), 'ProjectPage', ['forms']);
const AboutPage = page(() => import('@/pages/about-page'), 'AboutPage', ['about']);
const DashboardPage = page(() => import('@/pages/dashboard-page'), 'DashboardPage', ['dashboard'], dashboardData);
const IconsPage = page(() => import('@/pages/icons-page'), 'IconsPage', ['icons']);
const PermissionsPage = page(() => import('@/pages/permissions-page'), 'PermissionsPage', ['permissions', 'tx']);
const LoginPage = page(() => import('@/pages/login-page'), 'LoginPage');

/** The route table of deployed-system.md §P2.1. */
const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <RoutePage page={HomePage} /> },
      { path: '/home', element: <RoutePage page={HomePage} /> },
      { path: '/explore', element: <RoutePage page={ExplorePage} /> },
      { path: '/colection/:collectionId', element: <RoutePage page={CollectionPage} /> },
      { path: '/ItemDetail/:nftId', element: <RoutePage page={ItemDetailPage} /> },
      {
        path: '/Author/:authorId',
        element: (
          <ProtectedRoute>
            <RoutePage page={AuthorPage} />
          </ProtectedRoute>
        ),
      },
      {
        path: '/Profile',
        element: (
          <ProtectedRoute>
            <RoutePage page={ProfilePage} />
          </ProtectedRoute>
        ),
      },
      {
        path: '/permissions',
        element: (
          <ProtectedRoute>
            <RoutePage page={PermissionsPage} />
          </ProtectedRoute>
        ),
      },
      { path: '/nft-staking', element: <RoutePage page={StakingPage} /> },
      { path: '/swapping', element: <RoutePage page={SwappingPage} /> },
      { path: '/work', element: <RoutePage page={WorkPage} /> },
      { path: '/contactus', element: <RoutePage page={ContactPage} /> },
      { path: '/haveproject', element: <RoutePage page={ProjectPage} /> },
      { path: '/about', element: <RoutePage page={AboutPage} /> },
      { path: '/dashboard', element: <RoutePage page={DashboardPage} /> },
      { path: '/fontAwesomeIcons', element: <RoutePage page={IconsPage} /> },
      { path: '/login', element: <RoutePage page={LoginPage} /> },
      { path: '*', element: <Navigate to="/home" replace /> },
    ],
  },
];

/**
 * The route table as an element, for a <BrowserRouter> (or a <MemoryRouter> in tests). The app
 * uses none of the data-router APIs (loaders, actions, fetchers): RoutePage starts each route's
 * reads as a loader would, and leaving createBrowserRouter out keeps ≈16 kB gzipped of React
 * Router off the first load.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
