import type { AlertFrequency } from '@spajobs/contract/alert';

const DAY = 86_400_000;
/** 08:00 in India (UTC+5:30 all year) is 02:30 UTC, on the same calendar day. */
const SEND_AT_UTC_MS = 2.5 * 3_600_000;
/** Weekly digests go out on Mondays. */
const WEEKLY_DAY = 1;

/** The first 08:00 India time strictly after `after` (daily), or the first such Monday (weekly). */
export function nextDigestAt(frequency: AlertFrequency, after: number): number {
  let slot = Math.floor(after / DAY) * DAY + SEND_AT_UTC_MS;
  if (slot <= after) slot += DAY;
  if (frequency === 'weekly') {
    while (new Date(slot).getUTCDay() !== WEEKLY_DAY) slot += DAY;
  }
  return slot;
}
