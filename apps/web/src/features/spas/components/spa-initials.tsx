import { cn } from '../../../lib/cn';
import { t } from '../../../messages';

/** Soft backgrounds with dark text, chosen by the name, so each spa keeps its colour. */
const TONES = [
  'bg-brand-100 text-brand-900',
  'bg-amber-100 text-amber-900',
  'bg-emerald-100 text-emerald-900',
  'bg-sky-100 text-sky-900',
  'bg-rose-100 text-rose-900',
  'bg-violet-100 text-violet-900',
];

/** Up to two letters from the first words of the name: "Lotus Day Spa" → "LD". */
export function spaInitials(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return (words.length > 1 ? words[0]![0]! + words[1]![0]! : (words[0]?.slice(0, 2) ?? '?')).toUpperCase();
}

function toneOf(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.codePointAt(0)!) >>> 0;
  return TONES[h % TONES.length]!;
}

/** What stands in for a spa without a logo: its initials, drawn (the spec's "No Image" placeholder). */
export function SpaInitials({ name, className }: { name: string; className?: string }) {
  return (
    <div
      role="img"
      aria-label={t.spas.card.noImage}
      className={cn('flex items-center justify-center font-bold tracking-wide', toneOf(name), className)}
    >
      <span aria-hidden="true">{spaInitials(name)}</span>
    </div>
  );
}
