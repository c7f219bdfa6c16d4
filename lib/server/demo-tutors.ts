import 'server-only';
import { eq } from 'drizzle-orm';
import type { Actor } from '@/lib/audit/log';
import { createGroup, openGroup, setTeachesGroups } from '@/lib/groups/admin';
import { storePhoto } from '@/lib/media/photo';
import { schoolDateOf } from '@/lib/time/school-clock';
import type { GroupValues } from '@/lib/validations/groups';
import type { ProfileData } from '@/lib/validations/tutor-profile';
import { DEMO_PASSWORD_HASH, groups, tutorApplications, tutorProfiles, tutorSchedules, users, type WeeklyRules } from '@/lib/db/schema';
import type { OpenDb } from '@/lib/db/open';
import type { Db } from '@/lib/db/types';

/**
 * Three demo tutors for a fresh embedded database (`npm start` without DATABASE_URL), so the
 * catalogue can be tried at once. Never on PostgreSQL (demoTutorsOnOpen decides). Their accounts
 * cannot sign in (no password hash matches) and their rows are marked `demo`. The photos are
 * drawn here (an SVG made from shapes, rendered by sharp and stored like an upload): no image files
 * of anybody, no licence question.
 */
const h = (from: number, to: number): [number, number] => [from * 60, to * 60];

// Each demo tutor's week in Almaty time, so the slots, the "free next week" filter and booking can
// be tried at once: mornings and evenings on weekdays; evenings and Saturday; weekday afternoons.
const DEMO: { name: string; lastname: string; phone: string; colors: [string, string]; weekly: WeeklyRules; profile: Omit<ProfileData, 'photo'> }[] = [
  {
    name: 'Айгерім',
    lastname: 'Сейітова',
    phone: '+77000009001',
    colors: ['#0f766e', '#99f6e4'],
    weekly: Object.fromEntries(['1', '2', '3', '4', '5'].map((d) => [d, [h(9, 12), h(18, 21)]])),
    profile: {
      about: {
        kk: 'Қазақ тілін он жылдан бері үйретемін. Сабақта көбірек сөйлейміз: күнделікті тақырыптар, жаңалықтар, жұмыс. Грамматиканы мысал арқылы түсіндіремін, әр оқушыға жеке жоспар құрамын.',
        ru: 'Преподаю казахский десять лет. На уроках больше говорим: повседневные темы, новости, работа. Грамматику объясняю на примерах, для каждого ученика составляю свой план.',
      },
      teachingLanguages: ['kk', 'ru'],
      nativeSpeaker: true,
      subjects: ['kazakh'],
      levels: ['beginner', 'elementary', 'intermediate'],
      ages: ['teens', 'adults'],
      price: 5000,
      experienceYears: 10,
      video: null,
    },
  },
  {
    name: 'Daniyar',
    lastname: 'Omarov',
    phone: '+77000009002',
    colors: ['#1d4ed8', '#bfdbfe'],
    weekly: { '2': [h(19, 22)], '4': [h(19, 22)], '6': [h(10, 14)] },
    profile: {
      about: {
        en: 'I prepare students for IELTS and help adults speak English at work with confidence. Lessons are built around your goals: speaking practice, clear feedback and homework that takes twenty minutes a day.',
        ru: 'Готовлю к IELTS и помогаю взрослым уверенно говорить по-английски на работе. Уроки строю вокруг ваших целей: разговорная практика, понятная обратная связь и домашние задания на двадцать минут в день.',
      },
      teachingLanguages: ['en', 'ru'],
      nativeSpeaker: false,
      subjects: ['english'],
      levels: ['intermediate', 'advanced', 'exam'],
      ages: ['teens', 'adults'],
      price: 8000,
      experienceYears: 6,
      video: null,
    },
  },
  {
    name: 'Мадина',
    lastname: 'Ахметова',
    phone: '+77000009003',
    colors: ['#b45309', '#fde68a'],
    weekly: { '1': [h(14, 17)], '3': [h(14, 17)], '5': [h(14, 17)] },
    profile: {
      about: {
        ru: 'Занимаюсь с детьми английским через игры, песни и короткие задания. Родителям после каждого урока пишу, что прошли и что повторить. Умею удерживать внимание даже самых непоседливых учеников.',
        kk: 'Балалармен ағылшын тілін ойын, ән және қысқа тапсырмалар арқылы үйренеміз. Әр сабақтан кейін ата-анаға не өткенімізді, нені қайталау керегін жазамын.',
      },
      teachingLanguages: ['ru', 'kk', 'en'],
      nativeSpeaker: false,
      subjects: ['english'],
      levels: ['beginner', 'elementary'],
      ages: ['children'],
      price: 5000,
      experienceYears: 4,
      video: null,
    },
  },
];

/** A friendly abstract portrait: a head and shoulders in the tutor's colours, the initial on the shirt. */
function portraitSvg([dark, light]: [string, string], initial: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640" viewBox="0 0 640 640">
  <rect width="640" height="640" fill="${light}"/>
  <circle cx="320" cy="250" r="120" fill="${dark}" opacity="0.85"/>
  <path d="M120 640c0-130 90-210 200-210s200 80 200 210z" fill="${dark}"/>
  <text x="320" y="590" font-family="sans-serif" font-size="90" font-weight="700" fill="${light}" text-anchor="middle">${initial}</text>
</svg>`;
}

/** The demo tutors' weekly schedules (default notice and horizon); a schedule already there is kept. */
async function seedDemoSchedules(db: Db): Promise<void> {
  for (const d of DEMO) {
    const [user] = await db.select({ id: users.id }).from(users).innerJoin(tutorProfiles, eq(tutorProfiles.userId, users.id)).where(eq(users.phone, d.phone)).limit(1);
    if (user) await db.insert(tutorSchedules).values({ tutorId: user.id, weekly: d.weekly }).onConflictDoNothing({ target: tutorSchedules.tutorId });
  }
}

const DEMO_ACTOR: Actor = { kind: 'system', id: null, label: 'demo', ipHash: null };

/**
 * Three demo groups of the demo tutors, open for sale (issue 33), so /groups, a group's page and a
 * seat's checkout can be tried at once: a week from the seeding, 16 lessons twice a week at hours
 * outside each tutor's own free time (their individual slots stay as they were). Only once: a
 * database that has any group is left alone.
 */
const DEMO_GROUPS: { phone: string; group: Omit<GroupValues, 'tutorId' | 'startDate'> }[] = [
  { phone: '+77000009001', group: { subject: 'kazakh', level: 'A1', ageBand: 'adults', weekdays: [1, 3], startTime: 14 * 60, durationMinutes: 60, lessons: 16, minSeats: 3, maxSeats: 6, pricePerLesson: 3500, description: '', companyId: null } },
  { phone: '+77000009002', group: { subject: 'english', level: 'B1', ageBand: 'teens', weekdays: [1, 3], startTime: 15 * 60, durationMinutes: 60, lessons: 16, minSeats: 3, maxSeats: 6, pricePerLesson: 4000, description: '', companyId: null } },
  { phone: '+77000009003', group: { subject: 'english', level: 'A1', ageBand: 'kids_9_12', weekdays: [6, 7], startTime: 10 * 60, durationMinutes: 45, lessons: 16, minSeats: 3, maxSeats: 6, pricePerLesson: 3500, description: '', companyId: null } },
];

async function seedDemoGroups(db: Db, now = new Date()): Promise<void> {
  const [any] = await db.select({ id: groups.id }).from(groups).limit(1);
  if (any) return;
  const startDate = schoolDateOf(now.getTime() + 7 * 86_400_000);
  for (const d of DEMO_GROUPS) {
    const [tutor] = await db.select({ id: users.id }).from(users).innerJoin(tutorProfiles, eq(tutorProfiles.userId, users.id)).where(eq(users.phone, d.phone)).limit(1);
    if (!tutor) continue;
    await setTeachesGroups(db, DEMO_ACTOR, tutor.id, true);
    const group = await createGroup(db, DEMO_ACTOR, { ...d.group, tutorId: tutor.id, startDate }, now);
    await openGroup(db, DEMO_ACTOR, group.id, now);
  }
}

export async function seedDemoTutors(db: Db): Promise<void> {
  const [any] = await db.select({ id: tutorProfiles.userId }).from(tutorProfiles).where(eq(tutorProfiles.demo, true)).limit(1);
  // A database seeded before the schedules (or the groups) existed gets them too.
  if (any) {
    await seedDemoSchedules(db);
    return seedDemoGroups(db);
  }
  const sharp = (await import('sharp')).default;
  for (const d of DEMO) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.phone, d.phone)).limit(1);
    if (existing) continue;
    const png = await sharp(Buffer.from(portraitSvg(d.colors, Array.from(d.name)[0]!))).png().toBuffer();
    const photo = await storePhoto(db, new Uint8Array(png));
    const now = new Date();
    const [user] = await db
      .insert(users)
      .values({ role: 'tutor', name: d.name, lastname: d.lastname, phone: d.phone, passwordHash: DEMO_PASSWORD_HASH, scope: 'tutor tutor:bookable', subject: d.profile.subjects[0], teachingLanguage: d.profile.teachingLanguages[0], tutorKind: 'local' })
      .returning({ id: users.id });
    await db.insert(tutorApplications).values({ userId: user!.id, status: 'approved', reviewDueAt: now, decidedAt: now });
    const profile: ProfileData = { ...d.profile, photo };
    const slug = `${d.name === 'Daniyar' ? 'daniyar-omarov' : d.name === 'Айгерім' ? 'aigerim-seiitova' : 'madina-akhmetova'}-${user!.id}`;
    await db.insert(tutorProfiles).values({ userId: user!.id, slug, draft: profile, published: profile, publishedAt: now, demo: true });
  }
  await seedDemoSchedules(db);
  await seedDemoGroups(db);
}

/** DEMO_TUTORS=false: the demo tutors leave the catalogue (their profiles unpublished; nothing else is touched). */
export async function hideDemoTutors(db: Db): Promise<void> {
  await db.update(tutorProfiles).set({ published: null }).where(eq(tutorProfiles.demo, true));
}

/**
 * After an opener's openDb: demo tutors only in an embedded database kept in a folder (`npm start`,
 * the seed and admin commands on DATA_DIR), never on PostgreSQL, in memory or in tests;
 * DEMO_TUTORS=false keeps them out (and takes earlier ones out of the catalogue). A failure is
 * logged, never the start's.
 */
export async function demoTutorsOnOpen(opened: OpenDb, dataDir: string | undefined): Promise<void> {
  if (opened.driver !== 'pglite' || !dataDir || process.env.NODE_ENV === 'test') return;
  const work = process.env.DEMO_TUTORS === 'false' ? hideDemoTutors(opened.db) : seedDemoTutors(opened.db);
  await work.catch((err: unknown) => console.error('[db] demo tutors:', err instanceof Error ? err.message : err));
}
