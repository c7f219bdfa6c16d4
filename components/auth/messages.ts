import type { FieldError } from 'react-hook-form';

type Translate = { (key: never): string; has(key: never): boolean };

/** A field's message: the server's text as is, a zod key through the "Validation" catalogue. */
export function fieldMessage(error: FieldError | undefined, tv: Translate): string | undefined {
  if (!error?.message) return undefined;
  if (error.type === 'server') return error.message;
  return tv.has(error.message as never) ? tv(error.message as never) : error.message;
}
