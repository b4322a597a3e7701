import type { Profile } from '@spajobs/contract/user';
import { Card } from '../../../components/ui/states';
import { formatDate } from '../../../lib/format';
import { t } from '../../../messages';

/** The candidate's details at a glance; empty ones are left out. */
export function ProfileSummary({ profile }: { profile: Profile }) {
  const rows: [string, string][] = (
    [
      [t.profile.email, profile.email],
      [t.profile.phone, profile.phone],
      [t.profile.gender, profile.gender ?? ''],
      [t.profile.dob, profile.dob ? formatDate(profile.dob) : ''],
      [t.profile.qualification, profile.qualification ?? ''],
      [t.profile.experience, profile.experience ?? ''],
      [t.profile.skills, profile.skills.join(', ')],
    ] as [string, string][]
  ).filter(([, v]) => v);
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-lg font-semibold text-stone-900">{t.profile.details}</h2>
      <dl className="mt-3 space-y-2 text-sm">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt className="text-stone-600">{k}</dt>
            <dd className="break-words font-medium text-stone-900">{v}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
