import { lazy } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { componentStyles } from '@/app/component-styles';
import { ProtectedRoute } from '@/app/protected-route';
import { RootLayout } from '@/app/layout/root-layout';

// Route-level code splitting: each page is its own chunk. Every page but /home shows Bootstrap
// components of the later stylesheet, so its chunk waits for that too (both load in parallel).
const page = <T extends string>(
  load: () => Promise<Record<T, React.ComponentType>>,
  name: T,
  styles: Promise<unknown> = componentStyles,
) => lazy(async () => ({ default: (await Promise.all([load(), styles]))[0][name] }));

const HomePage = page(() => import('@/pages/home-page'), 'HomePage', Promise.resolve());
const ExplorePage = page(() => import('@/pages/explore-page'), 'ExplorePage');
const CollectionPage = page(() => import('@/pages/collection-page'), 'CollectionPage');
const ItemDetailPage = page(() => import('@/pages/item-detail-page'), 'ItemDetailPage');
const AuthorPage = page(() => import('@/pages/author-page'), 'AuthorPage');
const ProfilePage = page(() => import('@/pages/profile-page'), 'ProfilePage');
const StakingPage = page(() => import('@/pages/staking-page'), 'StakingPage');
const SwappingPage = page(() => import('@/pages/swapping-page'), 'SwappingPage');
const WorkPage = page(() => import('@/pages/work-page'), 'WorkPage');
const ContactPage = page(() => import('@/pages/contact-page'), 'ContactPage');
const ProjectPage = page(() => import('@/pages/project-page'), 'ProjectPage');
const AboutPage = page(() => import('@/pages/about-page'), 'AboutPage');
const DashboardPage = page(() => import('@/pages/dashboard-page'), 'DashboardPage');
const IconsPage = page(() => import('@/pages/icons-page'), 'IconsPage');
const PermissionsPage = page(() => import('@/pages/permissions-page'), 'PermissionsPage');
const LoginPage = page(() => import('@/pages/login-page'), 'LoginPage');

/** The route table of deployed-system.md §P2.1. */
const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/home', element: <HomePage /> },
      { path: '/explore', element: <ExplorePage /> },
      { path: '/colection/:collectionId', element: <CollectionPage /> },
      { path: '/ItemDetail/:nftId', element: <ItemDetailPage /> },
      {
        path: '/Author/:authorId',
        element: (
          <ProtectedRoute>
            <AuthorPage />
          </ProtectedRoute>
        ),
      },
      {
        path: '/Profile',
        element: (
          <ProtectedRoute>
            <ProfilePage />
          </ProtectedRoute>
        ),
      },
      {
        path: '/permissions',
        element: (
          <ProtectedRoute>
            <PermissionsPage />
          </ProtectedRoute>
        ),
      },
      { path: '/nft-staking', element: <StakingPage /> },
      { path: '/swapping', element: <SwappingPage /> },
      { path: '/work', element: <WorkPage /> },
      { path: '/contactus', element: <ContactPage /> },
      { path: '/haveproject', element: <ProjectPage /> },
      { path: '/about', element: <AboutPage /> },
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/fontAwesomeIcons', element: <IconsPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <Navigate to="/home" replace /> },
    ],
  },
];

/**
 * The route table as an element, for a <BrowserRouter> (or a <MemoryRouter> in tests). The app
 * uses none of the data-router APIs (loaders, actions, fetchers), and leaving createBrowserRouter
 * out keeps ≈16 kB gzipped of React Router off the first load.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
