import { describe, expect, it } from 'vitest';
import { publicEnv } from '@/lib/public-env';
import { roomUrl } from './links';

describe('the lesson room link', () => {
  it('is our own /lesson/{id} on the site, in the reader\'s language, unless LESSON_ROOM_URL names an outside room', () => {
    const site = publicEnv.NEXT_PUBLIC_SITE_URL.replace(/\/$/, '');
    expect(roomUrl(42, 'ru', undefined)).toBe(`${site}/lesson/42`);
    expect(roomUrl(42, 'kk', undefined)).toBe(`${site}/kk/lesson/42`);
    expect(roomUrl(42, 'en', undefined)).toBe(`${site}/en/lesson/42`);
    const outside = roomUrl(42, 'kk', 'https://meet.example.kz/trial-{id}-{key}');
    expect(outside).toMatch(/^https:\/\/meet\.example\.kz\/trial-42-[\w-]{12}$/);
    expect(roomUrl(43, 'kk', 'https://meet.example.kz/trial-{id}-{key}')).not.toBe(outside.replace('42', '43'));
  });
});
