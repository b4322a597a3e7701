/** Session storage key recording that the visitor closed the contact popup in this browser session. */
export const POPUP_CLOSED_KEY = 'contactPopupClosed';

export function popupWasClosed(): boolean {
  // Rendering on the server: there is no storage (and a thrown error costs more than the rest of this).
  if (typeof window === 'undefined') return false;
  try {
    return sessionStorage.getItem(POPUP_CLOSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function recordPopupClosed(): void {
  try {
    sessionStorage.setItem(POPUP_CLOSED_KEY, '1');
  } catch {
    // Storage may be blocked; the popup still closes for this page.
  }
}

/**
 * Pages the popup never opens over (decisions item 12): applying, signing in or
 * up, the account's own pages, and the pages that finish those journeys.
 */
const NEVER_OVER =
  /^\/(apply|guest\/apply|thank-you|login|register|forgot-password|reset-password|auth|candidate|dashboard|edit-profile|applications|unauthorized|contact)(\/|$)/;
/** A job's page: on a phone, nothing may cover its Apply buttons. */
const JOB_PAGE = /^\/(job\/[^/]+|spa\/[^/]+\/job\/[^/]+)\/?$/;

/** Where and how the contact popup may show: not at all, as the spec's dialog, or as a small sheet. */
export function popupMode(pathname: string, isPhone: boolean): 'none' | 'dialog' | 'sheet' {
  if (NEVER_OVER.test(pathname)) return 'none';
  if (!isPhone) return 'dialog';
  return JOB_PAGE.test(pathname) ? 'none' : 'sheet';
}
