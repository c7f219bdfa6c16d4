// POST /api/user2/me/ - the built-in cabinet's contract: {user: {profile_url, image, name} | null, status}.
import { eq } from 'drizzle-orm';
import { NextResponse, type NextRequest } from 'next/server';
import { errorResponse } from '@/lib/api/errors';
import { localeFromAcceptLanguage } from '@/lib/api/locale';
import { REFRESH_COOKIE } from '@/lib/auth/http';
import { sessionUserId } from '@/lib/auth/tokens';
import { getDb } from '@/lib/db/client';
import { tutorApplications, users } from '@/lib/db/schema';
import { absoluteUrl, localePath } from '@/lib/seo';

export async function POST(req: NextRequest) {
  const locale = localeFromAcceptLanguage(req.headers.get('accept-language'));
  try {
    const db = await getDb();
    const userId = await sessionUserId(db, req.cookies.get(REFRESH_COOKIE)?.value);
    const [user] = userId ? await db.select().from(users).where(eq(users.id, userId)).limit(1) : [];
    // Signed out is an answer, not an error: the header simply shows its signed-out variant.
    if (!user) return NextResponse.json({ user: null, status: 'guest' }, { headers: { 'Cache-Control': 'no-store' } });
    const [application] =
      user.role === 'tutor' ? await db.select().from(tutorApplications).where(eq(tutorApplications.userId, user.id)).limit(1) : [];
    return NextResponse.json(
      {
        user: { profile_url: absoluteUrl(localePath(user.locale, '/cabinet')), image: '', name: `${user.name} ${user.lastname}`, role: user.role },
        status: application?.status ?? 'active',
      },
      { headers: { 'Cache-Control': 'no-store' } },
    );
  } catch (err) {
    return errorResponse(err, locale);
  }
}
