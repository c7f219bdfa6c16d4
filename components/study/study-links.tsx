import { Link } from '@/i18n/navigation';

export interface StudyLinkTexts {
  title: string;
  study: string;
  studyText: string;
  words: string;
  wordsText: string;
}

/** The cabinet's way to self-study and the word trainer (a student's block, beside the dictionary and progress). No client code of its own. */
export function StudyLinks({ texts }: { texts: StudyLinkTexts }) {
  return (
    <section id="cabinet-study" aria-labelledby="cabinet-study-title" className="mt-8 rounded-2xl border border-line p-5" data-testid="cabinet-study">
      <h2 id="cabinet-study-title" className="text-xl font-semibold">
        {texts.title}
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        <li>
          <Link href="/cabinet/study" className="block min-h-11 rounded-xl bg-brand-tint p-4 hover:bg-[#d5ecff]">
            <span className="font-semibold text-brand-dark">{texts.study}</span>
            <span className="mt-1 block text-sm text-ink">{texts.studyText}</span>
          </Link>
        </li>
        <li>
          <Link href="/cabinet/words" className="block min-h-11 rounded-xl bg-brand-tint p-4 hover:bg-[#d5ecff]">
            <span className="font-semibold text-brand-dark">{texts.words}</span>
            <span className="mt-1 block text-sm text-ink">{texts.wordsText}</span>
          </Link>
        </li>
      </ul>
    </section>
  );
}
