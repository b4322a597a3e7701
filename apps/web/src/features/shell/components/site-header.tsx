import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from '../../../lib/locale-router';
import { HeaderAccount } from '../../auth/components/header-account';
import { LanguageSwitch } from './language-switch';
import { CloseIcon, MenuIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { siteConfig } from '../../../lib/site-config';
import { format, t } from '../../../messages';

const NAV = [
  { to: '/', label: 'home', end: true },
  { to: '/spas', label: 'spa', end: false },
  { to: '/jobs', label: 'findJobs', end: false },
  { to: '/about', label: 'about', end: false },
  { to: '/contact', label: 'contact', end: false },
] as const;

export function BrandMark() {
  return (
    <span
      aria-hidden="true"
      className="flex size-9 items-center justify-center rounded-xl bg-brand-700 text-lg font-bold text-white"
    >
      {siteConfig().brandName.charAt(0)}
    </span>
  );
}

/** Sticky header; on phones the links fold into a menu that closes on an outside click, Escape or navigation. */
export function SiteHeader() {
  const brand = siteConfig().brandName;
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname, search } = useLocation();

  useEffect(() => {
    setOpen(false);
  }, [pathname, search]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (headerRef.current && !headerRef.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'rounded-lg px-3 py-2 text-sm font-semibold transition-colors',
      isActive ? 'bg-brand-50 text-brand-800' : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900',
    );

  return (
    <header ref={headerRef} className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:gap-4">
        <Link
          to="/"
          className="flex items-center gap-2 rounded-lg"
          aria-label={format(t.shell.homeLink, { brand })}
        >
          <BrandMark />
          <span className="text-lg font-bold text-stone-900">{brand}</span>
        </Link>
        <nav aria-label={t.shell.nav.label} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV.map((n) => (
              <li key={n.to}>
                <NavLink to={n.to} end={n.end} className={linkClass}>
                  {t.shell.nav[n.label]}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-1 lg:gap-3">
          <LanguageSwitch />
          <div className="hidden lg:block">
            <HeaderAccount variant="desktop" />
          </div>
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-lg text-stone-800 hover:bg-stone-100 lg:hidden"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? t.shell.closeMenu : t.shell.openMenu}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <CloseIcon size={24} /> : <MenuIcon size={24} />}
          </button>
        </div>
      </div>
      {/* The menu's contents are made when it opens: closed, it is hidden from everyone, and its links would
          only add to the work of every page rendered on the server and hydrated on a phone. */}
      <div
        id={menuId}
        hidden={!open}
        className="absolute inset-x-0 top-full border-b border-stone-200 bg-white shadow-lg lg:hidden"
      >
        {open && (
          <div className="mx-auto max-w-7xl px-4 py-3">
            <nav aria-label={t.shell.nav.label}>
              <ul className="flex flex-col gap-1">
                {NAV.map((n) => (
                  <li key={n.to}>
                    <NavLink
                      to={n.to}
                      end={n.end}
                      className={(s) => cn(linkClass(s), 'block min-h-11 py-3 text-base')}
                      onClick={() => setOpen(false)}
                    >
                      {t.shell.nav[n.label]}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="mt-3 border-t border-stone-200 pt-3">
              <HeaderAccount variant="mobile" />
            </div>
          </div>
        )}
      </div>
    </header>
  );
}
