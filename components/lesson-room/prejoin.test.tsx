// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import kk from '@/messages/kk.json';
import ru from '@/messages/ru.json';
import { PreJoin } from './prejoin';
import type { RoomInfo } from './types';

const info: RoomInfo = {
  lesson: { id: 7, subject: 'kazakh', status: 'booked', startsAt: '2026-11-27T10:00:00Z', endsAt: '2026-11-27T10:50:00Z' },
  side: 'student',
  other: { name: 'Гүлнар Әбенова' },
  iceServers: [],
  iceExpiresAt: null,
  opensMinutes: 10,
  heldMinutes: 15,
};

const CHROME = 'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** The browser refuses the camera and the microphone, as when the person pressed "Block". */
function refuseMedia(ua: string) {
  Object.defineProperty(navigator, 'userAgent', { value: ua, configurable: true });
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')),
      enumerateDevices: () => Promise.resolve([]),
      addEventListener: () => {},
      removeEventListener: () => {},
    },
  });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
  Reflect.deleteProperty(navigator, 'userAgent');
});

// The e2e walks the refused path on a phone in Kazakh (e2e/lesson-room.spec.ts); here each language
// and browser family shows its own steps and the ways on without camera and microphone.
describe('the pre-join screen when the browser refuses the camera and microphone', () => {
  for (const [locale, messages, ua, steps] of [
    ['ru', ru, CHROME, ru.Room.prejoin.deniedChrome],
    ['kk', kk, FIREFOX, kk.Room.prejoin.deniedFirefox],
    ['en', en, CHROME, en.Room.prejoin.deniedChrome],
  ] as const) {
    it(`${locale}: says so, gives the browser's steps, and still offers joining without them`, async () => {
      refuseMedia(ua);
      render(
        <NextIntlClientProvider locale={locale} messages={messages} timeZone="Asia/Almaty">
          <PreJoin info={info} onJoin={() => {}} />
        </NextIntlClientProvider>,
      );
      const problem = await screen.findByTestId('media-problem');
      expect(problem.getAttribute('data-problem')).toBe('denied');
      expect(screen.getByRole('heading', { name: messages.Room.prejoin.deniedTitle })).toBeTruthy();
      expect(screen.getByText(steps)).toBeTruthy();
      expect(screen.getByText(messages.Room.prejoin.deniedStill)).toBeTruthy();
      expect((screen.getByRole('button', { name: messages.Room.prejoin.joinNone }) as HTMLButtonElement).disabled).toBe(false);
    });
  }
});
