import { checkResumeUpload, RESUME_ACCEPT } from '@spajobs/contract/files';
import { buttonClass } from '../../../components/ui/button';
import { assetUrl } from '../../../lib/format';
import { t } from '../../../messages';
import { UploadPanel } from './upload-panel';

export function ResumePanel({ path }: { path: string | null }) {
  const href = assetUrl(path);
  return (
    <UploadPanel
      kind="resume"
      title={t.profile.resumeTitle}
      hint={t.profile.resumeHint}
      accept={RESUME_ACCEPT}
      chooseLabel={t.profile.chooseResume}
      uploadLabel={t.profile.uploadResume}
      successText={t.rules.resumeUploaded}
      failureText={t.profile.resumeFailed}
      check={checkResumeUpload}
    >
      {href ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-stone-700">{t.profile.resumeOnFile}</p>
          <a href={href} download className={buttonClass('secondary', 'md')}>
            {t.profile.downloadResume}
          </a>
        </div>
      ) : (
        <p className="text-stone-700">{t.profile.noResume}</p>
      )}
    </UploadPanel>
  );
}
