import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { openSession } from '@/lib/auth/http';
import { createAccount } from '@/lib/auth/register';
import { CONSENT_VERSION } from '@/lib/consent';
import { auditLog, tutorApplications, tutorProfiles, users, outbox } from '@/lib/db/schema';
import kk from '@/messages/kk.json';
import en from '@/messages/en.json';
import { dbLabel, useTestDb } from '@/test/db';
import { call, enrolledStaff, staffRequest } from '@/test/staff';
import * as listRoute from '../../admin/profiles/route';
import * as approveRoute from '../../admin/profiles/[id]/approve/route';
import * as rejectRoute from '../../admin/profiles/[id]/reject/route';
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

  it('a reviewer sees what changed, approves (published, bookable, audited), and a later change waits while the published version stays', async () => {
    const reviewer = await enrolledStaff(t.db, { email: 'profiles-reviewer@school.kz', scopes: ['reviewer'] });
    const sales = await enrolledStaff(t.db, { email: 'profiles-sales@school.kz', scopes: ['sales'] });
    expect((await call(listRoute.GET, staffRequest('/api/admin/profiles', { cookie: sales.cookie }))).status).toBe(403);
    const listed = (await (await call(listRoute.GET, staffRequest('/api/admin/profiles', { cookie: reviewer.cookie }))).json()) as {
      rows: { userId: number; firstPublication: boolean; changed: string[]; submittedAt: string }[];
    };
    const row = listed.rows.find((r) => r.userId === approved.id)!;
    expect(row.firstPublication).toBe(true);
    expect(row.changed).toEqual(expect.arrayContaining(['photo', 'about', 'price']));
    const decide = (handler: unknown, body: unknown) =>
      call(handler, staffRequest(`/api/admin/profiles/${approved.id}/x`, { cookie: reviewer.cookie, body }), { id: String(approved.id) });

    // A stale submission time is a 409: the reviewer must read the newest one.
    const stale = await decide(approveRoute.POST, { submittedAt: '2020-01-01T00:00:00.000Z' });
    expect(stale.status).toBe(409);
    const ok = await decide(approveRoute.POST, { submittedAt: row.submittedAt });
    expect(ok.status).toBe(200);
    const [published] = await t.db.select().from(tutorProfiles).where(eq(tutorProfiles.userId, approved.id));
    expect(published!.published?.about.kk).toBe(ABOUT_KK);
    expect(published!.reviewStatus).toBe('none');
    const [user] = await t.db.select({ scope: users.scope }).from(users).where(eq(users.id, approved.id));
    expect(user!.scope.split(' ')).toContain('tutor:bookable');
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'tutor_profile.approve'));
    expect(audits.map((a) => a.entityId)).toContain(String(approved.id));

    // A change of price: submitted, returned with reasons from the list and a note; the published price stays 6000.
    expect((await put(approved.token, { ...valid, price: 9000 })).status).toBe(200);
    const again = (await (await call(submitRoute.POST, req('/api/cabinet/profile/submit', approved.token, { method: 'POST' }))).json()) as Profile & { profile: { submittedAt: string } };
    expect(again.profile.reviewStatus).toBe('pending');
    const relisted = (await (await call(listRoute.GET, staffRequest('/api/admin/profiles', { cookie: reviewer.cookie }))).json()) as { rows: { userId: number; changed: string[]; firstPublication: boolean }[] };
    expect(relisted.rows.find((r) => r.userId === approved.id)).toMatchObject({ changed: ['price'], firstPublication: false });
    // No reason ticked, an unknown one, or "other" without a note: refused, nothing stored.
    for (const body of [{ reason: 'Цена' }, { reasons: [], reason: 'Цена' }, { reasons: ['price_too_high'] }, { reasons: ['other'], reason: ' ' }]) {
      const refused = await decide(rejectRoute.POST, { submittedAt: again.profile.submittedAt, ...body });
      expect(refused.status, JSON.stringify(body)).toBe(422);
    }
    expect((await t.db.select().from(tutorProfiles).where(eq(tutorProfiles.userId, approved.id)))[0]!.reviewStatus).toBe('pending');
    // A confirmed address, so the return is mailed too.
    await t.db.update(users).set({ email: 'returned.tutor@example.kz' }).where(eq(users.id, approved.id));
    const rejected = await decide(rejectRoute.POST, { submittedAt: again.profile.submittedAt, reasons: ['details', 'about', 'details'], reason: 'Цена выше обычной для этого уровня' });
    expect(rejected.status).toBe(200);
    const [after] = await t.db.select().from(tutorProfiles).where(eq(tutorProfiles.userId, approved.id));
    expect(after!.published?.price).toBe(6000);
    expect(after!.draft.price).toBe(9000);
    expect(after).toMatchObject({ reviewStatus: 'rejected', rejectReasons: ['details', 'about'], rejectReason: 'Цена выше обычной для этого уровня' });
    // The cabinet's editor reads them back.
    const view = (await (await call(profileRoute.GET, req('/api/cabinet/profile', approved.token))).json()) as { profile: { rejectReasons: string[]; rejectReason: string } };
    expect(view.profile).toMatchObject({ rejectReasons: ['details', 'about'], rejectReason: 'Цена выше обычной для этого уровня' });
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'tutor_profile.reject'))).length).toBe(1);
    // The tutor is told both times, by SMS (journey C: profile decisions sent nothing).
    const [tutorRow] = await t.db.select({ phone: users.phone }).from(users).where(eq(users.id, approved.id));
    const texts = (await t.db.select().from(outbox).where(eq(outbox.recipient, tutorRow!.phone))).map((m) => m.body);
    expect(texts.some((b) => /профиль опубликован|профиліңіз жарияланды|profile is published/.test(b))).toBe(true);
    expect(texts.some((b) => /доработку|түзетуге қайтарылды|returned for changes/.test(b))).toBe(true);
    // The mail (to a confirmed address) lists what to fix in the tutor's words, then the note.
    const mails = (await t.db.select().from(outbox).where(eq(outbox.channel, 'email'))).map((m) => m.body).filter((b) => /доработку|түзетуге|for changes/.test(b));
    expect(mails).toHaveLength(1);
    for (const mail of mails) expect(mail).toMatch(/— (Цена, языки или опыт|Баға, тілдер немесе тәжірибе|Price, languages or experience)[\s\S]*Цена выше обычной/);
    // Sending the same draft again as the published one is refused: nothing to review.
    expect((await put(approved.token, valid)).status).toBe(200);
    const same = await call(submitRoute.POST, req('/api/cabinet/profile/submit', approved.token, { method: 'POST' }));
    expect(same.status).toBe(409);
    expect(((await same.json()) as ErrorBody).error.code).toBe('profile_unchanged');
  });
});
