import type { AlertQuery } from '@spajobs/contract/alert';
import { format, t } from '../../messages';
import { formatCount } from '../../lib/format';

/** The saved search in a few words: "“therapist”, Ayurveda, in Pune, ₹20,000+ a month". */
export function describeAlert(q: AlertQuery): string {
  const m = t.alerts;
  const parts: string[] = [];
  const words = [q.q, q.title].filter(Boolean).map((w) => `“${w}”`);
  if (words.length) parts.push(words.join(' '));
  if (q.category) parts.push(q.category);
  if (q.spa) parts.push(format(m.atSpa, { spa: q.spa }));
  if (q.lat !== undefined)
    parts.push(format(m.near, { km: q.radius ?? 10, place: q.place || m.yourLocation }));
  else if (q.city) parts.push(format(m.inPlace, { place: q.city }));
  else if (q.state) parts.push(format(m.inPlace, { place: q.state }));
  if (q.salaryMin) parts.push(format(m.salaryFrom, { amount: formatCount(q.salaryMin) }));
  if (q.experience !== undefined)
    parts.push(q.experience === 0 ? m.fresher : format(m.experience, { years: q.experience }));
  return parts.length ? parts.join(', ') : m.anyJob;
}
