import 'server-only';
// Chat help's questions (docs/chat-help.md): a student with time left asks (text and/or a photo of
// their homework); a tutor on duty for the subject takes it; the two write until one of them closes
// it (or nobody writes for a day). Each tutor reply costs the blocks the published rule gives, from
// the server's own record (lib/chat-help/rules.ts replyBlocks), spent in the reply's transaction.
import { shortName } from '@/lib/mask';
import { and, asc, desc, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { hasUserScope } from '@/lib/auth/scope';
import { chatHelpMessages, chatHelpQuestions, media, users, type ChatHelpSubject, type ChatQuestionClosedBy, type ChatQuestionStatus } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { readCapped } from '@/lib/api/errors';
import { chatPhotoName, PHOTO_MAX_BYTES, readChatPhoto, storeChatPhoto } from '@/lib/media/photo';
import { enforceLimits } from '@/lib/rate-limit';
import { runAfterResponse } from '@/lib/api/after';
import { kickOutbox } from '@/lib/outbox/kick';
import { announce } from '@/lib/runtime/bus';
import { CHAT_PHOTO_ID, type ChatAskInput, type ChatMessageInput } from '@/lib/validations/chat-help';
import { canServe, dutyOf, onDutyFor, tutorsOnDuty } from './duty';
import { chatTimeLeft, lockChatMoney, spendBlocks, type ChatTime } from './money';
import { noticeFirstAnswer } from './notify';
import { CHAT_IDLE_CLOSE_HOURS, CHAT_OPEN_QUESTIONS_MAX, replyBlocks } from './rules';

type User = { id: number; scope: string | null; blockedAt: Date | null; subject: string | null };
type Question = typeof chatHelpQuestions.$inferSelect;

export interface ChatMessageView {
  id: number;
  side: 'student' | 'tutor';
  body: string;
  /** The photo's address (served only to the question's two and to tutors on duty while it is open). */
  photo: string | null;
  /** A tutor's reply: the blocks it cost. */
  blocks: number;
  at: string;
}

export interface ChatQuestionView {
  id: number;
  subject: ChatHelpSubject;
  status: ChatQuestionStatus;
  /** The other side's name as shown: the tutor's first name and initial to the student; the student's to the tutor. */
  tutor: string | null;
  student: string;
  createdAt: string;
  takenAt: string | null;
  firstAnswerAt: string | null;
  closedAt: string | null;
  closedBy: ChatQuestionClosedBy | null;
  lastMessageAt: string;
  /** The first message's text, shortened (the lists). */
  preview: string;
  /** Blocks the question's replies cost so far. */
  blocks: number;
}

export const photoUrl = (questionId: number, photo: string) => `/api/chat-help/questions/${questionId}/photos/${photo}`;

async function views(db: Db, rows: Question[]): Promise<ChatQuestionView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const people = new Map<number, string>();
  const userIds = [...new Set(rows.flatMap((r) => [r.studentId, ...(r.tutorId ? [r.tutorId] : [])]))];
  for (const u of await db.select({ id: users.id, name: users.name, lastname: users.lastname }).from(users).where(inArray(users.id, userIds))) people.set(u.id, shortName(u.name, u.lastname));
  const firsts = await db.execute<{ question_id: number; body: string; blocks: string }>(sql`
    select m.question_id, (array_agg(m.body order by m.id))[1] as body, sum(m.blocks)::text as blocks
      from ${chatHelpMessages} m where m.question_id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}) group by m.question_id`);
  const list = (firsts as unknown as { rows?: { question_id: number; body: string; blocks: string }[] }).rows ?? (firsts as unknown as { question_id: number; body: string; blocks: string }[]);
  const byQ = new Map(list.map((r) => [Number(r.question_id), r]));
  return rows.map((r) => ({
    id: r.id,
    subject: r.subject,
    status: r.status,
    tutor: r.tutorId ? (people.get(r.tutorId) ?? null) : null,
    student: people.get(r.studentId) ?? '',
    createdAt: r.createdAt.toISOString(),
    takenAt: r.takenAt?.toISOString() ?? null,
    firstAnswerAt: r.firstAnswerAt?.toISOString() ?? null,
    closedAt: r.closedAt?.toISOString() ?? null,
    closedBy: r.closedBy ?? null,
    lastMessageAt: r.lastMessageAt.toISOString(),
    preview: (byQ.get(r.id)?.body ?? '').slice(0, 140),
    blocks: Number(byQ.get(r.id)?.blocks ?? 0),
  }));
}

const messageView = (m: typeof chatHelpMessages.$inferSelect): ChatMessageView => ({
  id: m.id,
  side: m.side,
  body: m.body,
  photo: m.photo ? photoUrl(m.questionId, m.photo) : null,
  blocks: m.blocks,
  at: m.createdAt.toISOString(),
});

/** A photo named in a message must be one its author uploaded (422 otherwise: an id guessed or another's). */
async function checkPhoto(tx: Db, authorId: number, photo: string | undefined): Promise<void> {
  if (!photo) return;
  const [row] = await tx.select({ name: media.name }).from(media).where(eq(media.name, chatPhotoName(authorId, photo))).limit(1);
  if (!row) throw new ApiError(422, 'validation_failed', { photo: 'invalid_value' });
}

/**
 * A student asks: 403 `not_student` for an account without the student role; 409 `chat_help_no_time`
 * with no block left; 409 `chat_help_too_many` with CHAT_OPEN_QUESTIONS_MAX questions not closed.
 * Stored whether or not a tutor is on duty now (then the promise of a first answer does not apply).
 */
export async function askQuestion(db: Db, student: User, input: ChatAskInput, now = new Date()): Promise<ChatQuestionView> {
  if (!hasUserScope(student.scope, 'student')) throw new ApiError(403, 'not_student');
  const onDuty = (await tutorsOnDuty(db, input.subject, now)).some((id) => id !== student.id);
  const row = await transaction(db, async (tx) => {
    await lockChatMoney(tx, student.id);
    if ((await chatTimeLeft(tx, student.id)).blocks < 1) throw new ApiError(409, 'chat_help_no_time');
    const [open] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(chatHelpQuestions)
      .where(and(eq(chatHelpQuestions.studentId, student.id), ne(chatHelpQuestions.status, 'closed')));
    if ((open?.n ?? 0) >= CHAT_OPEN_QUESTIONS_MAX) throw new ApiError(409, 'chat_help_too_many');
    await checkPhoto(tx, student.id, input.photo);
    const [q] = await tx.insert(chatHelpQuestions).values({ studentId: student.id, subject: input.subject, onDuty, createdAt: now, lastMessageAt: now }).returning();
    await tx.insert(chatHelpMessages).values({ questionId: q!.id, side: 'student', authorId: student.id, body: input.body, photo: input.photo ?? null, createdAt: now });
    // Tutors' open queue pages (lib/chat-help/stream.ts tutorQueueStream) read it once this commits.
    await tx.execute(announce('queue', 0, q!.id));
    return q!;
  });
  return (await views(db, [row]))[0]!;
}

/** The account as it is now, or null when it is gone or blocked (an open stream re-reads it: a block or a lost role ends what it may read). */
export async function currentUser(db: Db, id: number): Promise<User | null> {
  const [u] = await db.select({ id: users.id, scope: users.scope, blockedAt: users.blockedAt, subject: users.subject }).from(users).where(eq(users.id, id)).limit(1);
  return u && !u.blockedAt ? u : null;
}

/** The side a user is on in a question, or null (a tutor on duty for an open question's subject may read it before taking it). */
async function sideOf(db: Db, user: User, q: Question, now: Date): Promise<'student' | 'tutor' | 'candidate' | null> {
  if (q.studentId === user.id) return 'student';
  if (q.tutorId === user.id) return 'tutor';
  if (q.status === 'open' && canServe(user) && onDutyFor(await dutyOf(db, user.id), q.subject, now)) return 'candidate';
  return null;
}

/** A question and the side `user` reads it from: 404 to anyone not one of its two (or a candidate tutor). */
export async function questionAccess(db: Db, user: User, id: number, now = new Date()): Promise<{ q: Question; side: 'student' | 'tutor' | 'candidate' }> {
  const q = await findQuestion(db, id);
  const side = await sideOf(db, user, q, now);
  if (!side) throw new ApiError(404, 'not_found');
  return { q, side };
}

async function findQuestion(db: Db, id: number): Promise<Question> {
  const [q] = await db.select().from(chatHelpQuestions).where(eq(chatHelpQuestions.id, id)).limit(1);
  if (!q) throw new ApiError(404, 'not_found');
  return q;
}

export interface ChatThread {
  question: ChatQuestionView;
  side: 'student' | 'tutor' | 'candidate';
  messages: ChatMessageView[];
  /** The student's time left (shown to the student only). */
  timeLeft: ChatTime | null;
}

/** A question with its messages after `after` (the page's poll): 404 to anyone not one of its two (or a candidate tutor). */
export async function questionThread(db: Db, user: User, id: number, after = 0, now = new Date()): Promise<ChatThread> {
  const { q, side } = await questionAccess(db, user, id, now);
  const messages = await db
    .select()
    .from(chatHelpMessages)
    // A candidate reads the student's side only: a reply by the tutor who took it meanwhile is not theirs to see.
    .where(and(eq(chatHelpMessages.questionId, id), gt(chatHelpMessages.id, after), side === 'candidate' ? eq(chatHelpMessages.side, 'student') : undefined))
    .orderBy(asc(chatHelpMessages.id))
    .limit(500);
  return { question: (await views(db, [q]))[0]!, side, messages: messages.map(messageView), timeLeft: side === 'student' ? await chatTimeLeft(db, user.id) : null };
}

/** Whether a user may see a question's photo `photo` (one of its messages names it). */
export async function photoOwner(db: Db, user: User, questionId: number, photo: string, now = new Date()): Promise<number | null> {
  const q = await findQuestion(db, questionId).catch(() => null);
  if (!q || !(await sideOf(db, user, q, now))) return null;
  const [m] = await db
    .select({ authorId: chatHelpMessages.authorId })
    .from(chatHelpMessages)
    .where(and(eq(chatHelpMessages.questionId, questionId), eq(chatHelpMessages.photo, photo)))
    .limit(1);
  return m?.authorId ?? null;
}

/**
 * A tutor on duty for the question's subject takes it (its first to ask): 403 `chat_help_not_on_duty`
 * outside their duty; 409 `chat_help_taken` when another took it first (one conditional UPDATE).
 */
export async function takeQuestion(db: Db, tutor: User, id: number, now = new Date()): Promise<ChatQuestionView> {
  const q = await findQuestion(db, id);
  if (q.studentId === tutor.id) throw new ApiError(404, 'not_found');
  if (!canServe(tutor) || !onDutyFor(await dutyOf(db, tutor.id), q.subject, now)) throw new ApiError(403, 'chat_help_not_on_duty');
  // The take and its announcement commit together (the streams hear it once it is stored).
  const taken = await transaction(db, async (tx) => {
    const [row] = await tx
      .update(chatHelpQuestions)
      .set({ status: 'taken', tutorId: tutor.id, takenAt: now })
      .where(and(eq(chatHelpQuestions.id, id), eq(chatHelpQuestions.status, 'open')))
      .returning();
    if (!row) throw new ApiError(409, q.status === 'closed' ? 'chat_help_closed' : 'chat_help_taken');
    await tx.execute(announce('chat', id));
    await tx.execute(announce('queue', 0, id));
    return row;
  });
  return (await views(db, [taken]))[0]!;
}

/**
 * A message in a question by one of its two. The student's needs a block left (409
 * `chat_help_no_time`); the tutor's costs what the rule gives for the student's message it answers,
 * spent in the same transaction (never more than the balance holds). A closed question takes
 * nothing more (409 `chat_help_closed`).
 */
export async function postMessage(db: Db, user: User, id: number, input: ChatMessageInput, now = new Date()): Promise<ChatMessageView> {
  const first = await findQuestion(db, id);
  const side = first.studentId === user.id ? 'student' : first.tutorId === user.id ? 'tutor' : null;
  if (!side) throw new ApiError(404, 'not_found');
  const row = await transaction(db, async (tx) => {
    await lockChatMoney(tx, first.studentId);
    const [q] = await tx.select().from(chatHelpQuestions).where(eq(chatHelpQuestions.id, id)).for('update');
    if (!q || q.status === 'closed') throw new ApiError(409, 'chat_help_closed');
    await checkPhoto(tx, user.id, input.photo);
    let blocks = 0;
    if (side === 'student') {
      if ((await chatTimeLeft(tx, q.studentId)).blocks < 1) throw new ApiError(409, 'chat_help_no_time');
    } else {
      // The student's first message since the tutor last wrote (or since the take, if later).
      const [lastTutor] = await tx
        .select({ id: chatHelpMessages.id })
        .from(chatHelpMessages)
        .where(and(eq(chatHelpMessages.questionId, id), eq(chatHelpMessages.side, 'tutor')))
        .orderBy(desc(chatHelpMessages.id))
        .limit(1);
      const [waiting] = await tx
        .select({ at: chatHelpMessages.createdAt })
        .from(chatHelpMessages)
        .where(and(eq(chatHelpMessages.questionId, id), eq(chatHelpMessages.side, 'student'), lastTutor ? gt(chatHelpMessages.id, lastTutor.id) : undefined))
        .orderBy(asc(chatHelpMessages.id))
        .limit(1);
      const since = waiting ? new Date(Math.max(waiting.at.getTime(), q.takenAt!.getTime())) : null;
      blocks = await spendBlocks(tx, q.studentId, user.id, replyBlocks(since, now));
    }
    const [m] = await tx.insert(chatHelpMessages).values({ questionId: id, side, authorId: user.id, body: input.body, photo: input.photo ?? null, blocks, createdAt: now }).returning();
    await tx
      .update(chatHelpQuestions)
      .set({ lastMessageAt: now, ...(side === 'tutor' && !q.firstAnswerAt ? { firstAnswerAt: now } : {}) })
      .where(eq(chatHelpQuestions.id, id));
    // The question's open streams (lib/chat-help/stream.ts) read it once this commits.
    await tx.execute(announce('chat', id, m!.id));
    // The first answer: the student is told by e-mail too (they seldom wait on the page).
    const mailed = side === 'tutor' && !q.firstAnswerAt && (await noticeFirstAnswer(tx, q, user.id, now));
    return { m: m!, mailed };
  });
  if (row.mailed) runAfterResponse(kickOutbox);
  return messageView(row.m);
}

/** One of the two closes the question (a closed one stays closed: 409 `chat_help_closed`). */
export async function closeQuestion(db: Db, user: User, id: number, now = new Date()): Promise<ChatQuestionView> {
  const q = await findQuestion(db, id);
  const by = q.studentId === user.id ? 'student' : q.tutorId === user.id ? 'tutor' : null;
  if (!by) throw new ApiError(404, 'not_found');
  const closed = await transaction(db, async (tx) => {
    const [row] = await tx
      .update(chatHelpQuestions)
      .set({ status: 'closed', closedAt: now, closedBy: by })
      .where(and(eq(chatHelpQuestions.id, id), ne(chatHelpQuestions.status, 'closed')))
      .returning();
    if (!row) throw new ApiError(409, 'chat_help_closed');
    await tx.execute(announce('chat', id));
    await tx.execute(announce('queue', 0, id));
    return row;
  });
  return (await views(db, [closed]))[0]!;
}

/** The job's pass: questions nobody wrote in for CHAT_IDLE_CLOSE_HOURS are closed (`idle`). Returns how many. */
export async function closeIdleQuestions(db: Db, now = new Date()): Promise<number> {
  return transaction(db, async (tx) => {
    const rows = await tx
      .update(chatHelpQuestions)
      .set({ status: 'closed', closedAt: now, closedBy: 'idle' })
      .where(and(ne(chatHelpQuestions.status, 'closed'), lt(chatHelpQuestions.lastMessageAt, new Date(now.getTime() - CHAT_IDLE_CLOSE_HOURS * 3_600_000))))
      .returning({ id: chatHelpQuestions.id });
    for (const r of rows) await tx.execute(announce('chat', r.id));
    if (rows.length) await tx.execute(announce('queue', 0));
    return rows.length;
  });
}

/** The student's questions (newest first, 50) and time left. */
export async function studentChat(db: Db, student: User): Promise<{ questions: ChatQuestionView[]; timeLeft: ChatTime }> {
  const rows = await db.select().from(chatHelpQuestions).where(eq(chatHelpQuestions.studentId, student.id)).orderBy(desc(chatHelpQuestions.createdAt)).limit(50);
  return { questions: await views(db, rows), timeLeft: await chatTimeLeft(db, student.id) };
}

/**
 * A tutor's side: whether they are on duty now and for what, the open questions they may take (their
 * duty's subjects, oldest first, while on duty), and their own questions (not closed first, then the
 * last closed).
 */
export async function tutorChat(db: Db, tutor: User, now = new Date()): Promise<{ onDuty: ChatHelpSubject[]; queue: ChatQuestionView[]; mine: ChatQuestionView[] }> {
  if (!canServe(tutor)) throw new ApiError(403, 'forbidden');
  const duty = await dutyOf(db, tutor.id);
  const onDuty = (duty?.subjects ?? []).filter((s) => onDutyFor(duty, s, now));
  const queue = onDuty.length
    ? await db
        .select()
        .from(chatHelpQuestions)
        .where(and(eq(chatHelpQuestions.status, 'open'), inArray(chatHelpQuestions.subject, onDuty), ne(chatHelpQuestions.studentId, tutor.id)))
        .orderBy(asc(chatHelpQuestions.createdAt))
        .limit(50)
    : [];
  const mine = await db
    .select()
    .from(chatHelpQuestions)
    .where(and(eq(chatHelpQuestions.tutorId, tutor.id), or(ne(chatHelpQuestions.status, 'closed'), gt(chatHelpQuestions.closedAt, new Date(now.getTime() - 7 * 86_400_000)))))
    .orderBy(sql`${chatHelpQuestions.status} = 'closed'`, desc(chatHelpQuestions.lastMessageAt))
    .limit(50);
  return { onDuty, queue: await views(db, queue), mine: await views(db, mine) };
}


/**
 * A photo for a chat message (a page of homework), the request's body as bytes (JPEG, PNG or WebP,
 * up to 10 MB; the content is checked, not the name): stored under its uploader, 30 an hour per
 * account. Any signed-in account may upload; only its own messages may then name it.
 */
export async function uploadChatPhoto(db: Db, user: User, req: Request, now = new Date()): Promise<{ photo: string }> {
  if (Number(req.headers.get('content-length') ?? '0') > PHOTO_MAX_BYTES) throw new ApiError(413, 'payload_too_large');
  await enforceLimits(db, [{ key: `chat-photo:${user.id}`, max: 30, windowSeconds: 3600 }], now);
  const bytes = await readCapped(req, PHOTO_MAX_BYTES);
  if (!bytes.length) throw new ApiError(415, 'photo_invalid');
  return { photo: await storeChatPhoto(db, user.id, bytes) };
}

/** A question's photo for one of its two (or a candidate tutor), or 404. */
export async function questionPhoto(db: Db, user: User, questionId: number, photo: string, now = new Date()): Promise<{ bytes: Buffer; contentType: string }> {
  if (!CHAT_PHOTO_ID.test(photo)) throw new ApiError(404, 'not_found');
  const author = await photoOwner(db, user, questionId, photo, now);
  const file = author === null ? null : await readChatPhoto(db, author, photo);
  if (!file) throw new ApiError(404, 'not_found');
  return file;
}
