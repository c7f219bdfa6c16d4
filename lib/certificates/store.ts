import 'server-only';
import { eq } from 'drizzle-orm';
import { certificatePdfs, type certificates } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { absoluteUrl } from '@/lib/seo';
import { renderCertificatePdf } from './pdf';

type CertificateRow = typeof certificates.$inferSelect;

/**
 * A certificate's PDF is rendered once (about 100 ms of CPU) and kept in certificate_pdfs; every
 * later download is a read. Concurrent first downloads in one process share one render, and across
 * instances the first stored row wins (ON CONFLICT DO NOTHING, then read back), so every download of
 * a certificate returns the same bytes.
 */
const rendering = new Map<number, Promise<Buffer>>();

async function stored(db: Db, certificateId: number): Promise<Buffer | undefined> {
  const [row] = await db.select({ pdf: certificatePdfs.pdf }).from(certificatePdfs).where(eq(certificatePdfs.certificateId, certificateId)).limit(1);
  return row?.pdf;
}

async function renderAndKeep(db: Db, c: CertificateRow): Promise<Buffer> {
  const pdf = await renderCertificatePdf({
    number: c.number,
    firstName: c.firstName,
    lastName: c.lastName,
    level: c.level,
    levelName: c.levelName,
    company: c.companyName,
    issuedAt: c.issuedAt,
    identityChecked: c.identityChecked,
    verifyUrl: absoluteUrl(`/certificate/${c.number}`),
  });
  await db.insert(certificatePdfs).values({ certificateId: c.id, pdf: Buffer.from(pdf) }).onConflictDoNothing();
  const kept = await stored(db, c.id);
  if (!kept) throw new Error(`certificate ${c.id}: PDF not stored`);
  return kept;
}

export async function certificatePdf(db: Db, c: CertificateRow): Promise<Buffer> {
  const kept = await stored(db, c.id);
  if (kept) return kept;
  let pending = rendering.get(c.id);
  if (!pending) {
    pending = renderAndKeep(db, c).finally(() => rendering.delete(c.id));
    rendering.set(c.id, pending);
  }
  return pending;
}
