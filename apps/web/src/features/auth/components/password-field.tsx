import { forwardRef, useId, useState, type InputHTMLAttributes } from 'react';
import { FieldShell } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';
import { t } from '../../../messages';

export interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  error?: string | undefined;
  hint?: string;
}

/** A password input with a show/hide toggle. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { label, error, hint, id, required, className, ...rest },
  ref,
) {
  const auto = useId();
  const fid = id ?? auto;
  const [shown, setShown] = useState(false);
  return (
    <FieldShell id={fid} label={label} error={error} hint={hint} required={required}>
      <div className="relative">
        <input
          ref={ref}
          id={fid}
          type={shown ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fid}-error` : hint ? `${fid}-hint` : undefined}
          aria-required={required || undefined}
          className={cn(
            'block w-full rounded-lg border bg-white py-2.5 pl-3 pr-20 text-base text-stone-900 placeholder:text-stone-500',
            error ? 'border-red-600' : 'border-stone-300 focus:border-brand-600',
            className,
          )}
          {...rest}
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-label={shown ? t.auth.hidePassword : t.auth.showPassword}
          aria-controls={fid}
          className="absolute inset-y-0 right-0 flex min-w-16 items-center justify-center rounded-r-lg px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
        >
          {shown ? t.auth.hide : t.auth.show}
        </button>
      </div>
    </FieldShell>
  );
});
