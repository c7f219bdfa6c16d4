'use client';

import { useTranslations } from 'next-intl';
import { ReasonAction } from '@/components/admin/ui/reason-action';

/** Pay the tutor, or return the lesson to the student's package (or the employee's company pool): each with a written reason (audited). */
export function LessonMoneyDecision({ id, context, pool = false }: { id: number; context: string; pool?: boolean }) {
  const t = useTranslations('Admin.lessonMoney');
  const common = { reason: t('reason'), hint: t('hint'), cancel: t('cancel') };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ReasonAction small context={context} url={`/api/admin/finance/lessons/${id}/earned`} labels={{ ...common, open: t('earn'), title: t('earnTitle'), text: t(pool ? 'earnTextPool' : 'earnText'), confirm: t('earnConfirm'), done: t('earned') }} />
      <ReasonAction small context={context} url={`/api/admin/finance/lessons/${id}/returned`} labels={{ ...common, open: t('giveBack'), title: t('giveBackTitle'), text: t(pool ? 'giveBackTextPool' : 'giveBackText'), confirm: t('giveBackConfirm'), done: t(pool ? 'givenBackPool' : 'givenBack') }} />
    </div>
  );
}
