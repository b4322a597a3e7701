import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  CloseIcon,
  PauseIcon,
  PlayIcon,
} from '../../../components/ui/icons';
import { assetUrl } from '../../../lib/format';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useHydrated } from '../../../lib/use-hydrated';
import { format, t } from '../../../messages';
import {
  nextIndex,
  previousIndex,
  SLIDE_INTERVAL_MS,
  SLIDE_TRANSITION_S,
  slidesPerView,
} from '../lib/carousel';

const m = t.spas.detail;

const onResize = (cb: () => void) => {
  window.addEventListener('resize', cb);
  return () => window.removeEventListener('resize', cb);
};

function useSlidesPerView(): number {
  return useSyncExternalStore(
    onResize,
    () => slidesPerView(window.innerWidth),
    () => 1,
  );
}

const navBtn =
  'inline-flex size-11 items-center justify-center rounded-full bg-white text-stone-900 shadow-md ring-1 ring-stone-200 hover:bg-stone-50 disabled:opacity-50';

/**
 * The spa's photos: auto-playing (3 s a slide, 0.8 s transition, looping),
 * paused on hover, on focus, by the pause button and under reduced motion.
 * A photo opens full size in a dialog.
 */
export function GalleryCarousel({ images, name }: { images: string[]; name: string }) {
  const total = images.length;
  const perView = Math.min(useSlidesPerView(), total);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  // The server's HTML shows the first photo full width by classes (the Content-Security-Policy blocks style
  // attributes in HTML); positions are set as styles once the browser has taken over.
  const hydrated = useHydrated();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [overlay, setOverlay] = useState<number | null>(null);
  const regionRef = useRef<HTMLElement>(null);
  const titleId = useId();
  const overlayTitleId = useId();

  const last = Math.max(0, total - perView);
  const start = Math.min(index, last);
  const playing = !stopped && !reducedMotion && !hovered && !focused && overlay === null && last > 0;

  useEffect(() => {
    if (!playing) return;
    const id = window.setInterval(
      () => setIndex((i) => nextIndex(Math.min(i, last), total, perView)),
      SLIDE_INTERVAL_MS,
    );
    return () => window.clearInterval(id);
  }, [playing, last, total, perView]);

  if (total === 0) return null;
  const src = (i: number) => assetUrl(images[i]) ?? '';

  return (
    <section
      ref={regionRef}
      aria-roledescription={m.carouselRole}
      aria-labelledby={titleId}
      className="space-y-3"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!regionRef.current?.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={titleId} className="text-xl font-bold text-stone-900">
          {m.gallery}
        </h2>
        {last > 0 && (
          <div className="flex gap-2">
            {!reducedMotion && (
              <button
                type="button"
                className={navBtn}
                aria-label={stopped ? m.play : m.pause}
                onClick={() => setStopped((s) => !s)}
              >
                {stopped ? <PlayIcon size={16} /> : <PauseIcon size={18} />}
              </button>
            )}
            <button
              type="button"
              className={navBtn}
              aria-label={m.previousSlide}
              onClick={() => setIndex(previousIndex(start, total, perView))}
            >
              <ChevronLeftIcon />
            </button>
            <button
              type="button"
              className={navBtn}
              aria-label={m.nextSlide}
              onClick={() => setIndex(nextIndex(start, total, perView))}
            >
              <ChevronRightIcon />
            </button>
          </div>
        )}
      </div>
      <div className="overflow-hidden rounded-xl" aria-live={playing ? 'off' : 'polite'}>
        <ul
          className="-mx-1.5 flex"
          style={
            hydrated
              ? {
                  transform: `translateX(-${(start * 100) / perView}%)`,
                  transition: reducedMotion ? 'none' : `transform ${SLIDE_TRANSITION_S}s ease-in-out`,
                }
              : undefined
          }
          data-testid="carousel-track"
          data-start={start}
        >
          {images.map((img, i) => {
            const visible = i >= start && i < start + perView;
            return (
              <li
                key={`${img}-${i}`}
                aria-roledescription={m.slideRole}
                aria-label={format(m.slide, { n: i + 1, total })}
                aria-hidden={!visible}
                inert={!visible}
                className="w-full shrink-0 px-1.5"
                style={hydrated ? { width: `${100 / perView}%` } : undefined}
              >
                <button
                  type="button"
                  className="block w-full overflow-hidden rounded-xl bg-stone-200"
                  aria-label={format(m.openImage, { n: i + 1, total })}
                  onClick={() => setOverlay(i)}
                >
                  <img
                    src={src(i)}
                    alt={format(m.imageAlt, { name, n: i + 1 })}
                    width={640}
                    height={420}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[32/21] h-auto w-full object-cover transition-transform hover:scale-105"
                  />
                </button>
              </li>
            );
          })}
        </ul>
      </div>
      <Dialog
        open={overlay !== null}
        onClose={() => setOverlay(null)}
        labelledBy={overlayTitleId}
        tone="dark"
        className="max-w-5xl"
      >
        {overlay !== null && (
          <div className="relative p-3 sm:p-4">
            <div className="mb-3 flex items-center justify-between gap-2">
              <h2 id={overlayTitleId} className="text-sm font-semibold text-white sm:text-base">
                {format(m.overlayLabel, { name, n: overlay + 1, total })}
              </h2>
              <button
                type="button"
                onClick={() => setOverlay(null)}
                aria-label={m.closeImage}
                className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20"
              >
                <CloseIcon size={22} />
              </button>
            </div>
            <img
              src={src(overlay)}
              alt={format(m.imageAlt, { name, n: overlay + 1 })}
              width={1280}
              height={840}
              className="mx-auto max-h-[75dvh] w-auto max-w-full rounded-lg object-contain"
            />
            {total > 1 && (
              <div className="mt-3 flex justify-center gap-3">
                <button
                  type="button"
                  className={navBtn}
                  aria-label={m.previousSlide}
                  onClick={() => setOverlay((o) => ((o ?? 0) - 1 + total) % total)}
                >
                  <ChevronLeftIcon />
                </button>
                <button
                  type="button"
                  className={navBtn}
                  aria-label={m.nextSlide}
                  onClick={() => setOverlay((o) => ((o ?? 0) + 1) % total)}
                >
                  <ChevronRightIcon />
                </button>
              </div>
            )}
          </div>
        )}
      </Dialog>
    </section>
  );
}
