// Realistic made-up leads for `npm run seed:leads` (and the benchmark): Kazakh and Russian names,
// Kazakh mobile numbers, the site's kinds and pages, a pipeline a year deep, and utm mixes in which
// first and last touch sometimes differ. Deterministic for a given seed.
import type { leads } from '@/lib/db/schema';
import { schoolDateOf, schoolDayStart } from '@/lib/time/school-clock';

export type SeedLead = typeof leads.$inferInsert;

/** mulberry32: small, fast, good enough for test data. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  /** A value by weight: [[value, weight], …]. */
  const weighted = <T>(xs: readonly (readonly [T, number])[]): T => {
    let r = next() * xs.reduce((s, [, w]) => s + w, 0);
    for (const [v, w] of xs) if ((r -= w) < 0) return v;
    return xs[xs.length - 1]![0];
  };
  return { next, int, pick, weighted, chance: (p: number) => next() < p };
}
export type Random = ReturnType<typeof random>;

const KK_MEN = ['Нұрлан', 'Ерлан', 'Асхат', 'Бауыржан', 'Дәурен', 'Ерболат', 'Қанат', 'Мұрат', 'Айдос', 'Арман', 'Бекзат', 'Дәулет', 'Ержан', 'Нұрсұлтан', 'Әлихан', 'Ғалым', 'Жандос', 'Серік', 'Төлеген', 'Ұлан', 'Іляс', 'Өмірзақ'];
const KK_WOMEN = ['Әйгерім', 'Айгүл', 'Гүлнар', 'Динара', 'Жанар', 'Қарлығаш', 'Мөлдір', 'Салтанат', 'Аружан', 'Ақбота', 'Балжан', 'Гүлмира', 'Дана', 'Жұлдыз', 'Інжу', 'Назерке', 'Сәуле', 'Томирис', 'Ұлжан', 'Әсел', 'Үміт', 'Һәдия'];
const KK_SURNAMES = ['Ахмет', 'Серікбай', 'Нұрғали', 'Жақсыбек', 'Омар', 'Сәрсенбай', 'Құрман', 'Тоқтар', 'Әбіл', 'Байжан', 'Қасым', 'Мұқан', 'Оспан', 'Төлеу', 'Ысқақ', 'Жұмабай', 'Есен', 'Қайрат', 'Бекмұхамед', 'Ғабит'];
const RU_MEN = ['Александр', 'Дмитрий', 'Сергей', 'Андрей', 'Алексей', 'Иван', 'Михаил', 'Николай', 'Павел', 'Артём', 'Максим', 'Виктор'];
const RU_WOMEN = ['Анна', 'Елена', 'Ольга', 'Наталья', 'Екатерина', 'Мария', 'Ирина', 'Татьяна', 'Юлия', 'Светлана', 'Алина', 'Виктория'];
const RU_SURNAMES = ['Иванов', 'Смирнов', 'Кузнецов', 'Попов', 'Васильев', 'Петров', 'Соколов', 'Михайлов', 'Новиков', 'Фёдоров', 'Морозов', 'Волков', 'Ким', 'Пак', 'Цой', 'Шевченко'];

/** Kazakh surnames take -ов/-ев (-ова/-ева), sometimes -ұлы/-қызы after a father's name. */
function kazakhSurname(r: Random, woman: boolean): string {
  if (r.chance(0.1)) return `${r.pick(KK_MEN)}${woman ? 'қызы' : 'ұлы'}`;
  const base = r.pick(KK_SURNAMES);
  const suffix = /[аеиоуыэюяөүұәі]$|й$/.test(base) ? 'ев' : 'ов';
  return `${base}${suffix}${woman ? 'а' : ''}`;
}

function russianSurname(r: Random, woman: boolean): string {
  const base = r.pick(RU_SURNAMES);
  if (!woman || !/(ов|ев|ин)$/.test(base)) return base;
  return `${base}а`;
}

export function personName(r: Random): { name: string; lastname: string; kazakh: boolean } {
  const kazakh = r.chance(0.65);
  const woman = r.chance(0.55);
  const first = kazakh ? r.pick(woman ? KK_WOMEN : KK_MEN) : r.pick(woman ? RU_WOMEN : RU_MEN);
  const last = kazakh ? kazakhSurname(r, woman) : russianSurname(r, woman);
  return { name: first, lastname: last, kazakh };
}

/** Kazakh mobile prefixes (design.md: 70[0-25-8], 747, 76[0-4], 77[15-8], 785). */
const OPERATORS = ['700', '701', '702', '705', '706', '707', '708', '747', '771', '775', '776', '777', '778'];
export const kzPhone = (r: Random) => `+7${r.pick(OPERATORS)}${String(r.int(10_000_000)).padStart(7, '0')}`;

const SOURCES = [
  ['instagram', ['cpc', 'social'], 24],
  ['google', ['cpc', 'organic'], 20],
  ['yandex', ['cpc'], 8],
  ['facebook', ['cpc'], 6],
  ['tiktok', ['cpc', 'social'], 12],
  ['2gis', ['referral'], 5],
  ['telegram', ['social'], 8],
  ['email', ['newsletter'], 4],
] as const;
const CAMPAIGNS = ['autumn_2026', 'ielts_intensive', 'kazakh_for_work', 'back_to_school', 'black_friday', 'новый_год_2027', 'qazaq_tili'];
const TERMS = ['курсы английского алматы', 'ағылшын тілі курсы', 'подготовка к ielts', 'казахский язык онлайн', 'репетитор английского'];
const CONTENTS = ['banner_a', 'banner_b', 'video_1', 'stories', 'carousel'];

export function utmTouch(r: Random): Record<string, string> {
  const [source, mediums] = r.weighted(SOURCES.map((s) => [s, s[2]] as const));
  const medium = r.pick(mediums);
  const utm: Record<string, string> = { utm_source: source, utm_medium: medium };
  if (medium !== 'organic' && medium !== 'referral') utm.utm_campaign = r.pick(CAMPAIGNS);
  if (medium === 'cpc' && (source === 'google' || source === 'yandex')) utm.utm_term = r.pick(TERMS);
  if (medium === 'cpc' || medium === 'social') if (r.chance(0.5)) utm.utm_content = r.pick(CONTENTS);
  return utm;
}

/** About a third come without utm; of the rest, one in three first came through another source. */
export function utmPair(r: Random): { utmFirst: Record<string, string>; utmLast: Record<string, string> } {
  if (r.chance(0.35)) return { utmFirst: {}, utmLast: {} };
  const last = utmTouch(r);
  return { utmFirst: r.chance(0.3) ? utmTouch(r) : last, utmLast: last };
}

const KINDS = [['callback', 30], ['trial', 25], ['feedback', 18], ['quiz', 15], ['registration', 12]] as const;
const PAGES = [['/', 40], ['/student', 18], ['/stud-tariff-plans', 15], ['/stud-faq', 7], ['/teacher', 6], ['/kazakh-test', 6], ['/stud-test', 8]] as const;
const LOST_REASONS = ['no_answer', 'too_expensive', 'not_interested', 'chose_competitor', 'wrong_number', 'no_time'];

/** A lead created on a random day of the last year, in the school's waking hours. */
export function seedLead(r: Random, now: number, assignees: readonly number[], consentVersion: string): SeedLead {
  const person = personName(r);
  const name = r.weighted([[`${person.name} ${person.lastname}`, 70], [person.name, 20], [`${person.lastname} ${person.name}`, 10]]);
  const kind = r.weighted(KINDS);
  const page = kind === 'quiz' ? '/stud-quiz' : r.weighted(PAGES);
  const dayStart = schoolDayStart(schoolDateOf(now)).getTime();
  const hour = r.weighted([[8, 2], [9, 5], [10, 8], [11, 9], [12, 9], [13, 8], [14, 8], [15, 8], [16, 8], [17, 8], [18, 8], [19, 7], [20, 6], [21, 5], [22, 3], [23, 2], [0, 1], [7, 1]]);
  const created = Math.min(now - 60_000, dayStart - r.int(365) * 86_400_000 + hour * 3600_000 + r.int(3600_000));
  const ageDays = (now - created) / 86_400_000;
  const status = ageDays < 1 ? r.weighted([['new', 70], ['contacted', 30]] as const) : r.weighted([['new', 8], ['contacted', 25], ['trial_scheduled', 15], ['won', 22], ['lost', 30]] as const);
  const plan = page === '/stud-tariff-plans' && r.chance(0.6) ? r.pick(['basic', 'advanced', 'intensive'] as const) : null;
  const promoCode = plan && r.chance(0.25) ? (plan === 'intensive' && r.chance(0.5) ? 'INTENSIVE15' : 'TILMEN10') : null;
  const at = new Date(created);
  const contacted = status === 'new' ? null : new Date(created + (5 + r.int(180)) * 60_000);
  return {
    kind,
    name,
    phone: kzPhone(r),
    locale: r.weighted([[person.kazakh ? 'kk' : 'ru', 55], ['ru', 37], ['en', 8]]),
    page,
    ...utmPair(r),
    answers: kind === 'quiz' ? { goal: r.pick(['ielts', 'work', 'school', 'travel']), level: r.pick(['A1', 'A2', 'B1', 'B2', 'C1']) } : null,
    plan,
    promoCode,
    ipHash: null,
    consentVersion,
    consentAt: at,
    createdAt: at,
    status,
    lostReason: status === 'lost' ? r.pick(LOST_REASONS) : null,
    assigneeId: assignees.length && (status !== 'new' || r.chance(0.4)) ? r.pick(assignees) : null,
    callbackDueAt: kind === 'callback' ? new Date(created + 3600_000) : null,
    contactedAt: contacted,
    updatedAt: contacted,
  };
}
