import 'server-only';
// Chat help's promise on the back office's dashboard (docs/chat-help.md, "The promise"): during duty
// hours a question gets its first answer within CHAT_FIRST_ANSWER_MINUTES, measured like the
// callback promise (lib/dashboard/callback-share.ts): by the server's timestamps, never a tutor's word.
import { and, eq, gte, isNotNull, lte, or, sql } from 'drizzle-orm';
import { chatHelpQuestions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { CHAT_FIRST_ANSWER_MINUTES } from './rules';

export interface FirstAnswerShare {
  /** Questions asked on duty whose outcome is known: answered, or still unanswered past the promise. */
  counted: number;
  inTime: number;
  /** inTime ÷ counted, or null when nothing was counted. */
  share: number | null;
  /** The median minutes to the first answer of the answered ones, or null. */
  medianMinutes: number | null;
}

/**
 * The first-answer promise over the last `days` days (questions asked on duty in that window): in time
 * when the first answer came within the promise; missed when it came later or has not come by then
 * (a question the student closed unanswered before the promise ran out is not counted).
 */
export async function chatFirstAnswerShare(db: Db, days: number, now = new Date()): Promise<FirstAnswerShare> {
  const since = new Date(now.getTime() - days * 86_400_000);
  const due = sql`${chatHelpQuestions.createdAt} + make_interval(mins => ${CHAT_FIRST_ANSWER_MINUTES})`;
  const [row] = await db
    .select({
      counted: sql<number>`count(*)::int`,
      inTime: sql<number>`count(*) filter (where ${chatHelpQuestions.firstAnswerAt} <= ${due})::int`,
      median: sql<string | null>`(percentile_cont(0.5) within group (order by extract(epoch from ${chatHelpQuestions.firstAnswerAt} - ${chatHelpQuestions.createdAt}) / 60) filter (where ${chatHelpQuestions.firstAnswerAt} is not null))::text`,
    })
    .from(chatHelpQuestions)
    .where(
      and(
        eq(chatHelpQuestions.onDuty, true),
        gte(chatHelpQuestions.createdAt, since),
        lte(chatHelpQuestions.createdAt, now),
        or(isNotNull(chatHelpQuestions.firstAnswerAt), and(lte(due, now), sql`(${chatHelpQuestions.closedAt} is null or ${chatHelpQuestions.closedAt} >= ${due})`)),
      ),
    );
  const counted = row?.counted ?? 0;
  const inTime = row?.inTime ?? 0;
  return { counted, inTime, share: counted ? inTime / counted : null, medianMinutes: row?.median === null || row?.median === undefined ? null : Math.round(Number(row.median) * 10) / 10 };
}
