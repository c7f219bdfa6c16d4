// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { atPage } from '@/test/next-navigation';
import en from '@/messages/en.json';
import kk from '@/messages/kk.json';
import ru from '@/messages/ru.json';
import { LocaleProvider } from '@/i18n/navigation';
import type { Unit } from '@/lib/library/format';
import { UnitEditor } from './unit-editor';

const EXERCISES = { ru: { Exercises: ru.Exercises }, kk: { Exercises: kk.Exercises }, en: { Exercises: en.Exercises } };

const UNIT: Unit = {
  id: 'hello',
  title: { ru: 'Привет', kk: 'Сәлем', en: 'Hello' },
  steps: [{ kind: 'choice', id: 'be-i', prompt: { ru: 'Выберите.', kk: 'Таңдаңыз.', en: 'Choose.' }, question: 'I ___ a student.', options: ['am', 'is'], answer: 0 }],
};

function renderEditor(locale: 'en' | 'kk', props: Partial<Parameters<typeof UnitEditor>[0]> = {}) {
  return render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : kk}>
      <LocaleProvider locale={locale}>
        <UnitEditor courseId={3} unitId={null} initial={null} published={false} exerciseMessages={EXERCISES} {...props} />
      </LocaleProvider>
    </NextIntlClientProvider>,
  );
}

const okFetch = () => vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(async () => new Response(JSON.stringify({ outcome: 'new_version', version: 2, unit: { id: 9 } }), { status: 200, headers: { 'content-type': 'application/json' } }));

beforeEach(() => void atPage('/admin/library/units/5'));
afterEach(() => vi.unstubAllGlobals());

describe('the unit editor (the course file’s schema in the browser, then the unit routes)', () => {
  it('shows each problem next to its field in the reader’s language and sends nothing', async () => {
    const fetch = okFetch();
    vi.stubGlobal('fetch', fetch);
    renderEditor('kk');
    const E = kk.Admin.library.editor;
    fireEvent.change(screen.getByLabelText(E.newStepKind), { target: { value: 'choice' } });
    fireEvent.click(screen.getByRole('button', { name: E.addStep }));
    fireEvent.click(screen.getByRole('button', { name: E.create }));
    const step = screen.getByTestId('step-0');
    const question = within(step).getByLabelText(E.question);
    expect(question.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(question.getAttribute('aria-describedby')!)!.textContent).toBe(kk.Validation.required);
    expect(screen.getByTestId('unit-status').textContent).toMatch(/Ештеңе сақталмады/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps a step’s id for a typo, gives it a new one when its key changes, and saves by PUT', async () => {
    const fetch = okFetch();
    vi.stubGlobal('fetch', fetch);
    renderEditor('en', { unitId: 5, initial: UNIT, published: true });
    const E = en.Admin.library.editor;
    expect(screen.getByText(E.publishedNote)).toBeTruthy();
    const step = screen.getByTestId('step-0');
    fireEvent.change(within(step).getByLabelText(E.question), { target: { value: 'I ___ a student!' } });
    fireEvent.click(screen.getByRole('button', { name: E.save }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const first = JSON.parse(fetch.mock.calls[0]![1]!.body as string) as { unit: Unit };
    expect(fetch.mock.calls[0]![0]).toBe('/api/admin/library/units/5');
    expect(fetch.mock.calls[0]![1]!.method).toBe('PUT');
    expect(first.unit.steps[0]).toMatchObject({ id: 'be-i', question: 'I ___ a student!' });

    fireEvent.click(within(screen.getByTestId('step-0')).getByRole('radio', { name: E.rightOption.replace('{n}', '2') }));
    fireEvent.click(screen.getByRole('button', { name: E.save }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const second = JSON.parse(fetch.mock.calls[1]![1]!.body as string) as { unit: Unit };
    expect(second.unit.steps[0]).toMatchObject({ answer: 1 });
    expect(second.unit.steps[0]!.id).toMatch(/^choice-[a-z0-9]{6}$/);
    expect(await screen.findByText(E.newVersion.replace('{version}', '2'))).toBeTruthy();
  });

  it('previews the unit as a student gets it, in each language, without its key', () => {
    vi.stubGlobal('fetch', okFetch());
    renderEditor('en', { unitId: 5, initial: UNIT });
    const preview = screen.getByTestId('unit-preview');
    expect(within(preview).getByText('Выберите.')).toBeTruthy();
    fireEvent.click(within(preview).getByRole('button', { name: en.Admin.library.langs.kk }));
    expect(within(preview).getByText('Таңдаңыз.')).toBeTruthy();
    expect(within(preview).getAllByRole('radio').every((r) => !(r as HTMLInputElement).checked)).toBe(true);
    // The author's check: the key shown as the key.
    fireEvent.click(within(preview).getByRole('checkbox', { name: en.Admin.library.preview.showKey }));
    expect(within(preview).getByTestId('verdict').textContent).toBe(`${kk.Exercises.key} am`);
  });
  it('describes a picture in the three languages once there is one, previews it with that description, and drops the description with the picture', async () => {
    const fetch = okFetch();
    vi.stubGlobal('fetch', fetch);
    const E = en.Admin.library.editor;
    const text = { kind: 'text' as const, id: 'reading', body: 'Hi! I am Aruzhan.' };
    renderEditor('en', { unitId: 5, initial: { ...UNIT, steps: [text] } });
    const step = screen.getByTestId('step-0');
    expect(within(step).queryByRole('group', { name: E.imageAlt })).toBeNull();
    fireEvent.change(within(step).getByLabelText(E.image), { target: { value: 'i-aaaaaaaaaaaaaaaa.webp' } });
    const alt = within(step).getByRole('group', { name: E.imageAlt });
    expect(document.getElementById(alt.getAttribute('aria-describedby')!)!.textContent).toBe(E.imageAltHint);
    const typed = { ru: 'Девочка машет рукой', kk: 'Қыз қол бұлғап тұр', en: 'A girl waving' };
    for (const lang of ['ru', 'kk', 'en'] as const) fireEvent.change(within(alt).getByLabelText(en.Admin.library.langs[lang]), { target: { value: typed[lang] } });
    // The preview shows it as a student sees it: described in the student's language.
    const preview = screen.getByTestId('unit-preview');
    expect(within(preview).getByRole('img', { name: typed.ru }).getAttribute('src')).toBe('/api/media/images/i-aaaaaaaaaaaaaaaa.webp');
    fireEvent.click(screen.getByRole('button', { name: E.save }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect((JSON.parse(fetch.mock.calls[0]![1]!.body as string) as { unit: Unit }).unit.steps[0]).toEqual({ ...text, image: 'i-aaaaaaaaaaaaaaaa.webp', imageAlt: typed });
    // Without the picture its description goes too (its fields are hidden, nothing is refused).
    fireEvent.change(within(step).getByLabelText(E.image), { target: { value: '' } });
    expect(within(step).queryByRole('group', { name: E.imageAlt })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: E.save }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect((JSON.parse(fetch.mock.calls[1]![1]!.body as string) as { unit: Unit }).unit.steps[0]).toEqual(text);
  });
});
