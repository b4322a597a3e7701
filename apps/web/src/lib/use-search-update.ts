import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

type Change = (current: URLSearchParams) => URLSearchParams;

/**
 * The query string of the page, and a way to change it that never loses a change.
 *
 * React Router hands `setSearchParams(fn)` the address of the last render, not of the last change, so
 * two changes made before the page renders again (a second filter chosen at once, a typed word's pause
 * ending as a list is picked) would each start from the old address and the later one would undo the
 * earlier. Here each change starts from the newest address asked for; once the page shows it, or the
 * address moves on by itself (back, a link), the address read from the page is the start again.
 */
export function useSearchUpdate(): [URLSearchParams, (change: Change, options?: NavigateOptions) => void] {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const asked = useRef<string[]>([]);
  const newest = useRef<URLSearchParams>(params);

  useEffect(() => {
    const at = asked.current.indexOf(search);
    // Shown: drop it and every older change. Not ours: the address moved on without us.
    asked.current = at >= 0 ? asked.current.slice(at + 1) : [];
    if (asked.current.length === 0) newest.current = new URLSearchParams(search);
  }, [search]);

  const change = useCallback(
    (fn: Change, options?: NavigateOptions) => {
      const next = fn(new URLSearchParams(newest.current));
      newest.current = next;
      asked.current.push(next.toString());
      setParams(next, options);
    },
    [setParams],
  );

  return [params, change];
}
