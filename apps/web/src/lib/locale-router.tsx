/**
 * React Router's links and navigation, kept in the visitor's language: the
 * app names its pages by their English paths (`/jobs`), and on a Hindi page
 * they become `/hi/jobs`. `useLocation` answers with the path without the
 * prefix, so code that compares or passes paths on works the same in both.
 */
import { forwardRef, useCallback, useMemo } from 'react';
import {
  Link as RouterLink,
  Navigate as RouterNavigate,
  NavLink as RouterNavLink,
  useLocation as useRouterLocation,
  useNavigate as useRouterNavigate,
  type LinkProps,
  type NavigateOptions,
  type NavigateProps,
  type NavLinkProps,
  type To,
} from 'react-router';
import { localePath, localeOf, stripLocale, type Locale } from '../messages/locale';

/** `to` in `lang` (absolute paths only; relative ones stay relative to the current, prefixed, page). */
export function localeTo(to: To, lang: Locale): To {
  if (typeof to === 'string') return localePath(to, lang);
  return to.pathname ? { ...to, pathname: localePath(to.pathname, lang) } : to;
}

/** The language of the page being shown (from the router's own location, so it is right during render). */
export function usePageLocale(): Locale {
  return localeOf(useRouterLocation().pathname);
}

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, ...rest }, ref) {
  const lang = usePageLocale();
  return <RouterLink ref={ref} to={localeTo(to, lang)} {...rest} />;
});

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink({ to, ...rest }, ref) {
  const lang = usePageLocale();
  return <RouterNavLink ref={ref} to={localeTo(to, lang)} {...rest} />;
});

export function Navigate({ to, ...rest }: NavigateProps) {
  const lang = usePageLocale();
  return <RouterNavigate to={localeTo(to, lang)} {...rest} />;
}

export function useNavigate() {
  const navigate = useRouterNavigate();
  const lang = usePageLocale();
  return useCallback(
    (to: To | number, options?: NavigateOptions) =>
      typeof to === 'number' ? navigate(to) : navigate(localeTo(to, lang), options),
    [navigate, lang],
  );
}

/** The location with the language prefix taken off the path. */
export function useLocation() {
  const location = useRouterLocation();
  return useMemo(() => ({ ...location, pathname: stripLocale(location.pathname) }), [location]);
}
