import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from '../../lib/cn';
import { ruleText } from '../../messages';

const control =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-stone-900 placeholder:text-stone-500 disabled:bg-stone-100 disabled:text-stone-500';
const ok = 'border-stone-300 focus:border-brand-600';
const bad = 'border-red-600';

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean | undefined;
  children: ReactNode;
  className?: string | undefined;
}

/** Label, control, hint and error, wired together for screen readers. */
export function FieldShell({ id, label, error, hint, required, children, className }: FieldShellProps) {
  return (
    <div className={cn('space-y-1', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
        {required && (
          <span aria-hidden="true" className="text-red-700">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {ruleText(error)}
        </p>
      )}
    </div>
  );
}

interface Wiring {
  id?: string | undefined;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean | undefined;
  className?: string | undefined;
  wrapperClassName?: string | undefined;
}

/** The id, ARIA attributes and classes that tie a control to its label, hint and error. */
function useWiring(
  { id, label, error, hint, required, className, wrapperClassName }: Wiring,
  extra?: string,
) {
  const auto = useId();
  const fid = id ?? auto;
  return {
    shell: { id: fid, label, error, hint, required, className: wrapperClassName },
    control: {
      id: fid,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${fid}-error` : hint ? `${fid}-hint` : undefined,
      'aria-required': required || undefined,
      className: cn(control, error ? bad : ok, extra, className),
    },
  };
}

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  wrapperClassName?: string;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, id, className, wrapperClassName, required, ...rest },
  ref,
) {
  const w = useWiring({ id, label, error, hint, required, className, wrapperClassName });
  return (
    <FieldShell {...w.shell}>
      <input ref={ref} {...w.control} {...rest} />
    </FieldShell>
  );
});

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  wrapperClassName?: string;
}

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, hint, id, className, wrapperClassName, required, children, ...rest },
  ref,
) {
  const w = useWiring({ id, label, error, hint, required, className, wrapperClassName });
  return (
    <FieldShell {...w.shell}>
      <select ref={ref} {...w.control} {...rest}>
        {children}
      </select>
    </FieldShell>
  );
});

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  wrapperClassName?: string;
}

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, id, className, wrapperClassName, required, ...rest },
  ref,
) {
  const w = useWiring({ id, label, error, hint, required, className, wrapperClassName }, 'min-h-28');
  return (
    <FieldShell {...w.shell}>
      <textarea ref={ref} {...w.control} {...rest} />
    </FieldShell>
  );
});
