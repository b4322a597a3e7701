import type { Spa } from '@spajobs/contract/spa';
import { MapPinIcon } from '../../../components/ui/icons';
import { format, t } from '../../../messages';
import { mapEmbedUrl } from '../lib/spa-display';

/** The spa's map: its own embed link, else one from its coordinates, else "Map location not available". */
export function SpaMap({ spa }: { spa: Spa }) {
  const src = mapEmbedUrl(spa);
  if (!src) {
    return (
      <div className="flex h-64 items-center justify-center gap-2 rounded-xl border border-dashed border-stone-300 bg-white text-stone-700">
        <MapPinIcon size={18} />
        {t.spas.detail.mapUnavailable}
      </div>
    );
  }
  return (
    <iframe
      title={format(t.spas.detail.mapTitle, { name: spa.name })}
      src={src}
      width={800}
      height={320}
      loading="lazy"
      referrerPolicy="no-referrer-when-downgrade"
      className="h-80 w-full rounded-xl border border-stone-200 bg-stone-100"
    />
  );
}
