import { useId, useRef, useState } from 'react';
import { MAX_GALLERY_IMAGES, type MySpa } from '@spajobs/contract/employer';
import { checkSpaPicture, PHOTO_ACCEPT } from '@spajobs/contract/files';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { format } from '../../../messages';
import { useSpaPictures } from '../api/spas';
import { employerText as e } from '../messages';

type Outcome = { kind: 'error' | 'success'; text: string } | null;

const errorText = (err: unknown) =>
  err instanceof ApiError && !err.isNetwork && err.message ? err.message : e.pictures.failed;

/** One file input that sends the chosen picture at once, after the browser's own check. */
function PicturePicker(props: { label: string; disabled: boolean; onPick: (file: File) => Promise<void> }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {props.label}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={PHOTO_ACCEPT}
        disabled={props.disabled}
        aria-describedby={`${id}-hint`}
        onChange={(ev) => {
          const file = ev.target.files?.[0];
          if (!file) return;
          void props.onPick(file).finally(() => {
            if (input.current) input.current.value = '';
          });
        }}
        className="block w-full rounded-lg border border-stone-300 bg-white text-sm text-stone-800 file:mr-3 file:min-h-11 file:cursor-pointer file:border-0 file:bg-brand-50 file:px-3 file:font-semibold file:text-brand-800"
      />
      <p id={`${id}-hint`} className="text-xs text-stone-600">
        {e.pictures.hint}
      </p>
    </div>
  );
}

/** The spa's logo and gallery, as its page shows them: change the logo, add and remove pictures. */
export function SpaPictures({ spa }: { spa: MySpa }) {
  const { upload, remove } = useSpaPictures(spa._id);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const busy = upload.isPending || remove.isPending;
  const full = spa.galleryImages.length >= MAX_GALLERY_IMAGES;

  const send = async (what: 'logo' | 'gallery', file: File) => {
    const problem = checkSpaPicture(file);
    if (problem) return setOutcome({ kind: 'error', text: problem });
    setOutcome(null);
    try {
      const r = await upload.mutateAsync({ what, file });
      setOutcome({ kind: 'success', text: r.message });
    } catch (err) {
      setOutcome({ kind: 'error', text: errorText(err) });
    }
  };
  const drop = async (image: string) => {
    setOutcome(null);
    try {
      const r = await remove.mutateAsync(image);
      setOutcome({ kind: 'success', text: r.message });
    } catch (err) {
      setOutcome({ kind: 'error', text: errorText(err) });
    }
  };

  return (
    <div className="mt-3 space-y-4">
      <div className="flex flex-wrap items-start gap-4">
        <div className="size-20 shrink-0 overflow-hidden rounded-xl border border-stone-200 bg-stone-50">
          {spa.logo ? (
            <img
              src={spa.logo}
              alt={format(e.pictures.logoAlt, { name: spa.name })}
              className="size-full object-cover"
            />
          ) : (
            <p className="flex size-full items-center justify-center p-1 text-center text-xs text-stone-600">
              {e.pictures.noLogo}
            </p>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <PicturePicker label={e.pictures.changeLogo} disabled={busy} onPick={(f) => send('logo', f)} />
        </div>
      </div>
      <div className="space-y-2">
        <p className="text-sm font-medium text-stone-800">
          {format(e.pictures.gallery, { n: spa.galleryImages.length, max: MAX_GALLERY_IMAGES })}
        </p>
        {spa.galleryImages.length > 0 && (
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {spa.galleryImages.map((src, i) => (
              <li key={src} className="overflow-hidden rounded-lg border border-stone-200 bg-white">
                <img
                  src={src}
                  alt={format(e.pictures.pictureAlt, { n: i + 1, name: spa.name })}
                  className="aspect-[4/3] w-full object-cover"
                />
                <Button
                  variant="ghost"
                  size="sm"
                  className="w-full"
                  disabled={busy}
                  aria-label={format(e.pictures.removeLabel, { n: i + 1 })}
                  onClick={() => void drop(src)}
                >
                  {e.pictures.remove}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {full ? (
          <p className="text-sm text-stone-700">{e.pictures.full}</p>
        ) : (
          <PicturePicker label={e.pictures.add} disabled={busy} onPick={(f) => send('gallery', f)} />
        )}
      </div>
      {busy && (
        <p role="status" className="text-sm text-stone-700">
          {e.pictures.sending}
        </p>
      )}
      {outcome && (
        <p
          role={outcome.kind === 'error' ? 'alert' : 'status'}
          className={outcome.kind === 'error' ? 'text-sm text-red-700' : 'text-sm font-medium text-green-800'}
        >
          {outcome.text}
        </p>
      )}
    </div>
  );
}
