// POST /api/auth/register/tutor - the tutor wizard → {token, application: {status, reviewDueAt}}.
import type { NextRequest } from 'next/server';
import { handleRegistration } from '@/lib/auth/register-route';
import { tutorRegistrationSchema } from '@/lib/validations/registration';

export function POST(req: NextRequest) {
  return handleRegistration(req, (body) => ({ ...tutorRegistrationSchema.parse(body), role: 'tutor' }));
}
