'use client';

import { forwardRef, type InputHTMLAttributes } from 'react';
import { formatKzPhone, phoneDigits } from '@/lib/phone';

/** A tel input that understands 8 7XX…, +7 (7XX)… and 7XX… and tidies the number on blur. */
export const PhoneInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function PhoneInput(
  { onBlur, ...props },
  ref,
) {
  return (
    <input
      ref={ref}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="+7 7XX XXX XX XX"
      maxLength={24}
      {...props}
      onBlur={(e) => {
        const d = phoneDigits(e.target.value);
        if (d) e.target.value = formatKzPhone('+' + d);
        onBlur?.(e);
      }}
    />
  );
});
