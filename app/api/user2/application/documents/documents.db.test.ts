import { and, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openSession } from '@/lib/auth/http';
import { createAccount } from '@/lib/auth/register';
import { CONSENT_VERSION } from '@/lib/consent';
import { applicationDocuments, auditLog, tutorApplications, users } from '@/lib/db/schema';
import type { OpenDb } from '@/lib/db/open';
import ru from '@/messages/ru.json';
import kk from '@/messages/kk.json';
import en from '@/messages/en.json';
import { createTestDb, dbLabel, setAppDb } from '@/test/db';
import { call, enrolledStaff, staffRequest } from '@/test/staff';

type Doc = { id: number; fileName: string; contentType: string; size: number };
type Docs = { applicationId: number; status: string; documents: Doc[] };
type ErrorBody = { error: { code: string; message: string } };

const MiB = 1024 * 1024;
let phoneSeq = 1000;
const nextPhone = () => `+7701666${String(phoneSeq++).padStart(4, '0')}`;

async function pdf(opts: { encrypted?: boolean } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText('Diploma');
  let bytes = Buffer.from(await doc.save({ useObjectStreams: false }));
  // A trailer naming an encryption dictionary: what a password-protected PDF has.
  if (opts.encrypted) bytes = Buffer.from(bytes.toString('latin1').replace('trailer\n<<', 'trailer\n<<\n/Encrypt << /Filter /Standard /V 1 /R 2 >>'), 'latin1');
  return bytes;
}
const image = (format: 'png' | 'jpeg') =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366aa' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret gps' } } })
    [format]()
    .toBuffer();

describe(`documents attached to a tutor's application (${dbLabel()})`, () => {
  let t: OpenDb;
  let docs: { GET: unknown; POST: unknown }, remove: unknown, download: unknown, detail: unknown, resubmit: unknown;
  let reviewer: Awaited<ReturnType<typeof enrolledStaff>>;
  let sales: Awaited<ReturnType<typeof enrolledStaff>>;

  async function tutor(role: 'tutor' | 'student' = 'tutor') {
    const created = await createAccount(t.db, {
      role,
      name: 'Ержан',
      lastname: 'Қасымов',
      phone: nextPhone(),
      password: 'Mektep2025',
      subject: 'mathematics',
      teachingLanguage: 'kk',
      tutorKind: 'local',
      locale: 'ru',
      utmFirst: {},
      utmLast: {},
      consent: CONSENT_VERSION,
    });
    if (!created.ok) throw new Error('account exists');
    return { user: created.user, app: created.application, token: (await openSession(t.db, created.user)).accessToken };
  }

  const headers = (token: string, locale = 'ru') => new Headers({ authorization: `Bearer ${token}`, 'accept-language': locale, 'x-forwarded-for': '10.78.0.1' });
  const upload = (token: string, body: Uint8Array | ReadableStream<Uint8Array>, name = 'diploma.pdf', locale = 'ru') =>
    call(
      docs.POST,
      new NextRequest(`http://localhost/api/user2/application/documents?name=${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: headers(token, locale),
        body: body instanceof ReadableStream ? body : new Uint8Array(body),
        duplex: 'half',
      } as unknown as ConstructorParameters<typeof NextRequest>[1]),
    );
  const listOwn = async (token: string) => {
    const res = await call(docs.GET, new NextRequest('http://localhost/api/user2/application/documents', { headers: headers(token) }));
    return { status: res.status, body: (await res.json()) as Docs };
  };
  const removeAs = (token: string, id: number) =>
    call(remove, new NextRequest(`http://localhost/api/user2/application/documents/${id}`, { method: 'DELETE', headers: headers(token) }), { id: String(id) });
  const open = (appId: number, docId: number, cookie: string) =>
    call(download, staffRequest(`/api/admin/applications/${appId}/documents/${docId}`, { cookie }), { id: String(appId), docId: String(docId) });
  const setStatus = (id: number, status: 'changes_requested' | 'in_review' | 'submitted') => t.db.update(tutorApplications).set({ status }).where(eq(tutorApplications.id, id));

  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    t = await createTestDb();
    setAppDb(t);
    docs = (await import('./route')) as typeof docs;
    ({ DELETE: remove } = await import('./[id]/route'));
    ({ GET: download } = await import('../../../admin/applications/[id]/documents/[docId]/route'));
    ({ GET: detail } = await import('../../../admin/applications/[id]/route'));
    ({ POST: resubmit } = await import('../resubmit/route'));
    reviewer = await enrolledStaff(t.db, { email: 'reviewer-docs@school.kz', scopes: ['reviewer'] });
    sales = await enrolledStaff(t.db, { email: 'sales-docs@school.kz', scopes: ['sales'] });
  });
  afterAll(() => t.close());

  it('the error messages exist in every language', () => {
    for (const m of [ru, kk, en]) for (const code of ['document_invalid', 'document_encrypted', 'documents_limit'] as const) expect(m.Errors[code]).toBeTruthy();
    expect(kk.Errors.document_invalid).not.toBe(ru.Errors.document_invalid);
  });

  it('accepts a PDF, a PNG and a JPEG (images re-encoded without metadata), refuses anything else, and stops at 5 files', async () => {
    const a = await tutor();
    await setStatus(a.app!.id, 'changes_requested');
    const original = await pdf();
    let res = await upload(a.token, original, '../../Диплом.PDF');
    expect(res.status).toBe(200);
    res = await upload(a.token, await image('png'), 'scan.png');
    expect(res.status).toBe(200);
    res = await upload(a.token, await image('jpeg'), 'photo'); // no extension: the right one is added
    expect(res.status).toBe(200);
    const { documents } = (await res.json()) as Docs;
    expect(documents.map((d) => [d.fileName, d.contentType])).toEqual([
      ['Диплом.PDF', 'application/pdf'],
      ['scan.png', 'image/png'],
      ['photo.jpg', 'image/jpeg'],
    ]);
    const stored = await t.db.select().from(applicationDocuments).where(eq(applicationDocuments.applicationId, a.app!.id));
    expect(Buffer.compare(stored[0]!.bytes, original)).toBe(0);
    expect((await sharp(stored[2]!.bytes).metadata()).exif).toBeUndefined();

    // An executable named .pdf, a PNG signature over garbage, an encrypted PDF, a PDF header over garbage.
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(4000, 7)]);
    for (const [body, name, code] of [
      [exe, 'diploma.pdf', 'document_invalid'],
      [Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(5000, 0x41)]), 'scan.png', 'document_invalid'],
      [Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(3000, 0x42)]), 'fake.pdf', 'document_invalid'],
      [await pdf({ encrypted: true }), 'locked.pdf', 'document_encrypted'],
    ] as const) {
      const bad = await upload(a.token, body, name, 'kk');
      expect(bad.status, name).toBe(415);
      const err = ((await bad.json()) as ErrorBody).error;
      expect(err.code, name).toBe(code);
      expect(err.message).toBe(kk.Errors[code]);
    }

    // A body past 10 MB is cut at the cap: the stream is not read to its end.
    let pulled = 0;
    const huge = new ReadableStream<Uint8Array>({
      pull(c) {
        if (pulled >= 40 * MiB) return c.close();
        pulled += MiB;
        c.enqueue(pulled === MiB ? Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(MiB - 9)]) : new Uint8Array(MiB));
      },
    });
    const big = await upload(a.token, huge);
    expect(big.status).toBe(413);
    expect(pulled).toBeLessThanOrEqual(12 * MiB);

    expect((await upload(a.token, await pdf())).status).toBe(200);
    expect((await upload(a.token, await pdf())).status).toBe(200);
    const sixth = await upload(a.token, await pdf());
    expect(sixth.status).toBe(409);
    expect(((await sixth.json()) as ErrorBody).error.code).toBe('documents_limit');
    expect((await listOwn(a.token)).body.documents).toHaveLength(5);
  });

  it("another tutor neither sees nor deletes them; a student has no application's documents", async () => {
    const a = await tutor();
    const b = await tutor();
    expect((await upload(a.token, await pdf())).status).toBe(200);
    const [mine] = (await listOwn(a.token)).body.documents;
    const theirs = await listOwn(b.token);
    expect(theirs.status).toBe(200);
    expect(theirs.body.documents).toEqual([]);
    expect((await removeAs(b.token, mine!.id)).status).toBe(404);
    expect((await listOwn(a.token)).body.documents).toHaveLength(1);
    const student = await tutor('student');
    expect((await listOwn(student.token)).status).toBe(403);
    expect((await upload(student.token, await pdf())).status).toBe(403);
    // Signed out.
    expect((await call(docs.GET, new NextRequest('http://localhost/api/user2/application/documents'))).status).toBe(401);
  });

  it('only a reviewer opens them: a download (attachment, nosniff), audited each time; 403 for sales, 401 signed out', async () => {
    const a = await tutor();
    const original = await pdf();
    expect((await upload(a.token, original, 'Диплом "КазНУ".pdf')).status).toBe(200);
    const [doc] = (await listOwn(a.token)).body.documents;
    const appId = a.app!.id;

    expect((await open(appId, doc!.id, sales.cookie)).status).toBe(403);
    expect((await call(download, staffRequest(`/api/admin/applications/${appId}/documents/${doc!.id}`), { id: String(appId), docId: String(doc!.id) })).status).toBe(401);
    expect((await open(appId + 1000, doc!.id, reviewer.cookie)).status).toBe(404); // not this application's document

    const res = await open(appId, doc!.id, reviewer.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"]*"; filename\*=UTF-8''/);
    expect(res.headers.get('content-disposition')).toContain(encodeURIComponent('Диплом КазНУ.pdf'));
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), original)).toBe(0);
    await open(appId, doc!.id, reviewer.cookie);
    const views = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'application.document_view'), eq(auditLog.entityId, String(appId))));
    expect(views).toHaveLength(2);
    expect(views[0]).toMatchObject({ actorKind: 'staff', actorLabel: 'reviewer-docs@school.kz', after: { documentId: doc!.id } });

    // The application's page lists them (names, types, sizes; no bytes).
    const page = await call(detail, staffRequest(`/api/admin/applications/${appId}`, { cookie: reviewer.cookie }), { id: String(appId) });
    const body = (await page.json()) as { application: { documents: Doc[] } };
    expect(body.application.documents).toEqual([expect.objectContaining({ id: doc!.id, fileName: 'Диплом КазНУ.pdf', contentType: 'application/pdf', size: original.length })]);
    expect(JSON.stringify(body)).not.toContain('bytes');
  });

  it('the tutor removes one before resubmitting; resubmission keeps the rest; none can change while in review; they go with the account', async () => {
    const a = await tutor();
    const appId = a.app!.id;
    await setStatus(appId, 'changes_requested');
    for (const name of ['one.pdf', 'two.pdf']) expect((await upload(a.token, await pdf(), name)).status).toBe(200);
    const [one] = (await listOwn(a.token)).body.documents;
    const removed = await removeAs(a.token, one!.id);
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as Docs).documents.map((d) => d.fileName)).toEqual(['two.pdf']);
    expect((await removeAs(a.token, one!.id)).status).toBe(404);

    const res = await call(
      resubmit,
      new NextRequest('http://localhost/api/user2/application/resubmit', {
        method: 'POST',
        headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json', 'x-forwarded-for': '10.78.0.2' },
        body: JSON.stringify({ id: appId, name: 'Ержан', lastname: 'Қасымов', secondname: '', tutorKind: 'local', teachingLanguage: 'kk', subject: 'physics' }),
      }),
    );
    expect(res.status).toBe(200);
    expect((await listOwn(a.token)).body).toMatchObject({ status: 'submitted', documents: [{ fileName: 'two.pdf' }] });

    await setStatus(appId, 'in_review');
    const locked = await upload(a.token, await pdf());
    expect(locked.status).toBe(409);
    expect(((await locked.json()) as ErrorBody).error.code).toBe('application_status');
    const [two] = (await listOwn(a.token)).body.documents;
    expect((await removeAs(a.token, two!.id)).status).toBe(409);

    // Retention (or the tutor) deleting the account deletes the application and its documents.
    await t.db.delete(users).where(eq(users.id, a.user.id));
    expect(await t.db.select().from(applicationDocuments).where(eq(applicationDocuments.applicationId, appId))).toEqual([]);
  });
});
