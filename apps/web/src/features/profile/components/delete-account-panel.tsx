import { useState } from 'react';
import { Link } from '../../../lib/locale-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { setFlash } from '../../../lib/flash';
import { useSession } from '../../../lib/session';
import { localePath, t } from '../../../messages';
import { useDeleteAccount } from '../api/delete-account';

/**
 * "Delete my account": asks once more, with the password, then removes the
 * account and everything tied to it, signs out and says so on the sign-in page.
 */
export function DeleteAccountPanel() {
  const m = t.profile.deleteAccount;
  const { signOut } = useSession();
  const remove = useDeleteAccount();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');

  const onDelete = () => {
    remove.mutate(
      { password },
      {
        onSuccess: (res) => {
          // Signed out, then a fresh load of the home page, which says what happened.
          setFlash(res?.message ?? t.rules.accountDeleted);
          signOut();
          window.location.replace(localePath('/'));
        },
      },
    );
  };
  const error = remove.error
    ? remove.error instanceof ApiError && remove.error.status === 403
      ? t.rules.deletePasswordWrong
      : remove.error instanceof ApiError && remove.error.isNetwork
        ? t.common.networkError
        : m.failed
    : undefined;

  return (
    <section
      aria-labelledby="delete-account"
      className="mt-10 rounded-xl border border-red-200 bg-red-50/40 p-5"
    >
      <h2 id="delete-account" className="text-lg font-semibold text-red-900">
        {m.title}
      </h2>
      <p className="mt-1 text-sm text-stone-800">
        {m.text}{' '}
        <Link to="/privacy" className="font-semibold text-brand-800 underline underline-offset-2">
          {m.privacyLink}
        </Link>
      </p>
      {!confirming ? (
        <Button variant="secondary" className="mt-3 text-red-800" onClick={() => setConfirming(true)}>
          {m.start}
        </Button>
      ) : (
        <div className="mt-3 space-y-3">
          <TextField
            label={m.password}
            hint={m.passwordHint}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={error}
          />
          <div className="flex flex-wrap gap-2">
            <Button className="bg-red-700 hover:bg-red-800" onClick={onDelete} disabled={remove.isPending}>
              {remove.isPending ? m.deleting : m.confirm}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)} disabled={remove.isPending}>
              {m.keep}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
