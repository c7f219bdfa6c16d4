// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markSignedOut, setAuthState } from '@/components/auth/auth-store';
import ru from '@/messages/ru.json';
import kk from '@/messages/kk.json';
import { CabinetLessons } from './cabinet-lessons';
import { TutorWeek } from './tutor-week';

// What GET /api/lessons and GET /api/tutor/week answer (lib/lessons/booking.ts listLessons, tutorWeek).
const answers = new Map<string, unknown>();
vi.mock('@/lib/browser/api/client', () => ({
  api: { get: vi.fn(async (path: string) => ({ data: answers.get(path.split('?')[0]!) })) },
}));

const group = { id: 7, subject: 'english', level: 'A2', students: 2 };
const lesson = (over: Record<string, unknown>) => ({
  id: 41, tutorId: 3, subject: 'english', status: 'booked', startsAt: '2040-03-12T13:30:00.000Z', endsAt: '2040-03-12T14:30:00.000Z',
  kind: 'group', group, groupId: 7, packageId: null, employeeId: null, deadlineHours: 24, cancellable: false, stands: false, lateCancellable: false,
  markable: false, rateable: false, noShow: null, rating: null, record: null, reportLevel: null, links: { room: '/lesson/41', ics: '/api/lessons/41/ics?side=student&k=x' },
  ...over,
});
const show = (messages: typeof ru, ui: React.ReactNode, locale = 'ru') =>
  render(<NextIntlClientProvider locale={locale} messages={messages}>{ui}</NextIntlClientProvider>);

describe("the cabinet's lists name a group lesson by its group", () => {
  beforeEach(() => setAuthState({ token: true, auth: true }));
  afterEach(() => {
    cleanup();
    answers.clear();
    // The next file in this worker starts signed out (vitest.config.ts: isolate: false).
    markSignedOut();
  });

  it('the tutor sees "Group: English, A2 · 2 students", never "Student: —"', async () => {
    answers.set('/api/lessons', { upcoming: [lesson({ with: '', withRole: 'student' })], past: [], deadlineHours: 2 });
    show(ru, <CabinetLessons />);
    const line = await screen.findByTestId('group-lesson-line');
    expect(line.textContent).toBe('Группа: Английский, A2 · 2 ученика · запланирован');
    expect(screen.queryByText(/Ученик: —/)).toBeNull();
  });

  it("a student's upcoming group lesson is listed with its tutor and the way into the room, not \"no upcoming lessons\"", async () => {
    answers.set('/api/lessons', { upcoming: [lesson({ with: 'Дина Ахметова', withRole: 'tutor' })], past: [], deadlineHours: 2 });
    show(kk, <CabinetLessons />, 'kk');
    const line = await screen.findByTestId('group-lesson-line');
    expect(line.textContent).toBe('Топ: Ағылшын тілі, A2 · Репетитор: Дина Ахметова · жоспарланған');
    expect(screen.getByTestId('lesson-room-link').getAttribute('href')).toBe('/lesson/41');
    expect(screen.queryByText(kk.Cabinet.lessons.noneUpcoming)).toBeNull();
  });

  it("the tutor's week names the group and its students", async () => {
    const lessons = [{ id: 41, status: 'booked', subject: 'english', startsAt: '2040-03-12T13:30:00.000Z', endsAt: '2040-03-12T14:30:00.000Z', with: '', groupId: 7, group }];
    const days = Array.from({ length: 7 }, (_, i) => ({ date: `2040-03-${String(12 + i).padStart(2, '0')}`, off: false, ranges: [], lessons: i === 0 ? lessons : [] }));
    answers.set('/api/tutor/week', { weekStart: '2040-03-12', today: '2040-03-12', days });
    show(ru, <TutorWeek />);
    expect(await screen.findByText('Групповой урок 18:30–19:30: Английский, A2 · 2 ученика')).toBeTruthy();
  });
});
