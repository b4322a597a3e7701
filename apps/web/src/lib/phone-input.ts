import type { ChangeEvent } from 'react';
import { tenDigitPhoneInput } from '@spajobs/contract/phone';

/**
 * The onChange for a 10-digit phone field: clears its error and keeps the
 * national number as the candidate types or pastes: digits only, at most 10
 * (spec section 5), after dropping +91, 91 or a leading 0. The field must
 * not set maxLength, or the browser would cut a pasted "+91 98200 55555"
 * before this sees it.
 */
export function tenDigitPhoneOnChange(clearError: () => void, setDigits: (digits: string) => void) {
  return {
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      clearError();
      const digits = tenDigitPhoneInput(e.target.value);
      if (digits !== e.target.value) setDigits(digits);
    },
  };
}

/** The attributes every phone field shares: the phone keypad and the phone autofill. */
export const phoneFieldProps = {
  type: 'tel',
  inputMode: 'tel',
  autoComplete: 'tel',
} as const;
