import type { ComponentProps } from 'react';
import { Link, type LinkProps } from '@/i18n/navigation';

// The site's buttons and button-like links. No 'use client': server components render Button,
// ButtonLink and ButtonAnchor at no cost to the browser. Client islands of the public pages take a
// ready-made look from button-classes*.ts for their own element, so their JavaScript carries only
// the strings they use, never the whole table (the bundler keeps a module whole once imported).
//
// Three families of the same two buttons, kept as they were drawn: `app` (forms, account pages,
// error pages, tariffs), `landing` (the student and home landings and the tests: semibold, centred,
// a 48 px target, a softer outline) and `teacher` (the tutor landing: semibold, ink on hover).
// White text sits on brand-dark (#0070c2), which passes AA at any size.

export type ButtonVariant = 'primary' | 'secondary' | 'quiet' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'field' | 'touch';
export type ButtonTone = 'app' | 'landing' | 'teacher';

export interface ButtonStyle {
  variant?: ButtonVariant;
  /** Padding and text size; `app` defaults to md, `landing` to touch, `teacher` to lg. */
  size?: ButtonSize;
  tone?: ButtonTone;
  /** Layout and state classes of the place (margins, width, `disabled:` looks). */
  className?: string;
}

const BASE = 'rounded-xl transition-colors duration-150';

const APP_PRIMARY = 'bg-brand-dark font-medium text-white hover:bg-[#005a9c]';
const APP_SECONDARY = 'border border-brand-dark font-medium text-brand-dark hover:bg-brand-tint';
const LANDING_PRIMARY = 'bg-brand-dark text-center font-semibold text-white shadow-sm hover:bg-[#005a9c]';
const LANDING_SECONDARY = 'border border-brand-dark/40 bg-white text-center font-semibold text-brand-dark hover:border-brand-dark hover:bg-brand-tint';

const COLOURS: Record<ButtonTone, Partial<Record<Exclude<ButtonVariant, 'ghost'>, string>>> = {
  app: {
    primary: APP_PRIMARY,
    secondary: APP_SECONDARY,
    quiet: 'border border-line bg-white font-medium text-brand-dark hover:bg-brand-tint',
  },
  landing: { primary: LANDING_PRIMARY, secondary: LANDING_SECONDARY },
  teacher: {
    primary: 'bg-brand-dark font-semibold text-white hover:bg-ink',
    secondary: 'border border-brand-dark bg-white font-semibold text-brand-dark hover:bg-brand-tint',
  },
};

const MD = 'px-6 py-3';
const LG = 'px-6 py-3.5 text-base';
const FIELD = 'px-5 py-3';
const TOUCH = 'inline-flex min-h-12 items-center justify-center px-6 py-3 text-base';

const SIZES: Record<ButtonSize, string> = {
  sm: 'px-4 py-2.5 text-sm',
  md: MD,
  lg: LG,
  /** Beside a text field, in one row with it. */
  field: FIELD,
  /** At least 48 px high, the label centred. */
  touch: TOUCH,
};

const DEFAULT_SIZE: Record<ButtonTone, ButtonSize> = { app: 'md', landing: 'touch', teacher: 'lg' };

const GHOST = 'font-medium text-brand-dark underline-offset-2 hover:underline';

/** The class names of a button, for places that keep their own element (CabinetLink, a `<summary>`). */
export function buttonClass(variant: ButtonVariant = 'primary', { size, tone = 'app', className }: Omit<ButtonStyle, 'variant'> = {}): string {
  const parts =
    variant === 'ghost'
      ? [GHOST, size === 'sm' ? 'text-sm' : '']
      : [BASE, COLOURS[tone][variant] ?? COLOURS.app[variant], SIZES[size ?? DEFAULT_SIZE[tone]]];
  return [...parts, className].filter(Boolean).join(' ');
}

export type ButtonProps = Omit<ComponentProps<'button'>, 'className'> &
  ButtonStyle & {
    /** A call runs: disabled and aria-busy; with `spinner`, a spinner before the label. */
    busy?: boolean;
    /** Show a spinner while busy (lay the button out as flex with a gap, e.g. `flex items-center justify-center gap-2`). */
    spinner?: boolean;
  };

export function Button({ variant, size, tone, className, busy = false, spinner = false, disabled, type = 'button', children, ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={buttonClass(variant, { size, tone, className })}
      {...rest}
    >
      {busy && spinner && <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />}
      {children}
    </button>
  );
}

/** A link that looks like a button, to a page of the site (`Link` from '@/i18n/navigation'). */
export function ButtonLink({ variant, size, tone, className, ...rest }: Omit<LinkProps, 'className'> & ButtonStyle) {
  return <Link className={buttonClass(variant, { size, tone, className })} {...rest} />;
}

/** A plain `<a>` that looks like a button: an #anchor on the page, another site, a file. */
export function ButtonAnchor({ variant, size, tone, className, ...rest }: Omit<ComponentProps<'a'>, 'className'> & ButtonStyle) {
  return <a className={buttonClass(variant, { size, tone, className })} {...rest} />;
}
