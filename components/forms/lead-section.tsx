import Image from '@/components/ui/image';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { LazyLeadForm } from './lazy-lead-form';

/** The feedback (trial lesson) or callback form block of a landing page. */
export async function LeadSection({
  kind,
  page,
  audience = 'student',
  id = kind === 'callback' ? 'callback' : 'feedback',
  plans,
  hoursNote,
}: {
  kind: 'feedback' | 'callback';
  page: string;
  audience?: 'student' | 'teacher';
  id?: string;
  /** Plan id → name on the tariff page: the form carries the plan chosen there. */
  plans?: Record<string, string>;
  /** Callbacks: when the school calls (lib/leads/hours-note.ts, rendered on the server: no script). */
  hoursNote?: string;
}) {
  const t = await getTranslations('LeadForm');
  const common = await getTranslations('Common');
  const title = audience === 'teacher' ? t('teacherTitle') : kind === 'callback' ? t('callbackTitle') : t('feedbackTitle');
  const text = audience === 'teacher' ? t('teacherText') : kind === 'callback' ? t('callbackText') : t('feedbackText');
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="bg-brand-tint/60 py-14 md:py-20">
      <div className="container-page grid items-center gap-10 md:grid-cols-2">
        <div>
          <h2 id={`${id}-title`} className="section-title">
            {title}
          </h2>
          <p className="mt-4 text-base text-muted md:text-lg">{text}</p>
          {kind === 'callback' && hoursNote && (
            <p className="mt-3 text-sm text-muted md:text-base" data-testid="callback-hours">
              {hoursNote}
            </p>
          )}
          {audience === 'student' && (
            // The short ways in for a student who is not ready to leave a number.
            <ul className="mt-6 grid gap-2 text-base">
              <li>
                {t('quizQuestion')}{' '}
                <Link href="/stud-quiz" className="font-medium text-brand-dark underline underline-offset-2 hover:no-underline">
                  {t('quizLink')}
                </Link>
              </li>
              <li>
                {t('lessonQuestion')}{' '}
                <Link href="/stud-simple-reg" className="font-medium text-brand-dark underline underline-offset-2 hover:no-underline">
                  {t('lessonLink')}
                </Link>
              </li>
            </ul>
          )}
          <Image
            src={kind === 'callback' ? '/images/icons/chat.svg' : '/images/icons/calendar.svg'}
            alt=""
            width={64}
            height={64}
            unoptimized
            className="mt-8 hidden md:block"
          />
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-sm md:p-8">
          <LazyLeadForm
            kind={kind}
            page={page}
            loadingLabel={common('loading')}
            plans={plans}
            submitLabel={kind === 'callback' ? t('callbackSubmit') : undefined}
          />
        </div>
      </div>
    </section>
  );
}
