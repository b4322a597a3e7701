import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** False while the page is rendered on the server and hydrated; true from then on (and on screens shown later). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
