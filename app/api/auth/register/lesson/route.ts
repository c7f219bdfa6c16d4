// POST /api/auth/register/lesson - name and SMS-verified phone → {lessonUrl} of the school's online lesson.
import { route } from '@/lib/api/route';
import { registerForLesson } from '@/lib/leads/intake/lesson-registration';
import { lessonRegistrationSchema } from '@/lib/validations/registration';

export const POST = route(async (ctx) => registerForLesson(ctx.db, await ctx.body(lessonRegistrationSchema), ctx), { status: 201 });
