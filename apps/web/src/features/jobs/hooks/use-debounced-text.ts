import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A text input's own value, committed after `delay` ms without typing, so a
 * typed word makes one request instead of one per key. When the committed
 * value changes from elsewhere (reset, chip removed, back button) the input
 * follows it.
 */
export function useDebouncedText(committed: string, commit: (value: string) => void, delay = 300) {
  const [draft, setDraft] = useState(committed);
  const [seen, setSeen] = useState(committed);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastSent = useRef(committed);
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });

  if (committed !== seen) {
    setSeen(committed);
    if (committed !== lastSent.current) setDraft(committed);
  }

  useEffect(() => {
    if (committed !== lastSent.current) {
      // Changed from elsewhere: drop any pending commit of older typing.
      clearTimeout(timer.current);
      lastSent.current = committed;
    }
  }, [committed]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const onChange = useCallback(
    (value: string) => {
      setDraft(value);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const v = value.trim();
        lastSent.current = v;
        commitRef.current(v);
      }, delay);
    },
    [delay],
  );

  return [draft, onChange] as const;
}
