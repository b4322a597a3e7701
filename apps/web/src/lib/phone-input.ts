import type { ChangeEvent } from 'react';
import { keepTenDigits } from '@spajobs/contract/fields';

/**
 * The onChange for a 10-digit phone field: clears its error and keeps digits
 * only, at most 10, as the candidate types (spec section 5).
 */
export function tenDigitPhoneOnChange(clearError: () => void, setDigits: (digits: string) => void) {
  return {
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      clearError();
      const digits = keepTenDigits(e.target.value);
      if (digits !== e.target.value) setDigits(digits);
    },
  };
}
