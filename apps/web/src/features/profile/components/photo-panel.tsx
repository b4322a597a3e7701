import { useState } from 'react';
import { checkPhotoUpload, PHOTO_ACCEPT } from '@spajobs/contract/files';
import { assetUrl } from '../../../lib/format';
import { format, t } from '../../../messages';
import { UploadPanel } from './upload-panel';

/** The stored photo; a broken one becomes an "Image Error" placeholder (spec section 8). */
export function ProfilePhoto({ path, name }: { path: string | null; name: string }) {
  const src = assetUrl(path);
  const [broken, setBroken] = useState<string | null>(null);
  const box = 'flex size-28 items-center justify-center overflow-hidden rounded-full border border-stone-200';
  if (!src) {
    return (
      <div className={`${box} bg-stone-100 text-center text-sm text-stone-600`}>{t.profile.noPhoto}</div>
    );
  }
  if (broken === src) {
    return (
      <div
        role="img"
        aria-label={t.profile.imageError}
        className={`${box} bg-red-50 text-sm font-semibold text-red-800`}
      >
        {t.profile.imageError}
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={format(t.profile.photoAlt, { name })}
      onError={() => setBroken(src)}
      className={`${box} object-cover`}
    />
  );
}

export function PhotoPanel({
  path,
  name,
  onUploaded,
}: {
  path: string | null;
  name: string;
  onUploaded?: (path: string | null) => void;
}) {
  return (
    <UploadPanel
      kind="profileimage"
      title={t.profile.photoTitle}
      hint={t.profile.photoHint}
      accept={PHOTO_ACCEPT}
      chooseLabel={t.profile.choosePhoto}
      uploadLabel={t.profile.uploadPhoto}
      successText={t.rules.photoUpdated}
      failureText={t.profile.photoFailed}
      check={checkPhotoUpload}
      onUploaded={onUploaded}
    >
      <ProfilePhoto path={path} name={name} />
    </UploadPanel>
  );
}
