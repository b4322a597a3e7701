import type { ReactNode } from 'react';

/** The frame of the sign-in, registration and password screens: one centred card, full width on a phone. */
export function AuthCard({
  title,
  intro,
  children,
  footer,
  wide = false,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-stone-50 px-3 py-6 sm:px-4 sm:py-12">
      <div
        className={`mx-auto w-full ${wide ? 'max-w-2xl' : 'max-w-md'} rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8`}
      >
        <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
        {intro && <p className="mt-1 text-stone-700">{intro}</p>}
        <div className="mt-6">{children}</div>
        {footer && <div className="mt-6 border-t border-stone-200 pt-4 text-center text-sm">{footer}</div>}
      </div>
    </div>
  );
}

/** A message above a form's button: an error, or a success. */
export function FormMessage({ kind, children }: { kind: 'error' | 'success'; children: ReactNode }) {
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className={
        kind === 'error'
          ? 'rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800'
          : 'rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800'
      }
    >
      {children}
    </div>
  );
}
