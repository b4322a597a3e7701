import { useEffect } from 'react';
import { siteConfig } from './site-config';

let serverSink: ((title: string | undefined) => void) | undefined;

/** Server only: where the page being rendered reports its title (the head is written after the body renders). */
export function setServerTitleSink(sink: (title: string | undefined) => void): void {
  serverSink = sink;
}

/** Sets the document title as "Page | Brand". */
export function usePageTitle(title: string | undefined): void {
  if (typeof window === 'undefined') serverSink?.(title);
  useEffect(() => {
    const brand = siteConfig().brandName;
    document.title = title ? `${title} | ${brand}` : brand;
  }, [title]);
}
