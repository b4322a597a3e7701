import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec section 9: high accuracy, 10 s timeout, no cached position. */
export const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 0,
};

export type GeoFailure = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

export type GeoState =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'granted'; lat: number; lng: number }
  | { status: 'failed'; reason: GeoFailure };

function failureOf(err: GeolocationPositionError): GeoFailure {
  if (err.code === err.PERMISSION_DENIED) return 'denied';
  if (err.code === err.TIMEOUT) return 'timeout';
  return 'unavailable';
}

/**
 * The browser's position, asked for on demand (and on mount when `auto`).
 * `request()` asks again, e.g. for "Try Again" or "Update Location".
 */
export function useGeolocation({ auto = true }: { auto?: boolean } = {}) {
  const [state, setState] = useState<GeoState>({ status: auto ? 'locating' : 'idle' });
  const seq = useRef(0);

  const request = useCallback(() => {
    const id = ++seq.current;
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setState({ status: 'failed', reason: 'unsupported' });
      return;
    }
    setState((s) => (s.status === 'granted' ? s : { status: 'locating' }));
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        if (id !== seq.current) return;
        setState({ status: 'granted', lat: pos.coords.latitude, lng: pos.coords.longitude });
      },
      (err) => {
        if (id !== seq.current) return;
        setState({ status: 'failed', reason: failureOf(err) });
      },
      GEOLOCATION_OPTIONS,
    );
  }, []);

  useEffect(() => {
    const counter = seq;
    if (auto) request();
    // Answers that arrive after unmount are dropped.
    return () => {
      counter.current++;
    };
  }, [auto, request]);

  return { state, request };
}
