// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as appLooks from './button-classes';
import * as formLooks from './button-classes-form';
import * as landingLooks from './button-classes-landing';
import { Button, buttonClass } from './button';

const set = (classes: string) => new Set(classes.split(/\s+/).filter(Boolean));

// The copies the kit replaced, as they were written: the kit must draw each of them the same.
const BEFORE = {
  landingPrimary:
    'inline-flex min-h-12 items-center justify-center rounded-xl bg-brand-dark px-6 py-3 text-center text-base font-semibold text-white shadow-sm transition-colors duration-150 hover:bg-[#005a9c]',
  landingSecondary:
    'inline-flex min-h-12 items-center justify-center rounded-xl border border-brand-dark/40 bg-white px-6 py-3 text-center text-base font-semibold text-brand-dark transition-colors duration-150 hover:border-brand-dark hover:bg-brand-tint',
  wizardPrimary:
    'inline-flex min-h-12 items-center justify-center rounded-xl bg-brand-dark px-6 py-3 text-base font-medium text-white transition-colors duration-150 hover:bg-[#005a9c] disabled:cursor-not-allowed disabled:opacity-70',
  wizardBack:
    'inline-flex min-h-12 items-center justify-center rounded-xl border border-line bg-white px-6 py-3 text-base font-medium text-brand-dark transition-colors duration-150 hover:bg-brand-tint disabled:cursor-not-allowed disabled:opacity-70',
  submit:
    'flex items-center justify-center gap-2 rounded-xl bg-brand-dark px-6 py-3.5 text-base font-medium text-white transition-colors duration-150 hover:bg-[#005a9c] disabled:opacity-80',
  notFound: 'mt-8 rounded-xl bg-brand-dark px-6 py-3 font-medium text-white transition-colors duration-150 hover:bg-[#005a9c]',
  linkRetry: 'mt-5 rounded-xl border border-brand-dark px-6 py-3 font-medium text-brand-dark transition-colors duration-150 hover:bg-brand-tint',
  headerCta: 'hidden rounded-xl bg-brand-dark px-4 py-2.5 text-sm font-medium whitespace-nowrap text-white transition-colors duration-150 hover:bg-[#005a9c] lg:inline-block',
  headerCabinet: 'hidden rounded-xl border border-brand-dark px-4 py-2.5 text-sm font-medium text-brand-dark transition-colors duration-150 hover:bg-brand-tint lg:inline-block',
  promoApply: 'shrink-0 rounded-xl bg-brand-dark px-5 py-3 font-medium text-white transition-colors duration-150 hover:bg-[#005a9c] disabled:opacity-70',
  teacherHero: 'w-full rounded-xl bg-brand-dark px-6 py-3.5 text-center text-base font-semibold text-white transition-colors duration-150 hover:bg-ink sm:w-auto',
  teacherHeroSecondary:
    'w-full rounded-xl border border-brand-dark bg-white px-6 py-3.5 text-center text-base font-semibold text-brand-dark transition-colors duration-150 hover:bg-brand-tint sm:w-auto',
  ghost: 'text-sm font-medium text-brand-dark underline-offset-2 hover:underline',
};

describe('buttonClass draws the buttons it replaced exactly as before', () => {
  it.each([
    ['landingPrimary', buttonClass('primary', { tone: 'landing' })],
    ['landingSecondary', buttonClass('secondary', { tone: 'landing' })],
    ['wizardPrimary', buttonClass('primary', { size: 'touch', className: 'disabled:cursor-not-allowed disabled:opacity-70' })],
    ['wizardBack', buttonClass('quiet', { size: 'touch', className: 'disabled:cursor-not-allowed disabled:opacity-70' })],
    ['submit', buttonClass('primary', { size: 'lg', className: 'flex items-center justify-center gap-2 disabled:opacity-80' })],
    ['notFound', buttonClass('primary', { className: 'mt-8' })],
    ['linkRetry', buttonClass('secondary', { className: 'mt-5' })],
    ['headerCta', buttonClass('primary', { size: 'sm', className: 'hidden whitespace-nowrap lg:inline-block' })],
    ['headerCabinet', buttonClass('secondary', { size: 'sm', className: 'hidden lg:inline-block' })],
    ['promoApply', buttonClass('primary', { size: 'field', className: 'shrink-0 disabled:opacity-70' })],
    ['teacherHero', buttonClass('primary', { tone: 'teacher', className: 'w-full text-center sm:w-auto' })],
    ['teacherHeroSecondary', buttonClass('secondary', { tone: 'teacher', className: 'w-full text-center sm:w-auto' })],
    ['ghost', buttonClass('ghost', { size: 'sm' })],
  ] as const)('%s', (name, classes) => {
    expect(set(classes)).toEqual(set(BEFORE[name]));
  });
});

describe('the ready-made looks are what buttonClass gives', () => {
  it.each([
    ['landingPrimaryClass', buttonClass('primary', { tone: 'landing' })],
    ['landingSecondaryClass', buttonClass('secondary', { tone: 'landing' })],
    ['primaryClass', buttonClass('primary')],
    ['secondaryClass', buttonClass('secondary')],
    ['touchPrimaryClass', buttonClass('primary', { size: 'touch' })],
    ['touchQuietClass', buttonClass('quiet', { size: 'touch' })],
    ['primaryFieldClass', buttonClass('primary', { size: 'field' })],
    ['primaryLargeClass', buttonClass('primary', { size: 'lg' })],
    ['ghostSmallClass', buttonClass('ghost', { size: 'sm' })],
  ] as const)('%s', (name, classes) => {
    expect({ ...appLooks, ...landingLooks, ...formLooks }[name]).toBe(classes);
  });
});

describe('Button', () => {
  it('is a plain button by default, a submit button when asked', () => {
    render(
      <form>
        <Button>Retry</Button>
        <Button type="submit">Send</Button>
      </form>,
    );
    expect(screen.getByRole('button', { name: 'Retry' }).getAttribute('type')).toBe('button');
    expect(screen.getByRole('button', { name: 'Send' }).getAttribute('type')).toBe('submit');
  });

  it('while busy: disabled, aria-busy, and the spinner hidden from assistive technology', () => {
    const { rerender } = render(
      <Button busy spinner>
        Sending…
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Sending…' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.querySelector('.animate-spin')?.getAttribute('aria-hidden')).toBe('true');
    rerender(<Button spinner>Send</Button>);
    const idle = screen.getByRole('button', { name: 'Send' });
    expect(idle.hasAttribute('disabled')).toBe(false);
    expect(idle.hasAttribute('aria-busy')).toBe(false);
    expect(idle.querySelector('.animate-spin')).toBeNull();
  });
});
