// POST /api/tests/placement - starts an English placement test: {company?} → 201 {token, test}.
import type { NextRequest } from 'next/server';
import { errorResponse, readJson } from '@/lib/api/errors';
import { requestContext } from '@/lib/api/context';
import { getDb } from '@/lib/db/client';
import { startPlacement } from '@/lib/quiz/attempts';
import { noStore, optionalUserId } from '@/lib/quiz/http';
import { limitPlacementByAddress } from '@/lib/quiz/limits';
import { placementStartSchema } from '@/lib/validations/tests';

export async function POST(req: NextRequest) {
  const { locale, ipHash } = requestContext(req);
  try {
    const input = placementStartSchema.parse(await readJson(req));
    const db = await getDb();
    await limitPlacementByAddress(db, ipHash);
    const { token, view } = await startPlacement(db, { company: input.company, userId: await optionalUserId(db, req), locale });
    return noStore({ token, test: view }, 201);
  } catch (err) {
    return errorResponse(err, locale);
  }
}
