// POST /api/auth/register/student - personal data, SMS-verified phone, password → {token}.
import type { NextRequest } from 'next/server';
import { handleRegistration } from '@/lib/auth/register-route';
import { studentRegistrationSchema } from '@/lib/validations/registration';

export function POST(req: NextRequest) {
  return handleRegistration(req, (body) => ({ ...studentRegistrationSchema.parse(body), role: 'student' }));
}
