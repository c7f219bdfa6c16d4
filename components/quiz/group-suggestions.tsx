'use client';

import { useEffect, useState } from 'react';
import { textLink } from '@/components/landing/student/styles';
import { formatTenge } from '@/lib/tariffs';
import { SCHOOL_FIXED_ZONE } from '@/lib/time/school-clock';
import { fill, type TestText } from './text';

interface Suggested {
  id: number;
  level: string;
  seatsLeft: number;
  startTime: string;
  nextLessonAt: string | null;
  pricePerLessonTiyn: number;
}

/** The level a group is taught at for a test's result: below A1 (A0, A1-) is a beginners' A1 group. */
export function groupLevelOf(level: string | null | undefined): 'A1' | 'A2' | 'B1' | 'B2' | 'C1' | null {
  if (!level) return null;
  if (level === 'A0' || level.startsWith('A1')) return 'A1';
  return (['A2', 'B1', 'B2', 'C1'] as const).find((l) => l === level) ?? (level === 'C2' ? 'C1' : null);
}

/**
 * After a test (issue 33): the public groups of the taker's level with seats left, from the public
 * list (GET /api/groups), at most three, each linked to its page; nothing when there are none. The
 * call goes out after the result is shown: the test's page itself carries no group data.
 */
export function GroupSuggestions({ subject, level, text, localePrefix }: { subject: 'english' | 'kazakh'; level: string; text: TestText; localePrefix: string }) {
  const t = text.result;
  const [groups, setGroups] = useState<Suggested[] | null>(null);
  const lang = localePrefix ? localePrefix.slice(1) : 'ru';

  useEffect(() => {
    let live = true;
    fetch(`/api/groups?subject=${subject}&level=${level}`, { headers: { 'accept-language': lang } })
      .then((r) => (r.ok ? (r.json() as Promise<{ groups: Suggested[] }>) : { groups: [] }))
      .then((d) => live && setGroups(d.groups.filter((g) => g.seatsLeft > 0).slice(0, 3)))
      .catch(() => live && setGroups([]));
    return () => {
      live = false;
    };
  }, [subject, level, lang]);

  if (!groups || groups.length === 0) return null;
  const date = new Intl.DateTimeFormat(lang === 'kk' ? 'kk-KZ' : lang === 'en' ? 'en-GB' : 'ru-RU', { day: 'numeric', month: 'long', timeZone: SCHOOL_FIXED_ZONE });
  const money = (tiyn: number) => formatTenge(tiyn / 100, lang);
  return (
    <section aria-labelledby="test-groups" className="rounded-2xl border border-line bg-white p-6 shadow-sm md:p-8" data-testid="test-groups">
      <h2 id="test-groups" className="text-2xl font-bold">
        {fill(t.groupsTitle, { level })}
      </h2>
      <p className="mt-2 text-muted">{t.groupsText}</p>
      <ul className="mt-4 grid gap-2">
        {groups.map((g) => (
          <li key={g.id}>
            <a href={`${localePrefix}/groups/${g.id}`} className={textLink}>
              {fill(t.groupsLine, { date: g.nextLessonAt ? date.format(new Date(g.nextLessonAt)) : '', time: g.startTime, seats: g.seatsLeft, price: money(g.pricePerLessonTiyn) })}
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-4">
        <a href={`${localePrefix}/groups?subject=${subject}&level=${level}`} className={textLink}>
          {t.groupsAll}
        </a>
      </p>
    </section>
  );
}
