// POST /api/dev/student-words {studentPhone, tutorPhone, words: [{word, translation, lang}]} - development and e2e only (ENABLE_DEV_TOOLS): the words in the student's dictionary from a held lesson with the tutor (the word trainer's e2e).
import { z } from 'zod';
import { route } from '@/lib/api/route';
import { addDictionaryWordsForDev } from '@/lib/library/dev';
import { plainText } from '@/lib/validations/query';

const text = plainText().trim().min(1, 'required').max(100, 'too_long');
const schema = z
  .object({
    studentPhone: z.string({ error: 'required' }).max(40, 'too_long'),
    tutorPhone: z.string({ error: 'required' }).max(40, 'too_long'),
    words: z.array(z.object({ word: text, translation: text, lang: z.enum(['ru', 'kk', 'en']) }).strict()).min(1).max(20),
  })
  .strict();

export const POST = route(async (ctx) => addDictionaryWordsForDev(ctx.db, await ctx.body(schema), new Date()), { devTools: true });
