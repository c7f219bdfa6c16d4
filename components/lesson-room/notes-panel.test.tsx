// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import { NotesPanel, type NotesSave, type SavedNotes } from './notes-panel';

/**
 * The shared notes when both sides type at once: what arrives from the other side while this side
 * has typing not yet saved is merged into it; this page's own save coming back only confirms it.
 */
describe('the lesson notes, typed by both sides', () => {
  afterEach(() => vi.useRealTimers());

  function setup(initial: SavedNotes) {
    vi.useFakeTimers();
    const saves: NotesSave[] = [];
    const view = (remote: SavedNotes) => (
      <NextIntlClientProvider locale="en" messages={en}>
        <NotesPanel remote={remote} send={async (s) => void saves.push(s)} />
      </NextIntlClientProvider>
    );
    const r = render(view(initial));
    const box = () => screen.getByTestId('notes') as HTMLTextAreaElement;
    return { saves, box, arrive: (remote: SavedNotes) => act(() => r.rerender(view(remote))), r };
  }

  it('keeps the other side’s save and this side’s unsaved typing, then saves the merge from the newer version', async () => {
    const { saves, box, arrive } = setup({ text: 'Words: apple.', seq: 3, client: null });
    fireEvent.change(box(), { target: { value: 'Words: apple, pear.' } });
    // The tutor's save arrives before ours went (we are still typing).
    await arrive({ text: 'Homework: p. 12.\nWords: apple.', seq: 5, client: 'tutor-tab' });
    expect(box().value).toBe('Homework: p. 12.\nWords: apple, pear.');
    await act(async () => void vi.advanceTimersByTime(800));
    expect(saves).toHaveLength(1);
    expect(saves[0]).toMatchObject({ text: 'Homework: p. 12.\nWords: apple, pear.', base: 5 });
  });

  it('its own save coming back (merged by the server) does not double what was typed; typing since is kept and saved next', async () => {
    const { saves, box, arrive } = setup({ text: 'A.', seq: 1, client: null });
    fireEvent.change(box(), { target: { value: 'A. B.' } });
    await act(async () => void vi.advanceTimersByTime(800));
    expect(saves).toEqual([expect.objectContaining({ text: 'A. B.', base: 1 })]);
    const me = saves[0]!.client;
    // Typed while the save is on its way; the server merged the other side's "Z." saved before ours.
    fireEvent.change(box(), { target: { value: 'A. B. C.' } });
    await arrive({ text: 'Z. A.', seq: 2, client: 'other' });
    await arrive({ text: 'Z. A. B.', seq: 3, client: me });
    expect(box().value).toBe('Z. A. B. C.');
    await act(async () => void vi.advanceTimersByTime(800));
    expect(saves.at(-1)).toMatchObject({ text: 'Z. A. B. C.', base: 3, client: me });
    expect(saves).toHaveLength(2);
  });
});
