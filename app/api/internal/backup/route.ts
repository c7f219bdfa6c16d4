import { ApiError } from '@/lib/api/errors';
import { route } from '@/lib/api/route';
import { backupFileName, spendBackupSignature, validBackupSignature } from '@/lib/backup/embedded';
import { getOpenDb } from '@/lib/db/client';
import { appSecret } from '@/lib/env';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * `npm run db:backup` against a running server with the embedded database: the server holds the
 * data folder, so it takes the dump itself (lib/backup/embedded.ts) and streams it back. Loopback
 * only, signed with the application secret (X-Backup-Time, X-Backup-Signature); anything else, and
 * any server on PostgreSQL, answers 404.
 */
export const POST = route(async ({ req, ip }) => {
  if (!LOOPBACK.has(ip) || !validBackupSignature(appSecret(), req.headers.get('x-backup-time'), req.headers.get('x-backup-signature'))) {
    throw new ApiError(404, 'not_found');
  }
  const opened = await getOpenDb();
  if (!opened.dump) throw new ApiError(404, 'not_found');
  if (!(await spendBackupSignature(opened.db, req.headers.get('x-backup-signature')!))) throw new ApiError(404, 'not_found');
  return new Response(await opened.dump(), {
    headers: {
      'Content-Type': 'application/gzip',
      'Content-Disposition': `attachment; filename="${backupFileName()}"`,
      'Cache-Control': 'no-store',
    },
  });
});
