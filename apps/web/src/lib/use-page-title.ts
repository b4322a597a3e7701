import { useEffect } from 'react';
import { siteConfig } from './site-config';

/** Sets the document title as "Page | Brand". */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    const brand = siteConfig().brandName;
    document.title = title ? `${title} | ${brand}` : brand;
  }, [title]);
}
