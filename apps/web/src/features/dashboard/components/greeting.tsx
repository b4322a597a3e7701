import { t } from '../../../messages';

/** Spec section 9: before 12 "Good morning", before 18 "Good afternoon", else "Good evening". */
export function greetingFor(hour: number): string {
  if (hour < 12) return t.dashboard.goodMorning;
  if (hour < 18) return t.dashboard.goodAfternoon;
  return t.dashboard.goodEvening;
}

export function Greeting({ firstname, now = new Date() }: { firstname?: string | null; now?: Date }) {
  return (
    <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">
      {greetingFor(now.getHours())}, {firstname?.trim() || t.dashboard.candidate}
    </h1>
  );
}
