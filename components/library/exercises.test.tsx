// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it, vi } from 'vitest';
import english from '@/content/library/english-a1.json';
import kk from '@/messages/kk.json';
import { checkAnswer, publicStep } from '@/lib/library/check';
import { stepSchema, type Step } from '@/lib/library/format';
import { StepView } from './exercise-step';
import type { CheckResult } from './types';

const X = kk.Exercises;
const steps = english.units.flatMap((u) => u.steps.map((s) => stepSchema.parse(s)));
const first = <K extends Step['kind']>(kind: K) => steps.find((s): s is Extract<Step, { kind: K }> => s.kind === kind)!;

function show(step: Step, props: { verdict?: CheckResult | null; readOnly?: boolean; showKey?: boolean; onAnswer?: (a: unknown) => void } = {}) {
  return render(
    <NextIntlClientProvider locale="kk" messages={kk}>
      <StepView step={publicStep(step)} {...props} />
    </NextIntlClientProvider>,
  );
}

describe('the exercise components (kk)', () => {
  it('render every starter step from publicStep: the key is not in the markup before the verdict', () => {
    for (const step of steps) {
      const { container, unmount } = show(step, { onAnswer: () => {} });
      const html = container.innerHTML;
      if (step.kind === 'order') expect(container.querySelector('[data-testid=order-sentence]')!.textContent).toBe('');
      if (step.kind === 'matching') expect(container.querySelectorAll('select option:checked[value=""]').length).toBe(step.pairs.length);
      if (step.kind === 'gap') for (const accepted of step.answer) expect(html).not.toContain(`value="${accepted[0]}"`);
      expect(html).not.toContain(X.key);
      unmount();
    }
  });

  it('choice: the chosen option is sent; the verdict and the key are announced', () => {
    const step = first('choice');
    const onAnswer = vi.fn();
    const view = show(step, { onAnswer });
    const wrong = step.answer === 0 ? 1 : 0;
    fireEvent.click(screen.getByLabelText(step.options[wrong]!));
    fireEvent.click(screen.getByRole('button', { name: X.check }));
    expect(onAnswer).toHaveBeenCalledWith(wrong);
    view.rerender(
      <NextIntlClientProvider locale="kk" messages={kk}>
        <StepView step={publicStep(step)} verdict={checkAnswer(step, wrong)} onAnswer={onAnswer} />
      </NextIntlClientProvider>,
    );
    expect(screen.getByRole('status').textContent).toContain(X.wrong);
    expect(screen.getByRole('status').textContent).toContain(step.options[step.answer]);
  });

  it('order: words are buttons; tapping them in order builds the sentence the server accepts', () => {
    const step = first('order');
    const onAnswer = vi.fn();
    show(step, { onAnswer });
    const bank = () => screen.getByTestId('order-bank');
    for (const word of step.answer.split(' ')) {
      const button = [...bank().querySelectorAll('button')].find((b) => b.textContent === word)!;
      act(() => button.click());
    }
    fireEvent.click(screen.getByRole('button', { name: X.check }));
    const sent = onAnswer.mock.calls[0]![0] as string[];
    expect(checkAnswer(step, sent).correct).toBe(true);
  });

  it('gap: each gap is a named field; matching: a select per left item; both send what the server checks', () => {
    const gap = first('gap');
    const onGap = vi.fn();
    const g = show(gap, { onAnswer: onGap });
    gap.answer.forEach((accepted, i) => fireEvent.change(screen.getByLabelText(X.gapLabel.replace('{n}', String(i + 1)).replace('{count}', String(gap.answer.length))), { target: { value: accepted[0] } }));
    fireEvent.click(screen.getByRole('button', { name: X.check }));
    expect(checkAnswer(gap, onGap.mock.calls[0]![0]).correct).toBe(true);
    g.unmount();
    const matching = first('matching');
    const onMatch = vi.fn();
    show(matching, { onAnswer: onMatch });
    matching.pairs.forEach(([left, right]) => fireEvent.change(screen.getByLabelText(left), { target: { value: right } }));
    fireEvent.click(screen.getByRole('button', { name: X.check }));
    expect(checkAnswer(matching, onMatch.mock.calls[0]![0]).correct).toBe(true);
  });

  it('writing counts words against the minimum; read-only shows no button at all', () => {
    const step = first('writing');
    const onAnswer = vi.fn();
    const v = show(step, { onAnswer });
    const send = screen.getByRole('button', { name: X.send }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(X.yourText), { target: { value: Array.from({ length: step.minWords ?? 1 }, () => 'word').join(' ') } });
    expect(send.disabled).toBe(false);
    v.unmount();
    show(first('choice'), { readOnly: true });
    expect(screen.queryByRole('button')).toBeNull();
    expect((screen.getAllByRole('radio')[0] as HTMLInputElement).disabled).toBe(true);
  });

  it("an author's preview shows each exercise's key as the key (checkAnswer with no answer), never as a wrong answer, with nothing to press", () => {
    for (const step of steps.filter((s) => ['choice', 'gap', 'matching', 'order'].includes(s.kind))) {
      const { container, unmount } = show(step, { readOnly: true, showKey: true, verdict: checkAnswer(step, null) });
      const text = container.textContent ?? '';
      expect(text).toContain(X.key);
      expect(text).not.toContain(X.wrong);
      if (step.kind === 'order') expect(text).toContain(step.answer);
      if (step.kind === 'choice') expect(screen.getByTestId('verdict').textContent).toContain(step.options[step.answer]);
      expect(container.querySelector('button[type=submit]')).toBeNull();
      unmount();
    }
  });
  it("a text's and a grammar note's picture: its description in the student's language, alt=\"\" without one, fetched lazily and never wider than the phone", () => {
    const alt = { ru: 'Девочка машет рукой', kk: 'Қыз қол бұлғап тұр', en: 'A girl waving' };
    const text = { ...first('text'), image: 'i-aaaaaaaaaaaaaaaa.webp', imageAlt: alt };
    const t = show(text);
    const img = screen.getByRole('img', { name: alt.kk }) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/api/media/images/i-aaaaaaaaaaaaaaaa.webp');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.className).toMatch(/\bmax-w-full\b/);
    expect(img.className).toMatch(/\bmax-h-/);
    // After the title, before the text.
    const article = t.container.querySelector('article')!;
    expect([...article.children].map((e) => e.tagName)[text.title ? 1 : 0]).toBe('IMG');
    t.unmount();
    // Without a description it only decorates: alt="" (no name for a screen reader to read).
    const grammar = { ...first('grammar'), image: 'i-bbbbbbbbbbbbbbbb.webp' };
    const g = show(grammar);
    const decorative = g.container.querySelector('img')!;
    expect(decorative.getAttribute('alt')).toBe('');
    expect(decorative.getAttribute('src')).toBe('/api/media/images/i-bbbbbbbbbbbbbbbb.webp');
    expect(screen.queryByRole('img')).toBeNull();
    g.unmount();
    // No picture, nothing drawn.
    const { container } = show(first('text'));
    expect(container.querySelector('img')).toBeNull();
  });
});
