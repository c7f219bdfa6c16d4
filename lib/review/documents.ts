import 'server-only';
import { and, asc, count, eq } from 'drizzle-orm';
import { ApiError, readCapped } from '@/lib/api/errors';
import { audit, type Actor } from '@/lib/audit/log';
import { applicationDocuments, tutorApplications, users } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { attachmentDisposition, checkDocument, DOCUMENT_MAX_BYTES, documentFileName } from '@/lib/media/document';
import { enforceLimits } from '@/lib/rate-limit';

/**
 * Documents a tutor attaches to their own application (issue 21: a reviewer asks for a diploma, the
 * tutor needs somewhere to put it). The tutor adds and removes them while the application waits for
 * them or has not been picked up yet; a reviewer opens them through the back office, each view an
 * audit row `application.document_view`. Never served publicly.
 */

type User = typeof users.$inferSelect;

export const MAX_DOCUMENTS = 5;
/** The statuses in which the tutor may add or remove documents: not while a reviewer is on it, not after approval. */
export const DOCUMENT_EDITABLE = ['submitted', 'rejected', 'changes_requested'] as const;

export interface DocumentItem {
  id: number;
  fileName: string;
  contentType: string;
  size: number;
  createdAt: string;
}

const columns = {
  id: applicationDocuments.id,
  fileName: applicationDocuments.fileName,
  contentType: applicationDocuments.contentType,
  size: applicationDocuments.size,
  createdAt: applicationDocuments.createdAt,
};

/** An application's documents, oldest first (no bytes). */
export async function listDocuments(db: Db, applicationId: number): Promise<DocumentItem[]> {
  const rows = await db.select(columns).from(applicationDocuments).where(eq(applicationDocuments.applicationId, applicationId)).orderBy(asc(applicationDocuments.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** The caller's own application: 403 for anyone but a tutor, 404 without one. */
async function ownApplication(db: Db, user: User) {
  if (user.role !== 'tutor') throw new ApiError(403, 'forbidden');
  const [app] = await db.select({ id: tutorApplications.id, status: tutorApplications.status }).from(tutorApplications).where(eq(tutorApplications.userId, user.id)).limit(1);
  if (!app) throw new ApiError(404, 'not_found');
  return app;
}

function assertEditable(status: string) {
  if (!(DOCUMENT_EDITABLE as readonly string[]).includes(status)) throw new ApiError(409, 'application_status');
}

/** The tutor's own documents. */
export async function ownDocuments(db: Db, user: User) {
  const app = await ownApplication(db, user);
  return { applicationId: app.id, status: app.status, documents: await listDocuments(db, app.id) };
}

/**
 * A document from the request's body (its name in `name`), checked by lib/media/document.ts; the
 * body is read capped at 10 MB. 409 `documents_limit` past 5 documents.
 */
export async function attachDocument(db: Db, user: User, req: Request, name: string | null) {
  const app = await ownApplication(db, user);
  assertEditable(app.status);
  if (Number(req.headers.get('content-length') ?? '0') > DOCUMENT_MAX_BYTES) throw new ApiError(413, 'payload_too_large');
  await enforceLimits(db, [{ key: `appdoc:${user.id}`, max: 30, windowSeconds: 3600 }]);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(applicationDocuments).where(eq(applicationDocuments.applicationId, app.id));
  if (n >= MAX_DOCUMENTS) throw new ApiError(409, 'documents_limit');
  const input = await readCapped(req, DOCUMENT_MAX_BYTES);
  if (!input.length) throw new ApiError(415, 'document_invalid');
  const { bytes, contentType } = await checkDocument(input);
  await transaction(db, async (tx) => {
    // Two uploads at once cannot both pass the limit: the application's row is locked while counting.
    await tx.select({ id: tutorApplications.id }).from(tutorApplications).where(eq(tutorApplications.id, app.id)).for('update');
    const [{ m } = { m: 0 }] = await tx.select({ m: count() }).from(applicationDocuments).where(eq(applicationDocuments.applicationId, app.id));
    if (m >= MAX_DOCUMENTS) throw new ApiError(409, 'documents_limit');
    await tx.insert(applicationDocuments).values({ applicationId: app.id, fileName: documentFileName(name, contentType), contentType, size: bytes.length, bytes });
  });
  return ownDocuments(db, user);
}

/** Removes one of the tutor's own documents (404 for anyone else's). */
export async function removeDocument(db: Db, user: User, documentId: number) {
  const app = await ownApplication(db, user);
  assertEditable(app.status);
  const gone = await db
    .delete(applicationDocuments)
    .where(and(eq(applicationDocuments.id, documentId), eq(applicationDocuments.applicationId, app.id)))
    .returning({ id: applicationDocuments.id });
  if (!gone.length) throw new ApiError(404, 'not_found');
  return ownDocuments(db, user);
}

/**
 * A reviewer opens a document of an application: the bytes as a download (attachment, nosniff,
 * never cached), one audit row `application.document_view` per view.
 */
export async function documentForStaff(db: Db, actor: Actor, applicationId: number, documentId: number): Promise<Response> {
  const [doc] = await db
    .select()
    .from(applicationDocuments)
    .where(and(eq(applicationDocuments.id, documentId), eq(applicationDocuments.applicationId, applicationId)))
    .limit(1);
  if (!doc) throw new ApiError(404, 'not_found');
  await audit(db, actor, { action: 'application.document_view', entity: 'tutor_application', entityId: applicationId, after: { documentId } });
  return new Response(new Uint8Array(doc.bytes), {
    headers: {
      'Content-Type': doc.contentType,
      'Content-Length': String(doc.bytes.length),
      'Content-Disposition': attachmentDisposition(doc.fileName),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  });
}
