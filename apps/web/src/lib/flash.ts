import { useEffect, useState } from 'react';

/** A one-time message carried across a full page load in this tab (e.g. "account deleted"). */
const FLASH_KEY = 'flashMessage';

export function setFlash(message: string): void {
  try {
    sessionStorage.setItem(FLASH_KEY, message);
  } catch {
    // Storage may be blocked: the message is simply not shown.
  }
}

/** The waiting message, shown once: read after the first render, then cleared. */
export function useFlash(): string | null {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    try {
      const m = sessionStorage.getItem(FLASH_KEY);
      if (m) {
        sessionStorage.removeItem(FLASH_KEY);
        setMessage(m);
      }
    } catch {
      // Nothing to show.
    }
  }, []);
  return message;
}
