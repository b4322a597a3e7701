/** Session storage key recording that the visitor closed the contact popup in this browser session. */
export const POPUP_CLOSED_KEY = 'contactPopupClosed';

export function popupWasClosed(): boolean {
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
