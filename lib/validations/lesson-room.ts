import { z } from 'zod';

/**
 * What a side sends into the lesson room (POST /api/lessons/{id}/room/events), one kind each, with
 * a size cap per kind; the database refuses a payload over 256 KiB as the last line.
 */
export const ROOM_LIMITS = {
  /** The route's body cap: a board update is the largest message. */
  bodyBytes: 192 * 1024,
  sdp: 16_000,
  candidate: 1_000,
  chat: 2_000,
  notes: 20_000,
  word: 200,
  boardElements: 400,
  boardElementBytes: 16 * 1024,
  /** An image on the board, as its data: URL (the browser scales it down to fit). */
  boardImageChars: 180_000,
} as const;

const iceCandidate = z.object({
  candidate: z.string().max(ROOM_LIMITS.candidate),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});

/** A side's RTCPeerConnection, named by the browser so stale messages can be told apart. */
const connectionId = z.string().regex(/^[\w-]{1,40}$/).optional();

/** WebRTC signalling, perfect negotiation: a description, a candidate, or a restart request. */
const signal = z.object({
  kind: z.literal('signal'),
  payload: z.union([
    z.object({ description: z.object({ type: z.enum(['offer', 'answer', 'rollback']), sdp: z.string().max(ROOM_LIMITS.sdp).optional() }), pc: connectionId, to: connectionId }).strict(),
    z.object({ candidate: iceCandidate.nullable(), pc: connectionId }).strict(),
    z.object({ restart: z.literal(true) }).strict(),
    z.object({ hello: z.literal(true) }).strict(),
  ]),
});

const chat = z.object({ kind: z.literal('chat'), payload: z.object({ text: z.string().trim().min(1).max(ROOM_LIMITS.chat) }).strict() });
/**
 * The whole notes text as this side has it, with the version it was edited from (`base`, the seq of
 * the notes event the side last took in; 0: from empty) and the page's own id (`client`), so the
 * server can merge a save made from an older version and the page can tell its own save coming back.
 */
const notes = z.object({
  kind: z.literal('notes'),
  payload: z.object({ text: z.string().max(ROOM_LIMITS.notes), base: z.number().int().min(0).max(2_147_483_647).optional(), client: z.string().regex(/^[\w-]{1,40}$/).optional() }).strict(),
});
const vocab = z.object({
  kind: z.literal('vocab'),
  payload: z.object({ word: z.string().trim().min(1).max(ROOM_LIMITS.word), translation: z.string().trim().min(1).max(ROOM_LIMITS.word), lang: z.enum(['ru', 'kk', 'en']).optional() }).strict(),
});

/** How deep an element's JSON may nest: Excalidraw's go 3 deep (points: [[x, y]]); 5 000 deep overflowed the stack (security.md L2). */
export const BOARD_ELEMENT_MAX_DEPTH = 16;

/** True when `value` nests no deeper than `max` (arrays and objects), counted without recursion. */
export function nestsWithin(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= max) return false;
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return true;
}

/** Excalidraw elements that changed (each carries its id and version; the receiver keeps the newer). */
const boardElement = z
  .looseObject({ id: z.string().min(1).max(64), version: z.number().int().min(0), isDeleted: z.boolean().optional() })
  .refine((e) => nestsWithin(e, BOARD_ELEMENT_MAX_DEPTH), { message: 'too_deep', abort: true })
  .refine((e) => JSON.stringify(e).length <= ROOM_LIMITS.boardElementBytes, { message: 'too_large' });
/**
 * An image the tutor put on the board (Excalidraw's BinaryFileData): a data: URL of a PNG, JPEG,
 * WebP or GIF, scaled down in the browser to fit one message. A PDF's first pages arrive as such
 * images too: the tutor's browser renders them with pdf.js (components/lesson-room/board-pdf.ts),
 * so the server never takes a PDF itself.
 */
export const BOARD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
const boardFile = z
  .object({
    id: z.string().regex(/^[\w-]{8,64}$/),
    mimeType: z.enum(BOARD_IMAGE_TYPES),
    dataURL: z.string().max(ROOM_LIMITS.boardImageChars),
    created: z.number().int().min(0),
  })
  .strict()
  .refine((f) => f.dataURL.startsWith(`data:${f.mimeType};base64,`) && /^[A-Za-z0-9+/]+=*$/.test(f.dataURL.slice(f.dataURL.indexOf(',') + 1)), { message: 'invalid_value', path: ['dataURL'] });
const board = z.object({
  kind: z.literal('board'),
  payload: z
    .object({ elements: z.array(boardElement).min(1).max(ROOM_LIMITS.boardElements).optional(), files: z.array(boardFile).min(1).max(1).optional() })
    .strict()
    .refine((p) => p.elements || p.files, { message: 'required' }),
});

/** A side's media state, shown to the other: muted, camera off, sharing the screen. */
const presence = z.object({
  kind: z.literal('presence'),
  // `hand`: a group lesson's student raises (or lowers) a hand.
  // `left`: this side leaves on purpose ("End the lesson" for the tutor, "Leave" for the student): the other side is told so, not "waiting".
  payload: z.object({ audio: z.boolean(), video: z.boolean(), screen: z.boolean().optional(), left: z.literal(true).optional(), hand: z.boolean().optional() }).strict(),
});

// PostgreSQL's jsonb refuses the NUL character (a 500 if it got that far): refused here, with the rest.
export const roomEventSchema = z
  .discriminatedUnion('kind', [signal, chat, notes, vocab, board, presence])
  .refine((e) => !JSON.stringify(e.payload).includes('\\u0000'), { message: 'invalid_value', path: ['payload'] });
export type RoomEventInput = z.infer<typeof roomEventSchema>;

/** `?after=N` of the event stream (or the Last-Event-ID header). */
export const afterSeq = z.coerce.number().int().min(0).max(2_147_483_647);
