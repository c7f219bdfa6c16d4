import {
  SKILLS,
  bandsOf,
  languageOfLevel,
  type Answers,
  type Band,
  type ItemMeta,
  type KeyMap,
  type Language,
  type Level,
  type Skill,
} from './types';

/**
 * Scoring a drawn test on the server.
 *
 * LEVEL RULE. A band is reached when the taker answered at least 60% of that band's items right
 * AND at least 50% of the items of every lower band; the level is the highest band reached.
 * Skipped items count as not right. If no band is reached, the level is the lowest band
 * (Beginner for English, A1 for Kazakh) and `levelReached` is false.
 *
 * Why these numbers:
 * - 60% is the pass mark ҚАЗТЕСТ uses to confirm a level (60% per kind of activity), and a common
 *   mastery cut in criterion-referenced tests; with ~5 items a band that means 3 of 5.
 * - The 50% floor on every lower band keeps lucky guessing from lifting the level: with four
 *   options, 3 of 5 right by chance happens about 10% of the time in any one band, so a taker who
 *   fails the easier bands cannot be placed above them by a fluke higher up. It is 50% rather than
 *   60% so that slips in an easy band do not cancel clear success above it (with 6 items a band,
 *   as in the Kazakh test, 3 of 6 below still counts; with 5 items both marks mean 3 of 5).
 * - A band that has no items in the test neither blocks nor counts (it is skipped in the check).
 *
 * For Kazakh, `levelReached: false` means "below A1" (ҚАЗТЕСТ itself confirms no level under its
 * threshold): the caller decides whether a certificate says A1 or "not determined".
 */

export const PASS_PERCENT = 60;
export const LOWER_BAND_PERCENT = 50;

export interface Tally {
  correct: number;
  total: number;
}

export interface TestScore<L extends Level = Level> {
  correct: number;
  wrong: number;
  unanswered: number;
  total: number;
  /** Band id, e.g. 'intermediate' or 'B1'. */
  level: L;
  /** Band name for display, e.g. 'Intermediate' or 'Орта деңгей'. */
  levelName: string;
  /** CEFR label, e.g. 'B1'. */
  cefr: string;
  /** False when not even the lowest band was reached (the level is then the floor). */
  levelReached: boolean;
  perSkill: Record<Skill, Tally>;
  perLevel: Partial<Record<L, Tally>>;
  /** True when at least one item was left unanswered: the level may be underestimated. */
  earlyFinish: boolean;
}

function atLeast(t: Tally, percent: number): boolean {
  return t.correct * 100 >= t.total * percent;
}

/**
 * @param keyMap    server-side key of the drawn test (id → correct option index as shown)
 * @param answers   the taker's answers (id → chosen index as shown, or null / missing when skipped)
 * @param itemsMeta the drawn items' levels and skills; defines which items the test holds
 * @param language  which ladder to use; inferred from the levels when omitted
 */
export function scoreTest<L extends Level>(
  keyMap: KeyMap,
  answers: Answers,
  itemsMeta: readonly ItemMeta<L>[],
  language?: Language,
): TestScore<L> {
  const first = itemsMeta[0];
  const lang = language ?? (first ? languageOfLevel(first.level) : undefined);
  if (!lang) throw new Error('scoreTest: empty test and no language given');
  const bands = bandsOf(lang) as readonly Band<L>[];

  const perSkill = Object.fromEntries(SKILLS.map((s) => [s, { correct: 0, total: 0 }])) as Record<Skill, Tally>;
  const perLevel: Partial<Record<L, Tally>> = {};
  let correct = 0;
  let wrong = 0;
  let unanswered = 0;

  const seen = new Set<string>();
  for (const meta of itemsMeta) {
    if (seen.has(meta.id)) throw new Error(`scoreTest: item ${meta.id} listed twice`);
    seen.add(meta.id);
    const right = keyMap[meta.id];
    if (right === undefined) throw new Error(`scoreTest: no key for item ${meta.id}`);
    if (!bands.some((b) => b.id === meta.level)) throw new Error(`scoreTest: level ${meta.level} is not a ${lang} band`);

    const given = Object.hasOwn(answers, meta.id) ? answers[meta.id] : undefined;
    const level = (perLevel[meta.level] ??= { correct: 0, total: 0 });
    const skill = perSkill[meta.skill];
    level.total++;
    skill.total++;
    if (given === null || given === undefined) {
      unanswered++;
    } else if (given === right) {
      correct++;
      level.correct++;
      skill.correct++;
    } else {
      wrong++;
    }
  }

  let reachedIndex = -1;
  bands.forEach((band, i) => {
    const here = perLevel[band.id];
    if (!here || here.total === 0 || !atLeast(here, PASS_PERCENT)) return;
    const lowerOk = bands.slice(0, i).every((lower) => {
      const t = perLevel[lower.id];
      return !t || t.total === 0 || atLeast(t, LOWER_BAND_PERCENT);
    });
    if (lowerOk) reachedIndex = i;
  });

  const band = bands[Math.max(reachedIndex, 0)] as Band<L>;
  return {
    correct,
    wrong,
    unanswered,
    total: itemsMeta.length,
    level: band.id,
    levelName: band.name,
    cefr: band.cefr,
    levelReached: reachedIndex >= 0,
    perSkill,
    perLevel,
    earlyFinish: unanswered > 0,
  };
}
