import { useEffect } from 'react';

/**
 * Marks the page as taken over by the app: `<html data-hydrated="true">` (browser tests wait for it
 * before acting on the server's HTML). It sits inside the screen's own boundary, so it is set once the
 * screen itself, not only the site's chrome, has been hydrated.
 */
export function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
