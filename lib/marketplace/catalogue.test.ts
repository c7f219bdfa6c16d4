import { describe, expect, it, vi } from 'vitest';
import { catalogueQuerySchema, catalogueSearch } from '@/lib/validations/catalogue';
import { emptyProfile, parseVideoUrl, type ProfileData } from '@/lib/validations/tutor-profile';

vi.mock('server-only', () => ({}));
vi.mock('next/cache', () => ({ unstable_cache: (fn: unknown) => fn, revalidateTag: () => {}, revalidatePath: () => {} }));
vi.mock('@/lib/db/client', () => ({ getDb: () => Promise.reject(new Error('no database in this test')) }));
const { searchTutors, stillFree, CATALOGUE_PAGE_SIZE } = await import('./catalogue');
const { freeTimeMask } = await import('@/lib/lessons/slots');

const tutor = (slug: string, p: Partial<ProfileData>, freeMask = 0) => ({ id: 1, slug, name: slug, publishedAt: '2026-11-01T00:00:00.000Z', profile: { ...emptyProfile(), ...p }, next: [], freeMask, noticeMinutes: 0 });
const all = [
  tutor('aigerim', { subjects: ['kazakh'], teachingLanguages: ['kk', 'ru'], levels: ['beginner'], ages: ['adults'], nativeSpeaker: true, price: 5000, experienceYears: 10 }),
  tutor('daniyar', { subjects: ['english'], teachingLanguages: ['en', 'ru'], levels: ['advanced', 'exam'], ages: ['adults', 'teens'], price: 8000, experienceYears: 6 }),
  tutor('madina', { subjects: ['english'], teachingLanguages: ['ru', 'kk', 'en'], levels: ['beginner'], ages: ['children'], price: 4000, experienceYears: 4 }),
];
const q = (raw: Record<string, string>) => catalogueQuerySchema.parse(raw);

describe('catalogue search', () => {
  it('filters by subject, language, level, age, native speaker and price range together', () => {
    expect(searchTutors(all, q({ subject: 'english' })).rows.map((t) => t.slug)).toEqual(['daniyar', 'madina']);
    expect(searchTutors(all, q({ subject: 'english', lang: 'kk' })).rows.map((t) => t.slug)).toEqual(['madina']);
    expect(searchTutors(all, q({ level: 'beginner', age: 'adults' })).rows.map((t) => t.slug)).toEqual(['aigerim']);
    expect(searchTutors(all, q({ native: '1' })).rows.map((t) => t.slug)).toEqual(['aigerim']);
    expect(searchTutors(all, q({ priceMin: '4500', priceMax: '8000' })).rows.map((t) => t.slug)).toEqual(['aigerim', 'daniyar']);
  });

  it('sorts by price and experience and pages by twelve', () => {
    expect(searchTutors(all, q({ sort: 'price_asc' })).rows.map((t) => t.slug)).toEqual(['madina', 'aigerim', 'daniyar']);
    expect(searchTutors(all, q({ sort: 'price_desc' })).rows.map((t) => t.slug)).toEqual(['daniyar', 'aigerim', 'madina']);
    expect(searchTutors(all, q({ sort: 'experience' })).rows.map((t) => t.slug)).toEqual(['aigerim', 'daniyar', 'madina']);
    const many = Array.from({ length: 30 }, (_, i) => tutor(`t${String(i).padStart(2, '0')}`, { price: 3000 + i }));
    const page3 = searchTutors(many, q({ page: '3', sort: 'price_asc' }));
    expect(page3).toMatchObject({ total: 30, page: 3, pages: 3 });
    expect(page3.rows).toHaveLength(30 - 2 * CATALOGUE_PAGE_SIZE);
    // A page past the end shows the last one.
    expect(searchTutors(many, q({ page: '99' })).page).toBe(3);
  });

  it('drops hand-edited or stale values instead of failing, and writes only what differs from the defaults', () => {
    expect(q({ subject: 'alchemy', lang: 'xx', priceMin: '-5', sort: 'random', page: 'zero' })).toMatchObject({ subject: undefined, lang: undefined, priceMin: undefined, sort: 'recommended', page: 1, native: false });
    expect(catalogueSearch(q({ subject: 'english', native: '1', sort: 'price_asc', page: '2' }))).toBe('?subject=english&native=1&sort=price_asc&page=2');
    expect(catalogueSearch(q({}))).toBe('');
  });
});

describe('free time in the next week', () => {
  // Thursday 26 November 2026, 10:00 in Almaty (05:00 UTC).
  const now = new Date('2026-11-26T05:00:00Z');
  const at = (iso: string) => new Date(iso);
  // Monday 30 Nov 18:00 Almaty (evening), Wednesday 2 Dec 09:30 Almaty (morning),
  // Friday 27 Nov 11:59 → no, 12:00 Almaty (afternoon); and a Tuesday 8 days ahead (outside the week).
  const evening = freeTimeMask([at('2026-11-30T13:00:00Z')], now);
  const morning = freeTimeMask([at('2026-12-02T04:30:00Z')], now);
  const afternoon = freeTimeMask([at('2026-11-27T07:00:00Z')], now);
  const far = freeTimeMask([at('2026-12-08T13:00:00Z')], now);
  const list = [tutor('mon-evening', {}, evening), tutor('wed-morning', {}, morning), tutor('fri-afternoon', {}, afternoon), tutor('later', {}, far)];
  const slugs = (raw: Record<string, string | string[]>) => searchTutors(list, catalogueQuerySchema.parse(raw)).rows.map((t) => t.slug);

  it('keeps tutors free on one of the chosen days at one of the chosen times of day (Almaty time)', () => {
    expect(slugs({ days: '1' })).toEqual(['mon-evening']);
    expect(slugs({ days: ['1', '3'] })).toEqual(['mon-evening', 'wed-morning']);
    expect(slugs({ times: 'evening' })).toEqual(['mon-evening']);
    expect(slugs({ times: 'afternoon' })).toEqual(['fri-afternoon']);
    expect(slugs({ days: '1,3', times: 'morning' })).toEqual(['wed-morning']);
    // Only the next seven days count: the Tuesday after next is not "free next week".
    expect(slugs({ days: '2' })).toEqual([]);
    // No time filter: everyone, with or without free time.
    expect(slugs({})).toHaveLength(4);
  });

  it('reads repeated and comma-separated values, drops unknown ones and writes them back', () => {
    expect(catalogueQuerySchema.parse({ days: ['3', '1', '9', 'x'], times: 'evening,night' })).toMatchObject({ days: [1, 3], times: ['evening'] });
    expect(catalogueSearch(catalogueQuerySchema.parse({ days: '1,3', times: ['morning', 'evening'] }))).toBe('?days=1&days=3&times=morning&times=evening');
  });

  it('drops cached slots that have come within the minimum notice', () => {
    const slots = ['2026-11-26T10:00:00Z', '2026-11-26T18:00:00Z'];
    expect(stillFree(slots, 12 * 60, now)).toEqual(['2026-11-26T18:00:00Z']);
    expect(stillFree(slots, 0, now)).toEqual(slots);
  });
});

describe('video links', () => {
  it('accepts YouTube and Vimeo addresses and nothing else', () => {
    expect(parseVideoUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1')).toEqual({ provider: 'youtube', id: 'dQw4w9WgXcQ' });
    expect(parseVideoUrl('https://youtu.be/dQw4w9WgXcQ')).toEqual({ provider: 'youtube', id: 'dQw4w9WgXcQ' });
    expect(parseVideoUrl('https://youtube.com/shorts/dQw4w9WgXcQ')).toEqual({ provider: 'youtube', id: 'dQw4w9WgXcQ' });
    expect(parseVideoUrl('https://vimeo.com/76979871')).toEqual({ provider: 'vimeo', id: '76979871' });
    expect(parseVideoUrl('https://evil.com/youtube.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(parseVideoUrl('javascript:alert(1)')).toBeNull();
    expect(parseVideoUrl('https://www.youtube.com/watch?v=short')).toBeNull();
  });
});
