/**
 * Jobs carry their salary and experience as text ("₹20,000 - ₹30,000 per
 * month", "1-3 years"). Filtering and sorting need numbers: these read the
 * lowest monthly salary in rupees and the fewest years asked for, the same
 * way on import, in the demo data and wherever a job is written.
 */

const DAYS_WORKED_PER_MONTH = 26;

/** "₹2.4 LPA", "3 lakh per year": a lakh is 1,00,000. */
const LAKH = 100_000;

/**
 * The lowest monthly salary in whole rupees, or null when the text has no
 * amount ("As per experience", "Negotiable").
 */
export function minMonthlySalary(text: string | null | undefined): number | null {
  if (!text) return null;
  const t = text.toLowerCase().replace(/(\d),(?=\d)/g, '$1');
  const amounts = [...t.matchAll(/(\d+(?:\.\d+)?)\s*(k\b|lakhs?\b|lacs?\b|lpa\b|l\b)?/g)].map((m) => {
    const n = Number(m[1]);
    const unit = m[2] ?? '';
    if (unit === 'k') return n * 1000;
    if (unit) return n * LAKH;
    return n;
  });
  const values = amounts.filter((n) => Number.isFinite(n) && n > 0);
  if (values.length === 0) return null;
  let low = Math.min(...values);
  if (/lpa|per\s*(year|annum)|\/\s*(year|yr|annum)|p\.?a\.?\b|annual|yearly/.test(t)) low /= 12;
  else if (/per\s*day|\/\s*day|daily/.test(t)) low *= DAYS_WORKED_PER_MONTH;
  else if (/per\s*hour|\/\s*hour|hourly/.test(t)) low *= DAYS_WORKED_PER_MONTH * 8;
  const monthly = Math.round(low);
  // Below ₹1,000 a month or above ₹10,00,000 is a typo or another unit: not trusted for filtering.
  return monthly >= 1000 && monthly <= 1_000_000 ? monthly : null;
}

/** The fewest years of experience asked for: "Fresher" 0, "1-3 years" 1, "5+ years" 5; null when unsaid. */
export function minExperienceYears(text: string | null | undefined): number | null {
  if (!text) return null;
  const t = text.toLowerCase();
  if (/fresher|no experience|entry/.test(t)) return 0;
  const m = /(\d+(?:\.\d+)?)/.exec(t);
  if (!m) return null;
  const years = /month/.test(t) && !/year/.test(t) ? Number(m[1]) / 12 : Number(m[1]);
  return Number.isFinite(years) && years <= 50 ? Math.floor(years) : null;
}
