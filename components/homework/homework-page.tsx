'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { useRequireAuth } from '@/components/auth/require-auth';
import { useDelayedFlag } from '@/components/ui/use-delayed-flag';
import { useApiGet } from '@/lib/browser/api/use-api-get';
import { StudentHomework, TutorHomework } from './homework-list';
import type { CabinetHomeworkView, HomeworkStudentView } from '@/lib/library/homework';

/** The cabinet's homework page: a student's units to do with the tutor's checks, or a tutor's students' results and answers to check. */
export function HomeworkPage() {
  const t = useTranslations('Homework');
  const { signedIn } = useRequireAuth();
  const [again, setAgain] = useState(0);
  const { data, failed } = useApiGet<CabinetHomeworkView>(signedIn ? '/api/cabinet/homework' : null, { again });
  const slow = useDelayedFlag(signedIn && !data && !failed);
  if (failed && !data) return <p role="alert" className="text-danger">{t('loadFailed')}</p>;
  if (!data) return slow ? <p role="status" className="text-muted">{t('loading')}</p> : null;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted">{data.role === 'tutor' ? t('tutor.lead') : t('student.lead')}</p>
      {data.role === 'tutor' ? <TutorHomework students={data.students} playable onChecked={() => setAgain((n) => n + 1)} /> : <StudentHomework items={data.items} />}
    </div>
  );
}

/** The room's homework panel (the tutor's): the lesson's students' homework from this tutor, checked here; spoken answers are played in the cabinet. */
export function RoomHomework({ lessonId }: { lessonId: number }) {
  const t = useTranslations('Homework');
  const [again, setAgain] = useState(0);
  const { data, failed } = useApiGet<{ students: HomeworkStudentView[] }>(`/api/lessons/${lessonId}/homework`, { again });
  if (failed && !data) return <p role="alert" className="text-sm text-red-300">{t('loadFailed')}</p>;
  if (!data) return <p role="status" className="text-sm">{t('loading')}</p>;
  return (
    <div className="max-h-[70dvh] overflow-y-auto rounded-xl bg-white p-2 text-ink" data-testid="room-homework">
      <TutorHomework students={data.students} playable={false} onChecked={() => setAgain((n) => n + 1)} />
    </div>
  );
}
