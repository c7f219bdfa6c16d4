import { z } from 'zod';
import { weeklyRanges } from './booking';
import { CONTROL_CHARS } from './query';

// Tutor chat help's calls (issue 34, docs/chat-help.md; its rules: lib/chat-help/rules.ts). Messages: keys of "Validation".

/** The hours a student can buy at once. */
export const CHAT_HOUR_OPTIONS = [1, 3, 5, 10] as const;
/** A message's text, at most. */
export const CHAT_MESSAGE_MAX = 4000;

export const CHAT_SUBJECTS = ['english', 'kazakh'] as const;
const subject = z.enum(CHAT_SUBJECTS, { error: 'invalid_value' });

/** A stored chat photo's id (lib/media/photo.ts storeChatPhoto). */
export const CHAT_PHOTO_ID = /^[A-Za-z0-9_-]{16}$/;

const body = z
  .string({ error: 'invalid_value' })
  .trim()
  .max(CHAT_MESSAGE_MAX, 'too_long')
  .refine((v) => !CONTROL_CHARS.test(v), 'invalid_value');

/** A message: text, a photo already uploaded, or both. */
export const chatMessageSchema = z
  .object({ body: body.default(''), photo: z.string({ error: 'invalid_value' }).regex(CHAT_PHOTO_ID, 'invalid_value').optional() })
  .refine((m) => m.body.length > 0 || m.photo !== undefined, { message: 'required', path: ['body'] });
export type ChatMessageInput = z.infer<typeof chatMessageSchema>;

/** A new question: its subject and its first message. */
export const chatAskSchema = z.intersection(z.object({ subject }), chatMessageSchema);
export type ChatAskInput = z.infer<typeof chatAskSchema>;

/** The hours a student buys. */
export const chatBuySchema = z.object({
  hours: z.number({ error: 'invalid_value' }).refine((h) => (CHAT_HOUR_OPTIONS as readonly number[]).includes(h), 'invalid_value'),
});

/** A tutor's duty: the subjects they answer, their weekly hours, on or off. */
export const chatDutySchema = z.object({
  subjects: z
    .array(subject, { error: 'invalid_value' })
    .min(1, 'required')
    .max(CHAT_SUBJECTS.length, 'invalid_value')
    .transform((s) => [...new Set(s)]),
  weekly: weeklyRanges,
  active: z.boolean({ error: 'invalid_value' }),
});
export type ChatDutyInput = z.infer<typeof chatDutySchema>;
