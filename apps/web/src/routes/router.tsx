import type { LoaderFunction, RouteObject } from 'react-router';
import { loadCatalogue, type Locale } from '../messages';
import { Layout } from './layout';
import NotFoundPage, { loader as notFoundLoader } from './not-found';
import { PageError } from './page-error';
import { RouteError } from './route-error';

interface ScreenModule {
  default: React.ComponentType;
  /** Public screens rendered on the server export the loader that fills their data (lib/server-loader). */
  loader?: LoaderFunction;
}

/** Each screen is its own chunk, loaded when its route is first visited (or rendered on the server). */
const page = (load: () => Promise<ScreenModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const m = await load();
    return m.loader ? { Component: m.default, loader: m.loader } : { Component: m.default };
  },
});

const home = page(() => import('./home'));
const jobs = page(() => import('./jobs'));
const jobDetail = page(() => import('./job-detail'));
const guestApply = page(() => import('./guest-apply'));
const dashboard = page(() => import('./dashboard'));

/**
 * The one route table, for the browser (main.tsx) and the server renderer
 * (entry-server.tsx). Paths are absolute, so the table can be mounted again
 * under a prefix by mapping them.
 */
const english: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    // Pages served without server rendering (account areas) show nothing until their chunk arrives, as before.
    HydrateFallback: () => null,
    children: [
      {
        // A screen that fails or names a missing record keeps the header and footer around its message.
        errorElement: <PageError />,
        children: [
          { path: '/', ...home },
          { path: '/home', ...home },
          { path: '/spas', ...page(() => import('./spas')) },
          { path: '/spa/:id', ...page(() => import('./spa-detail')) },
          { path: '/jobs', ...jobs },
          { path: '/jobs-india', ...jobs },
          { path: '/all/jobs/filters', ...jobs },
          { path: '/job/:id', ...jobDetail },
          { path: '/spa/:spaId/job/:jobId', ...jobDetail },
          { path: '/apply/:jobId', ...guestApply },
          { path: '/guest/apply/:id', ...guestApply },
          { path: '/thank-you', ...page(() => import('./thank-you')) },
          { path: '/about', ...page(() => import('./about')) },
          { path: '/privacy', ...page(() => import('./privacy')) },
          { path: '/terms', ...page(() => import('./terms')) },
          { path: '/contact', ...page(() => import('./contact')) },
          { path: '/login', ...page(() => import('./login')) },
          { path: '/register', ...page(() => import('./register')) },
          { path: '/forgot-password', ...page(() => import('./forgot-password')) },
          { path: '/reset-password', ...page(() => import('./reset-password')) },
          { path: '/auth/callback', ...page(() => import('./auth-callback')) },
          { path: '/candidate/dashboard', ...dashboard },
          { path: '/dashboard', ...dashboard },
          { path: '/edit-profile', ...page(() => import('./edit-profile')) },
          { path: '/applications', ...page(() => import('./applications')) },
          { path: '/employer/login', ...page(() => import('./employer-login')) },
          { path: '/employer/register', ...page(() => import('./employer-register')) },
          { path: '/employer', ...page(() => import('./employer-dashboard')) },
          { path: '/employer/jobs/new', ...page(() => import('./employer-post-job')) },
          { path: '/employer/applicants', ...page(() => import('./employer-applicants')) },
          { path: '/admin', ...page(() => import('./admin')) },
          { path: '/admin/login', ...page(() => import('./employer-login')) },
          { path: '/alerts/confirm', ...page(() => import('./alert-confirm')) },
          { path: '/alerts/unsubscribe', ...page(() => import('./alert-unsubscribe')) },
          { path: '/unauthorized', ...page(() => import('./unauthorized')) },
          // In the first load anyway: a missing record's page (PageError) shows it too.
          { path: '*', Component: NotFoundPage, loader: notFoundLoader },
        ],
      },
    ],
  },
];

/** The same routes with every path under `prefix` (`/` becomes `/hi`, `/jobs` `/hi/jobs`, `*` `/hi/*`). */
function mountUnder(prefix: string, table: RouteObject[]): RouteObject[] {
  return table.map((route) => {
    const path =
      route.path === undefined
        ? undefined
        : route.path === '/'
          ? prefix
          : `${prefix}/${route.path.replace(/^\//, '')}`;
    return {
      ...route,
      ...(path !== undefined ? { path } : {}),
      ...(route.children ? { children: mountUnder(prefix, route.children) } : {}),
    } as RouteObject;
  });
}

/**
 * Every route with the id React Router would give it by its place in the table (`0-0-3`), written into
 * the table: the server matches a page against its language's routes alone (half the table), and the
 * ids it sends the browser stay those of the whole table.
 */
function withIds(table: RouteObject[], parent: string[]): RouteObject[] {
  return table.map((route, i) => {
    const place = [...parent, String(i)];
    return {
      ...route,
      id: place.join('-'),
      ...(route.children ? { children: withIds(route.children, place) } : {}),
    } as RouteObject;
  });
}

/**
 * English at `/…`, Hindi at `/hi/…`: one table, mounted twice. The Hindi root
 * fetches the Hindi texts before any of its screens renders (a chunk of their
 * own, so English pages never load them).
 */
export const routes: RouteObject[] = [
  ...withIds(english, []),
  {
    // Pathless, so the Hindi routes keep their absolute paths; it matches only when one of them does.
    id: 'hi',
    HydrateFallback: () => null,
    // Each Hindi page waits for the Hindi texts it shows (the about and legal texts, or the forms' messages,
    // come with the pages that need them), on every navigation.
    loader: async ({ request }) => {
      await loadCatalogue('hi', new URL(request.url).pathname);
      return null;
    },
    shouldRevalidate: () => true,
    children: withIds(mountUnder('/hi', english), [String(english.length)]),
  },
];

/** The routes of one language: English pages never match a Hindi route, nor Hindi pages an English one. */
export const routesOf = (lang: Locale): RouteObject[] =>
  routes.filter((route) => (route.id === 'hi') === (lang === 'hi'));
