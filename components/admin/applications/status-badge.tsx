import { Badge } from '../ui/table';

type Tone = 'neutral' | 'good' | 'warn' | 'bad' | 'info';
const TONES: Record<string, Tone> = { submitted: 'info', in_review: 'neutral', changes_requested: 'warn', rejected: 'bad', approved: 'good' };

/** An application's status as a coloured label (the words come from the page: Admin.applications.status.*). */
export function ApplicationStatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <span data-status={status}>
      <Badge tone={TONES[status] ?? 'neutral'}>{label}</Badge>
    </span>
  );
}
