// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import kk from '@/messages/kk.json';

const T = kk.Study.trainer;
const posts: unknown[] = [];
const words = [
  { id: 1, word: 'кітап', translation: 'книга', lang: 'ru', isNew: true },
  { id: 2, word: 'әже', translation: 'бабушка', lang: 'ru', isNew: false },
];

vi.mock('@/components/auth/require-auth', () => ({ useRequireAuth: () => ({ ready: true, signedIn: true }) }));
vi.mock('@/i18n/navigation', () => ({ Link: ({ href, children, ...rest }: { href: string; children: ReactNode }) => <a href={href} {...rest}>{children}</a> }));
vi.mock('@/lib/browser/api/client', () => ({
  api: {
    get: async () => ({ data: { words, due: 2, streak: { days: 0, today: false } } }),
    post: async (_url: string, body: unknown) => {
      posts.push(body);
      return { data: { due: new Date().toISOString(), streak: { days: 1, today: true } } };
    },
  },
}));

const { WordTrainer } = await import('./word-trainer');

function show() {
  return render(
    <NextIntlClientProvider locale="kk" messages={kk}>
      <WordTrainer />
    </NextIntlClientProvider>,
  );
}

describe('the word trainer (kk)', () => {
  beforeEach(() => void posts.splice(0));

  it('typing: a Latin i typed for і is read as і, but и is not і; each answer is rated and sent', async () => {
    show();
    fireEvent.click(await screen.findByLabelText(T.modes.typing));
    expect(screen.getByTestId('translation').textContent).toBe('книга');
    fireEvent.change(screen.getByLabelText(T.typeWord), { target: { value: ' Кiтап ' } });
    fireEvent.click(screen.getByRole('button', { name: T.checkTyped }));
    expect(screen.getByRole('status').textContent).toBe(T.typedRight);
    fireEvent.click(screen.getByRole('button', { name: T.ratings.good }));
    await waitFor(() => expect(screen.getByTestId('translation').textContent).toBe('бабушка'));
    expect(posts).toEqual([{ wordId: 1, rating: 'good' }]);
    expect(screen.getByTestId('streak').textContent).toBe('Қатарынан 1 күн сөз қайталадыңыз');

    fireEvent.change(screen.getByLabelText(T.typeWord), { target: { value: 'аже' } });
    fireEvent.click(screen.getByRole('button', { name: T.checkTyped }));
    expect(screen.getByRole('status').textContent).toBe(T.typedWrong.replace('{word}', 'әже'));
    fireEvent.click(screen.getByRole('button', { name: T.ratings.again }));
    await waitFor(() => expect(screen.getByText(T.doneTitle.replace('{count}', '2'))).toBeTruthy());
    expect(posts).toEqual([
      { wordId: 1, rating: 'good' },
      { wordId: 2, rating: 'again' },
    ]);
  });

  it('recall: the word first, its translation only when asked, then the ratings', async () => {
    show();
    expect((await screen.findByTestId('word')).textContent).toBe('кітап');
    expect(screen.queryByTestId('translation')).toBeNull();
    expect(screen.queryByRole('button', { name: T.ratings.easy })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: T.reveal }));
    expect(screen.getByTestId('translation').textContent).toBe('книга');
    fireEvent.click(screen.getByRole('button', { name: T.ratings.easy }));
    await waitFor(() => expect(screen.getByTestId('word').textContent).toBe('әже'));
    expect(posts).toEqual([{ wordId: 1, rating: 'easy' }]);
  });
});
