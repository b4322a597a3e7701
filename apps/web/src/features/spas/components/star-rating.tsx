import { StarIcon } from '../../../components/ui/icons';
import { formatRating } from '../../../lib/format';
import { format, t } from '../../../messages';

const FIVE = [0, 1, 2, 3, 4];
/**
 * The filled part's width in steps of 5 % (a quarter of a star), as classes: pages rendered on the server
 * may not carry style attributes, which the Content-Security-Policy blocks.
 */
const FILLED = [
  'w-[0%]',
  'w-[5%]',
  'w-[10%]',
  'w-[15%]',
  'w-[20%]',
  'w-[25%]',
  'w-[30%]',
  'w-[35%]',
  'w-[40%]',
  'w-[45%]',
  'w-[50%]',
  'w-[55%]',
  'w-[60%]',
  'w-[65%]',
  'w-[70%]',
  'w-[75%]',
  'w-[80%]',
  'w-[85%]',
  'w-[90%]',
  'w-[95%]',
  'w-[100%]',
];

/** Five stars filled to the rating (clamped 0–5), the one-decimal value and the review count. */
export function StarRating({
  rating,
  reviews,
  size = 16,
}: {
  rating: number;
  reviews?: number;
  size?: number;
}) {
  const value = formatRating(rating);
  const pct = (Number(value) / 5) * 100;
  return (
    <div className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-sm">
      <span
        role="img"
        aria-label={format(t.spas.card.rating, { rating: value })}
        className="relative inline-flex"
      >
        <span className="flex text-stone-300">
          {FIVE.map((i) => (
            <StarIcon key={i} size={size} />
          ))}
        </span>
        <span
          className={`absolute inset-y-0 left-0 flex overflow-hidden text-amber-500 ${FILLED[Math.round(pct / 5)]}`}
        >
          {FIVE.map((i) => (
            <StarIcon key={i} size={size} className="shrink-0" />
          ))}
        </span>
      </span>
      <span aria-hidden="true" className="font-semibold text-stone-900">
        {value}
      </span>
      {reviews !== undefined && (
        <span className="text-stone-600">
          {reviews === 1 ? t.spas.card.reviewsOne : format(t.spas.card.reviews, { count: reviews })}
        </span>
      )}
    </div>
  );
}
