import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { openSession } from '@/lib/auth/http';
import { createAccount } from '@/lib/auth/register';
import { CONSENT_VERSION } from '@/lib/consent';
import { tutorApplications } from '@/lib/db/schema';
import kk from '@/messages/kk.json';
import en from '@/messages/en.json';
import { dbLabel, useTestDb } from '@/test/db';
import { call } from '@/test/staff';
import * as photoRoute from './photo/route';
import * as profileRoute from './route';
import * as submitRoute from './submit/route';
import * as mediaRoute from '../../media/tutors/[file]/route';

vi.hoisted(async () => {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  process.env.MEDIA_DIR = mkdtempSync(join(tmpdir(), 'tilmen-media-'));
});

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Profile = { profile: { slug: string; draft: { photo: string | null; about: Record<string, string>; price: number | null }; reviewStatus: string; missing: Record<string, string> } };

let phoneSeq = 2000;
const ABOUT_KK = 'Мен он жылдан бері қазақ тілін үйретемін. Сабақта сөйлеуге, тыңдауға және жазуға көп көңіл бөлемін; әр оқушыға өз жоспарын жасаймын.';

describe(`tutor profile editor and photo upload (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });
  let approved: { id: number; token: string };
  let pending: { id: number; token: string };

  async function tutor(status: 'approved' | 'submitted') {
    const created = await createAccount(
      t.db,
      {
        role: 'tutor',
        name: 'Айгерім',
        lastname: 'Нұрланова',
        phone: `+7701666${String(phoneSeq++).padStart(4, '0')}`,
        password: 'Mektep2025',
        subject: 'kazakh',
        teachingLanguage: 'kk',
        tutorKind: 'local',
        locale: 'kk',
        utmFirst: {},
        utmLast: {},
        consent: CONSENT_VERSION,
      },
      new Date(),
    );
    if (!created.ok) throw new Error('account exists');
    await t.db.update(tutorApplications).set({ status }).where(eq(tutorApplications.userId, created.user.id));
    return { id: created.user.id, token: (await openSession(t.db, created.user)).accessToken };
  }

  const req = (path: string, token: string, init: { method?: string; body?: BodyInit; type?: string; locale?: string } = {}) => {
    const headers = new Headers({ 'accept-language': init.locale ?? 'ru', 'x-forwarded-for': '10.78.0.1', authorization: `Bearer ${token}` });
    if (init.type) headers.set('content-type', init.type);
    return new NextRequest(`http://localhost${path}`, { method: init.method ?? 'GET', headers, body: init.body });
  };
  const upload = (token: string, bytes: Uint8Array, type = 'image/jpeg', locale = 'ru') =>
    call(photoRoute.POST, req('/api/cabinet/profile/photo', token, { method: 'POST', body: bytes as BodyInit, type, locale }));
  const put = (token: string, body: unknown, locale = 'ru') =>
    call(profileRoute.PUT, req('/api/cabinet/profile', token, { method: 'PUT', body: JSON.stringify(body), type: 'application/json', locale }));
  const valid = {
    about: { kk: ABOUT_KK },
    teachingLanguages: ['kk', 'ru'],
    nativeSpeaker: true,
    subjects: ['kazakh'],
    levels: ['beginner', 'intermediate'],
    ages: ['adults'],
    price: 6000,
    experienceYears: 10,
    video: 'https://youtu.be/dQw4w9WgXcQ',
  };

  beforeAll(async () => {
    approved = await tutor('approved');
    pending = await tutor('submitted');
  });

  it('is closed to a tutor whose application is not approved yet, and to a signed-out caller', async () => {
    const res = await call(profileRoute.GET, req('/api/cabinet/profile', pending.token, { locale: 'en' }));
    expect(res.status).toBe(403);
    expect(((await res.json()) as ErrorBody).error).toMatchObject({ code: 'profile_not_allowed', message: en.Errors.profile_not_allowed });
    expect((await call(profileRoute.GET, req('/api/cabinet/profile', 'not-a-token-at-all'))).status).toBe(401);
  });

  it('opens an empty draft with a Latin slug for an approved tutor', async () => {
    const res = await call(profileRoute.GET, req('/api/cabinet/profile', approved.token));
    expect(res.status).toBe(200);
    const { profile } = (await res.json()) as Profile;
    expect(profile.slug).toBe(`aigerim-nurlanova-${approved.id}`);
    expect(profile.draft.photo).toBeNull();
    expect(profile.missing).toMatchObject({ photo: 'photo_required', about: 'about_required', price: 'required' });
  });

  it('refuses a text file renamed .jpg with a clear 415 in the caller’s language, and stores nothing', async () => {
    const fake = new TextEncoder().encode('This is not a photo, only text saved as portrait.jpg\n'.repeat(20));
    const res = await upload(approved.token, fake, 'image/jpeg', 'kk');
    expect(res.status).toBe(415);
    expect(((await res.json()) as ErrorBody).error).toMatchObject({ code: 'photo_invalid', message: kk.Errors.photo_invalid });
    // A PNG signature in front of garbage is refused too: the decoder must read it.
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Uint8Array(500).fill(7)]);
    expect((await upload(approved.token, png, 'image/png')).status).toBe(415);
    const { profile } = (await (await call(profileRoute.GET, req('/api/cabinet/profile', approved.token))).json()) as Profile;
    expect(profile.draft.photo).toBeNull();
  });

  it('re-encodes an accepted photo without its EXIF and GPS data and serves two sizes with a long cache', async () => {
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2a6f97' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'SpyCam', Model: 'Tracker 3000', Copyright: 'secret' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '43/1 15/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '76/1 57/1 0/1' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeTruthy();
    const res = await upload(approved.token, new Uint8Array(jpeg), 'application/octet-stream');
    expect(res.status).toBe(200);
    const { profile } = (await res.json()) as Profile;
    expect(profile.draft.photo).toMatch(/^[\w-]{16}$/);
    for (const [size, px] of [['card', 320], ['page', 640]] as const) {
      const file = `${profile.draft.photo}-${size}.webp`;
      const served = await call(mediaRoute.GET, new NextRequest(`http://localhost/api/media/tutors/${file}`), { file });
      expect(served.status).toBe(200);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(served.headers.get('content-type')).toBe('image/webp');
      const bytes = Buffer.from(await served.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: px, height: px });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(bytes.includes('SpyCam')).toBe(false);
      expect(bytes.includes('Tracker')).toBe(false);
    }
    const missing = await call(mediaRoute.GET, new NextRequest('http://localhost/api/media/tutors/../../etc/passwd'), { file: '../../etc/passwd' });
    expect(missing.status).toBe(404);
  });

  it('validates the draft: price within the school’s limits, a YouTube or Vimeo link only, about text long enough', async () => {
    const res = await put(approved.token, { ...valid, price: 100, video: 'https://example.com/video.mp4', about: { kk: 'Қысқа' } }, 'en');
    expect(res.status).toBe(422);
    const fields = ((await res.json()) as ErrorBody).error.fields!;
    expect(Object.keys(fields).sort()).toEqual(['about.kk', 'price', 'video']);
    expect(fields.price).toBe(en.Validation.price_out_of_range);
    expect(fields.video).toBe(en.Validation.video_url_invalid);
  });

  it('saves a complete draft in Kazakh, keeps the photo, and sends it to a reviewer', async () => {
    const res = await put(approved.token, valid);
    expect(res.status).toBe(200);
    const { profile } = (await res.json()) as Profile & { profile: { draft: { video: unknown } } };
    expect(profile.draft.about).toEqual({ kk: ABOUT_KK });
    expect(profile.draft.photo).toBeTruthy();
    expect((profile.draft as unknown as { video: unknown }).video).toEqual({ provider: 'youtube', id: 'dQw4w9WgXcQ' });
    expect(profile.missing).toEqual({});
    const sent = await call(submitRoute.POST, req('/api/cabinet/profile/submit', approved.token, { method: 'POST' }));
    expect(sent.status).toBe(200);
    expect(((await sent.json()) as Profile).profile.reviewStatus).toBe('pending');
  });

  it('refuses to submit an incomplete profile, naming what is missing', async () => {
    const other = await tutor('approved');
    const res = await call(submitRoute.POST, req('/api/cabinet/profile/submit', other.token, { method: 'POST', locale: 'en' }));
    expect(res.status).toBe(422);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe('profile_incomplete');
    expect(Object.keys(body.error.fields!)).toEqual(expect.arrayContaining(['photo', 'about', 'price', 'subjects']));
  });
});
