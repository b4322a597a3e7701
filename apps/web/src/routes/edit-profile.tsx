import { ErrorPanel, LoadingScreen } from '../components/ui/states';
import { RequireAuth } from '../features/auth/components/require-auth';
import { useProfile } from '../features/profile/api/get-profile';
import { DeleteAccountPanel } from '../features/profile/components/delete-account-panel';
import { EditProfileForm } from '../features/profile/components/edit-profile-form';
import { useSession } from '../lib/session';
import { usePageTitle } from '../lib/use-page-title';
import { t } from '../messages';

function EditProfile() {
  const { user } = useSession();
  const profile = useProfile();

  let body;
  if (profile.isPending) body = <LoadingScreen label={t.profile.loadingProfile} />;
  else if (profile.isSuccess) body = <EditProfileForm initial={profile.data} />;
  // Spec section 8: fall back to the signed-in summary, else say it failed.
  else if (user) body = <EditProfileForm initial={user} notice={t.profile.outdated} />;
  else
    body = (
      <ErrorPanel
        title={t.profile.formLoadFailed}
        onRetry={() => void profile.refetch()}
        retryLabel={t.dashboard.retry}
      />
    );

  return (
    <div className="mx-auto max-w-3xl px-3 py-6 sm:px-4 sm:py-10">
      <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">{t.profile.editTitle}</h1>
      <p className="mt-1 mb-6 text-stone-700">{t.profile.editIntro}</p>
      {body}
      <DeleteAccountPanel />
    </div>
  );
}

export default function EditProfilePage() {
  usePageTitle(t.profile.editTitle);
  return (
    <RequireAuth>
      <EditProfile />
    </RequireAuth>
  );
}
