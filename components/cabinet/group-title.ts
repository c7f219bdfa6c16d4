import { useTranslations } from 'next-intl';

/**
 * A group's name in the cabinet ("English, B1"), as "My groups" names it: the lessons' list and the
 * tutor's week name a group lesson the same way. Needs the Cabinet namespace's provider.
 */
export function useGroupTitle(): (g: { subject: string; level: string }) => string {
  const t = useTranslations('Cabinet.groups');
  return (g) => t('groupTitle', { subject: g.subject === 'english' || g.subject === 'kazakh' ? t(`subjects.${g.subject}`) : g.subject, level: g.level });
}
