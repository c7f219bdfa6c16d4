// POST /api/internal/backup - `npm run db:backup` against a running server with the embedded database:
// loopback only, signed with the application secret; the dump streams back (lib/backup/embedded.ts).
import { route } from '@/lib/api/route';
import { answerBackupCall } from '@/lib/backup/embedded';

export const POST = route(async ({ req, ip }) => answerBackupCall(req, ip));
