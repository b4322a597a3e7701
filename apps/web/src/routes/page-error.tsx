import { isRouteErrorResponse, useRouteError } from 'react-router';
import NotFoundPage from './not-found';
import { RouteError } from './route-error';

/** A screen's failure inside the site's chrome: a missing record is the not-found page, anything else the error panel. */
export function PageError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <RouteError />;
}
