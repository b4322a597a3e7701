import { useState } from 'react';
import { Link } from '../../../lib/locale-router';
import { DEFAULT_RADIUS_KM } from '../lib/constants';
import { Button, buttonClass } from '../../../components/ui/button';
import { CrosshairIcon, MapPinIcon } from '../../../components/ui/icons';
import { ErrorPanel } from '../../../components/ui/states';
import { CityPicker } from '../../../components/city-picker';
import { useChosenPlace } from '../../../lib/chosen-place';
import { formatCappedCount, formatCount } from '../../../lib/format';
import { useGeolocation, type GeoFailure } from '../../../lib/use-geolocation';
import { format, t } from '../../../messages';
import { useAllSpas } from '../api/get-all-spas';
import { useNearbySpas } from '../api/get-nearby-spas';
import { useReverseGeocode } from '../api/reverse-geocode';
import { RadiusSelect } from './radius-select';
import { SpaCard, SpaCardSkeleton } from './spa-card';

const SHOWN = 6;
const m = t.spas.nearby;

const REASONS: Record<GeoFailure, string> = m.reasons;

function SpaGrid({ children }: { children: React.ReactNode }) {
  return <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{children}</ul>;
}

/** The count line and the cards' places, at their final sizes. */
function Skeletons({ n = SHOWN }: { n?: number }) {
  return (
    <>
      <div aria-hidden="true" className="h-6" />
      <SpaGrid>
        {Array.from({ length: n }, (_, i) => (
          <li key={i}>
            <SpaCardSkeleton />
          </li>
        ))}
      </SpaGrid>
    </>
  );
}

/**
 * Home's nearby spas: the browser's position, its city name, spas within the
 * chosen radius. When the position cannot be had, the candidate can choose a
 * city instead (remembered on the device), and meanwhile sees every spa.
 */
export function NearbySpas() {
  const geo = useGeolocation();
  const { chosen, choose } = useChosenPlace();
  const [picking, setPicking] = useState(false);
  const [radius, setRadius] = useState<number>(DEFAULT_RADIUS_KM);
  const [draftRadius, setDraftRadius] = useState<number>(DEFAULT_RADIUS_KM);
  const device = geo.state.status === 'granted' ? { lat: geo.state.lat, lng: geo.state.lng } : null;
  // The device's position wins; a city chosen by hand stands in for it.
  const pos = device ?? (chosen ? { lat: chosen.lat, lng: chosen.lng } : null);
  const failed = geo.state.status === 'failed' ? geo.state.reason : null;
  const place = useReverseGeocode(device);
  const near = useNearbySpas(pos ? { ...pos, radius, limit: SHOWN } : null);
  const all = useAllSpas(1, SHOWN, failed !== null && !pos);

  const placeName = device
    ? place.data
      ? `${place.data.city}, ${place.data.state}`
      : m.yourLocation
    : chosen
      ? `${chosen.city}, ${chosen.state}`
      : m.yourLocation;
  const empty = near.data?.count === 0;
  // Beyond the count's cap (decision 86): "1,000+".
  const countText = near.data ? formatCappedCount(near.data.count, near.data.countCapped) : '';
  const cityPicker = (
    <CityPicker
      className="max-w-md"
      onChoose={(c) => {
        choose(c);
        setPicking(false);
      }}
    />
  );

  return (
    <section aria-labelledby="nearby-title" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="nearby-title" className="text-2xl font-bold text-stone-900">
            {m.title}
          </h2>
          <p className="mt-1 flex min-h-6 items-center gap-1.5 text-stone-700" aria-live="polite">
            <MapPinIcon size={16} className="shrink-0 text-brand-700" />
            {pos
              ? format(m.near, { place: placeName })
              : geo.state.status === 'locating'
                ? m.locating
                : m.allSpasTitle}
            {!device && chosen && (
              <button
                type="button"
                onClick={() => setPicking((v) => !v)}
                className="ml-2 min-h-11 font-semibold text-brand-800 underline underline-offset-2"
              >
                {t.common.cityPicker.change}
              </button>
            )}
          </p>
        </div>
        <div className="flex items-end gap-2">
          {/* Always laid out, so the row does not move when the position arrives; hidden while the
              "No spas found nearby" panel shows its own radius select. */}
          <div className={empty ? 'invisible' : undefined} aria-hidden={empty || undefined} inert={empty}>
            <RadiusSelect
              value={radius}
              disabled={!pos || empty}
              onChange={(km) => {
                const v = km ?? DEFAULT_RADIUS_KM;
                setRadius(v);
                setDraftRadius(v);
              }}
              className="w-32"
            />
          </div>
          <Button
            variant="secondary"
            onClick={geo.request}
            disabled={geo.state.status === 'locating'}
            className="min-w-0"
          >
            <CrosshairIcon size={18} />
            {pos ? m.updateLocation : m.useMyLocation}
          </Button>
        </div>
      </div>

      {picking && !device && cityPicker}
      {!pos && (geo.state.status === 'locating' || geo.state.status === 'idle') ? (
        <Skeletons />
      ) : pos ? (
        near.isPending ? (
          <Skeletons />
        ) : near.isError ? (
          <ErrorPanel title={m.errorTitle} message={m.errorText} onRetry={() => void near.refetch()} />
        ) : empty ? (
          <div className="rounded-xl border border-dashed border-stone-300 bg-white p-6 text-center">
            <h3 className="text-lg font-semibold text-stone-900">{m.emptyTitle}</h3>
            <p className="mt-2 text-stone-700">{m.emptyText}</p>
            <div className="mx-auto mt-4 flex max-w-xs items-end justify-center gap-2">
              <RadiusSelect
                value={draftRadius}
                onChange={(km) => setDraftRadius(km ?? DEFAULT_RADIUS_KM)}
                className="flex-1"
              />
              <Button
                onClick={() => {
                  if (draftRadius === radius) void near.refetch();
                  else setRadius(draftRadius);
                }}
              >
                {m.searchAgain}
              </Button>
            </div>
          </div>
        ) : (
          <>
            <p className="font-medium text-stone-800">
              {/* The count says what is shown when there are more than the cards. */}
              {near.data.count > near.data.data.length
                ? format(m.countShown, {
                    shown: near.data.data.length,
                    count: countText,
                    km: radius,
                  })
                : near.data.count === 1
                  ? format(m.countOne, { km: radius })
                  : format(m.count, { count: countText, km: radius })}
            </p>
            <SpaGrid>
              {near.data.data.map((spa) => (
                <li key={spa._id}>
                  <SpaCard spa={spa} />
                </li>
              ))}
            </SpaGrid>
            {near.data.count > near.data.data.length && (
              <div className="text-center">
                <Link to="/spas" className={buttonClass('secondary')}>
                  {m.seeAll}
                </Link>
              </div>
            )}
          </>
        )
      ) : (
        <>
          <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-5 sm:p-6">
            <h3 className="text-lg font-semibold text-amber-950">{m.deniedTitle}</h3>
            <p className="mt-1 text-amber-950">{m.deniedText}</p>
            {failed && (
              <p className="mt-1 text-sm text-amber-900">{format(m.reason, { reason: REASONS[failed] })}</p>
            )}
            <Button variant="secondary" className="mt-3" onClick={geo.request}>
              {t.common.tryAgain}
            </Button>
            <div className="mt-4 border-t border-amber-200 pt-4">{cityPicker}</div>
          </div>
          {all.isPending ? (
            <Skeletons />
          ) : all.isError ? (
            <ErrorPanel title={m.errorTitle} message={m.errorText} onRetry={() => void all.refetch()} />
          ) : (
            <>
              <p className="font-medium text-stone-800">
                {format(m.allSpasCount, { shown: all.data.data.length, total: formatCount(all.data.total) })}
              </p>
              <SpaGrid>
                {all.data.data.map((spa) => (
                  <li key={spa._id}>
                    <SpaCard spa={spa} />
                  </li>
                ))}
              </SpaGrid>
              <div className="text-center">
                <Link to="/spas" className={buttonClass('secondary')}>
                  {m.seeAll}
                </Link>
              </div>
            </>
          )}
        </>
      )}
    </section>
  );
}
