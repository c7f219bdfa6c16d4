'use client';

import { forwardRef, useState, type InputHTMLAttributes } from 'react';
import { inputClass } from '@/components/forms/field';

/** A password field with a show/hide button (the button says which state it toggles to). */
export const PasswordInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { showLabel: string; hideLabel: string }>(
  function PasswordInput({ showLabel, hideLabel, id, className, ...props }, ref) {
    const [visible, setVisible] = useState(false);
    return (
      <div className="relative">
        <input ref={ref} id={id} type={visible ? 'text' : 'password'} className={`${className ?? inputClass} pr-14`} {...props} />
        <button
          type="button"
          aria-controls={id}
          aria-pressed={visible}
          aria-label={showLabel}
          title={visible ? hideLabel : showLabel}
          onClick={() => setVisible((v) => !v)}
          className="absolute inset-y-0 right-1 my-auto flex size-11 items-center justify-center rounded-lg text-muted hover:text-ink"
        >
          <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
            <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
            <circle cx="12" cy="12" r="3" />
            {visible && <path d="M4 4l16 16" />}
          </svg>
        </button>
      </div>
    );
  },
);
