import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from './layout';
import { RouteError } from './route-error';

/** Each screen is its own chunk, loaded when its route is first visited. */
const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

const home = page(() => import('./home'));
const jobs = page(() => import('./jobs'));
const jobDetail = page(() => import('./job-detail'));
const guestApply = page(() => import('./guest-apply'));
const dashboard = page(() => import('./dashboard'));

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
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
      { path: '*', ...page(() => import('./not-found')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
