import { useTranslations } from 'next-intl';
import { Badge } from '@/components/admin/ui/table';
import type { LeadStatus } from '@/lib/validations/lead-pipeline';

const TONES = { new: 'info', contacted: 'neutral', trial_scheduled: 'warn', won: 'good', lost: 'bad' } as const;

export function StatusBadge({ status }: { status: LeadStatus }) {
  const t = useTranslations('Admin.leads.statuses');
  return <Badge tone={TONES[status]}>{t(status)}</Badge>;
}
