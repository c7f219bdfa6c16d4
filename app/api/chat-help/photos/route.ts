// POST /api/chat-help/photos - the signed-in user (bearer) uploads a photo for a chat message: the bytes as the body (JPEG, PNG or WebP, up to 10 MB, checked by content); 201 {photo}. 30 an hour.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { uploadChatPhoto } from '@/lib/chat-help/questions';

export const POST = route(async (ctx) => uploadChatPhoto(ctx.db, await requireUser(ctx.db, ctx.req), ctx.req), { status: 201 });
