import { describe, expect, it } from 'vitest';
import { mergeNotes, mergeNotesBounded, SERVER_MERGE } from './notes-merge';

describe('mergeNotes: both sides type in the lesson notes at once', () => {
  const base = 'Homework: exercise 3.\nNew words: apple, pear.';

  it('keeps both sides’ edits made in different places', () => {
    const tutor = 'Homework: exercise 3 and 4.\nNew words: apple, pear.';
    const student = 'Homework: exercise 3.\nNew words: apple, pear, plum.';
    expect(mergeNotes(base, student, tutor)).toBe('Homework: exercise 3 and 4.\nNew words: apple, pear, plum.');
    expect(mergeNotes(base, tutor, student)).toBe('Homework: exercise 3 and 4.\nNew words: apple, pear, plum.');
  });

  it('works in Kazakh and with emoji (UTF-16 pairs), edits far apart in a long text', () => {
    const long = Array.from({ length: 60 }, (_, i) => `${i + 1}. Сөйлем: мен кітап оқимын.`).join('\n');
    const mine = long.replace('60. Сөйлем', '60. Соңғы сөйлем');
    const theirs = `Тақырып: ҚҰӨ әріптері 🙂\n${long.replace('1. Сөйлем', '1. Бірінші сөйлем')}`;
    const merged = mergeNotes(long, mine, theirs);
    expect(merged.startsWith('Тақырып: ҚҰӨ әріптері 🙂\n1. Бірінші сөйлем')).toBe(true);
    expect(merged.endsWith('60. Соңғы сөйлем: мен кітап оқимын.')).toBe(true);
    const b = 'Сөздер: алма.';
    expect(mergeNotes(b, 'Сөздер: алма, алмұрт 🍐.', 'Жаңа сөздер: алма.')).toBe('Жаңа сөздер: алма, алмұрт 🍐.');
  });

  it('changes nothing when one side did not edit, and does not double the same edit', () => {
    const edited = `${base}\nTest on Friday.`;
    expect(mergeNotes(base, base, edited)).toBe(edited);
    expect(mergeNotes(base, edited, base)).toBe(edited);
    expect(mergeNotes(base, edited, edited)).toBe(edited);
  });

  it('drops an edit whose text the other side deleted, never duplicates it', () => {
    const mine = 'Homework: exercise 3 (page 12).\nNew words: apple, pear.';
    const theirs = 'New words: apple, pear.';
    const merged = mergeNotes(base, mine, theirs);
    expect(merged.match(/New words/g)).toHaveLength(1);
  });

  it('the server merges within a budget (security H2): the penetration test\'s save — 20 000 characters of "ab" rewritten from an old base — is not merged (null: stored as it is), while real typing is', () => {
    // A fixed pseudo-random text (no Math.random: the same input every run).
    let x = 7;
    const ab = (n: number) => Array.from({ length: n }, () => (((x = (x * 1103515245 + 12345) % 2 ** 31) >> 16) & 1 ? 'a' : 'b')).join('');
    const base = ab(20_000);
    expect(mergeNotesBounded(base, ab(20_000), ab(20_000))).toBeNull();
    // More edited than SERVER_MERGE allows between two saves: not merged either.
    const paste = `${base.slice(0, 100)}${ab(SERVER_MERGE.maxEditChars)}${base.slice(100)}`;
    expect(mergeNotesBounded(base, paste, `${base}!`)).toBeNull();
    // What people type: merged exactly as the unbounded merge does.
    const long = Array.from({ length: 60 }, (_, i) => `${i + 1}. Сөйлем: мен кітап оқимын.`).join('\n');
    const mine = long.replace('60. Сөйлем', '60. Соңғы сөйлем');
    const theirs = long.replace('1. Сөйлем', '1. Бірінші сөйлем');
    expect(mergeNotesBounded(long, mine, theirs)).toBe(mergeNotes(long, mine, theirs));
    expect(mergeNotesBounded(long, long, theirs)).toBe(theirs);
  });
});
