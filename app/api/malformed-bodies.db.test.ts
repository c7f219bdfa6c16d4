import fc from 'fast-check';
import { NextRequest } from 'next/server';
import { CONSENT_VERSION } from '@/lib/consent';
import { beforeAll, describe, it, vi } from 'vitest';
import { openSession } from '@/lib/auth/http';
import { createAccount } from '@/lib/auth/register';
import { reviewApplication } from '@/lib/review/decide';
import { APPLICATION_STATUSES, REVIEW_REASONS } from '@/lib/validations/review';
import { dbLabel, useTestDb } from '@/test/db';
import { jsonRequest } from '@/test/http';
import { nasty as nastyValues, sweep } from '@/test/malformed';
import { call, enrolledStaff } from '@/test/staff';
import { POST as postLead } from './leads/route';
import { POST as postPromo } from './promo/check/route';
import { POST as postPlacement } from './tests/placement/route';
import { POST as postKazakh } from './tests/kazakh/route';
import { PUT as putAnswers } from './tests/attempt/answers/route';
import { POST as postFinish } from './tests/attempt/finish/route';
import { POST as postLeadStatus } from './admin/leads/[id]/status/route';
import { POST as postLeadAssign } from './admin/leads/[id]/assign/route';
import { POST as postLeadNote } from './admin/leads/[id]/notes/route';
import { PATCH as patchDuty } from './admin/staff/me/duty/route';
import { leads } from '@/lib/db/schema';
import { POST as postStart } from './admin/applications/[id]/start/route';
import { POST as postApprove } from './admin/applications/[id]/approve/route';
import { POST as postReject } from './admin/applications/[id]/reject/route';
import { POST as postChanges } from './admin/applications/[id]/changes/route';
import { POST as postResubmit } from './user2/application/resubmit/route';
import { POST as postStaffInvite } from './admin/staff/route';
import { PATCH as patchStaff } from './admin/staff/[id]/route';
import { POST as postMyPassword } from './admin/me/password/route';
import { POST as postMyRecovery } from './admin/me/recovery-codes/route';
import { POST as postProfileApprove } from './admin/profiles/[id]/approve/route';
import { POST as postProfileReject } from './admin/profiles/[id]/reject/route';
import { PUT as putProfile } from './cabinet/profile/route';
import { eq } from 'drizzle-orm';
import { tutorApplications } from '@/lib/db/schema';
import { PROFILE_AGES, PROFILE_LEVELS } from '@/lib/validations/tutor-profile';

const nasty = nastyValues(fc.constant('+7 701 123 45 67'));
const leadBody = fc.record(
  { kind: fc.oneof(nasty, fc.constantFrom('feedback', 'callback', 'trial', 'quiz')), name: nasty, phone: nasty, page: nasty, captchaToken: nasty, answers: nasty, consent: fc.oneof(nasty, fc.constant(CONSENT_VERSION)), plan: fc.oneof(nasty, fc.constantFrom('basic', 'intensive')), promoCode: fc.oneof(nasty, fc.constantFrom('TILMEN10', 'nope')) },
  { requiredKeys: [] },
);
const promoBody = fc.record({ code: fc.oneof(nasty, fc.constantFrom('TILMEN10', 'tilmen10')), audience: nasty }, { requiredKeys: [] });
const placementBody = fc.record({ company: fc.oneof(nasty, fc.constantFrom('demo', 'DEMO', '../demo', 'no-such')) }, { requiredKeys: [] });
const kazakhBody = fc.record(
  {
    firstName: fc.oneof(nasty, fc.constant('Әйгерім')),
    lastName: fc.oneof(nasty, fc.constant('Сәрсенова')),
    iin: fc.oneof(nasty, fc.constantFrom('900101300017', '061211600012', '900101300018', '9001013000', 'ЖСН')),
    workerCode: fc.oneof(nasty, fc.constant('HR-1')),
    company: fc.oneof(nasty, fc.constant('demo')),
    consent: fc.oneof(nasty, fc.constant(CONSENT_VERSION)),
    captchaToken: nasty,
  },
  { requiredKeys: [] },
);
const itemId = fc.oneof(fc.constantFrom('en-g-001', 'en-r-012', 'kk-v-003', 'en-x-001'), fc.string({ maxLength: 12 }));
const answersBody = fc.record(
  { answers: fc.oneof(nasty, fc.dictionary(itemId, fc.oneof(nasty, fc.integer({ min: -2, max: 6 })), { maxKeys: 5 })), position: fc.oneof(nasty, fc.integer()) },
  { requiredKeys: [] },
);
const status = fc.constantFrom('new', 'contacted', 'trial_scheduled', 'won', 'lost', 'NEW', 'open');
const leadMoveBody = fc.record({ status: fc.oneof(nasty, status), expected: fc.oneof(nasty, status), lostReason: fc.oneof(nasty, fc.constantFrom('no_answer', 'duplicate', 'weather')) }, { requiredKeys: [] });
const leadAssignBody = fc.record({ assigneeId: fc.oneof(nasty, fc.constantFrom('me', null, 1, 2, 999999, -1, 1.5)) }, { requiredKeys: [] });
const leadNoteBody = fc.record({ text: fc.oneof(nasty, fc.string({ maxLength: 2100 })) }, { requiredKeys: [] });
const dutyBody = fc.record({ onDuty: fc.oneof(nasty, fc.boolean()) }, { requiredKeys: [] });

const appStatus = fc.oneof(nasty, fc.constantFrom(...APPLICATION_STATUSES));
const moveBody = fc.record({ expected: appStatus, round: fc.oneof(nasty, fc.integer({ min: -1, max: 3 })) }, { requiredKeys: [] });
const decisionBody = fc.record(
  {
    expected: appStatus,
    round: fc.oneof(nasty, fc.integer({ min: -1, max: 3 })),
    reasons: fc.oneof(nasty, fc.array(fc.oneof(fc.constantFrom(...REVIEW_REASONS), fc.string({ maxLength: 12 })), { maxLength: 8 })),
    note: nasty,
  },
  { requiredKeys: [] },
);
const profileDecisionBody = fc.record(
  {
    submittedAt: fc.oneof(nasty, fc.constant('2026-11-23T10:00:00.000Z')),
    reasons: fc.oneof(nasty, fc.constant(['photo']), fc.array(fc.constantFrom('photo', 'about', 'other', 'x'))),
    reason: fc.oneof(nasty, fc.constant('Фото нечёткое')),
  },
  { requiredKeys: [] },
);
const profileBody = fc.record(
  {
    about: fc.oneof(nasty, fc.record({ ru: nasty, kk: fc.oneof(nasty, fc.constant('Қазақ тілін үйретемін. '.repeat(5))), en: nasty }, { requiredKeys: [] })),
    teachingLanguages: fc.oneof(nasty, fc.constant(['kk', 'ru'])),
    nativeSpeaker: fc.oneof(nasty, fc.boolean()),
    subjects: fc.oneof(nasty, fc.constant(['kazakh'])),
    levels: fc.oneof(nasty, fc.constant([...PROFILE_LEVELS])),
    ages: fc.oneof(nasty, fc.constant([...PROFILE_AGES])),
    price: fc.oneof(nasty, fc.integer({ min: -1, max: 100_000 })),
    experienceYears: fc.oneof(nasty, fc.integer({ min: -1, max: 70 })),
    video: fc.oneof(nasty, fc.constantFrom('https://youtu.be/dQw4w9WgXcQ', 'https://vimeo.com/76979871', 'javascript:alert(1)')),
  },
  { requiredKeys: [] },
);
const resubmitBody = fc.record(
  {
    id: fc.oneof(nasty, fc.integer({ min: -1, max: 5 }), fc.constant(2 ** 53)),
    name: fc.oneof(nasty, fc.constant('Әсем')),
    lastname: fc.oneof(nasty, fc.constant('Нұрланова')),
    secondname: nasty,
    tutorKind: fc.oneof(nasty, fc.constantFrom('local', 'international')),
    teachingLanguage: fc.oneof(nasty, fc.constantFrom('kk', 'ru', 'en')),
    subject: fc.oneof(nasty, fc.constantFrom('physics', 'english')),
  },
  { requiredKeys: [] },
);
const scopes = fc.oneof(nasty, fc.array(fc.oneof(nasty, fc.constantFrom('admin', 'sales', 'reviewer', 'student')), { maxLength: 5 }));
const staffInviteBody = fc.record(
  { email: fc.oneof(nasty, fc.constantFrom('new@school.kz', 'NEW@School.kz', 'not-an-email')), name: fc.oneof(nasty, fc.constant('Әлия Серікова')), scopes, locale: fc.oneof(nasty, fc.constantFrom('ru', 'kk', 'en', 'de')) },
  { requiredKeys: [] },
);
const staffPatchBody = fc.record({ scopes, disabled: fc.oneof(nasty, fc.boolean()), onDuty: fc.oneof(nasty, fc.boolean()), name: fc.oneof(nasty, fc.constant('Дана')) }, { requiredKeys: [] });
const totp = fc.oneof(nasty, fc.constantFrom('123456', '123 456', '12345', 'abcde-fghjk'));
const myPasswordBody = fc.record({ current: fc.oneof(nasty, fc.constant('Staff-Passw0rd')), password: fc.oneof(nasty, fc.constant('New-Steppe-2026')), confirm: fc.oneof(nasty, fc.constant('New-Steppe-2026')), code: totp }, { requiredKeys: [] });
const myRecoveryBody = fc.record({ code: totp }, { requiredKeys: [] });

describe(`malformed bodies never cause a 5xx (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });

  // Calls after a test's start carry its token: a real one, so the bodies reach the checks behind it.
  let token = '';
  const withToken = (req: ReturnType<typeof jsonRequest>) => {
    req.headers.set('x-test-token', token);
    return req;
  };
  beforeAll(async () => {
    token = ((await (await postPlacement(jsonRequest('/api/tests/placement', {}))).json()) as { token: string }).token;
  });

  // Back-office calls: a sales member's session, same origin, an existing lead.
  let staffCookie = '';
  let leadId = '';
  beforeAll(async () => {
    staffCookie = (await enrolledStaff(t.db, { email: 'sweep@school.kz', scopes: ['sales'] })).cookie;
    const [lead] = await t.db.insert(leads).values({ kind: 'callback', name: 'Sweep', phone: '+77010000001', locale: 'ru', page: '/' }).returning({ id: leads.id });
    leadId = String(lead!.id);
  });
  // A request's cookies are read when it is made: the staff cookie goes into a copy.
  const asStaff = (handler: unknown, params: () => Record<string, string> = () => ({})) => (req: ReturnType<typeof jsonRequest>) => {
    const headers = new Headers(req.headers);
    headers.set('cookie', staffCookie);
    headers.set('origin', 'http://localhost');
    return call(handler, new NextRequest(req, { headers }), params());
  };

  // The review calls as a signed-in reviewer on a real application; resubmission as its tutor.
  let reviewerCookie = '';
  let bearer = '';
  let applicationId = '1';
  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    reviewerCookie = (await enrolledStaff(t.db, { email: 'sweep-reviewer@school.kz', scopes: ['reviewer'] })).cookie;
    const created = await createAccount(t.db, {
      role: 'tutor', name: 'Әсем', lastname: 'Нұрланова', phone: '+77014440001', password: 'Mektep2025', subject: 'english',
      teachingLanguage: 'en', tutorKind: 'local', locale: 'kk', utmFirst: {}, utmLast: {}, consent: CONSENT_VERSION,
    });
    if (!created.ok) throw new Error('tutor exists');
    applicationId = String(created.application!.id);
    const actor = { kind: 'staff', id: null, label: 'sweep', ipHash: null } as const;
    await reviewApplication(t.db, actor, created.application!.id, 'changes', { expected: 'submitted', reasons: ['profile_data'] });
    bearer = (await openSession(t.db, created.user)).accessToken;
  });
  const asReviewer = (handler: unknown) => (req: ReturnType<typeof jsonRequest>) => {
    const headers = new Headers(req.headers);
    headers.set('cookie', reviewerCookie);
    headers.set('origin', 'http://localhost');
    return call(handler, new NextRequest(req, { headers }), { id: applicationId });
  };
  // The profile editor as an approved tutor.
  let approvedBearer = '';
  beforeAll(async () => {
    const created = await createAccount(t.db, {
      role: 'tutor', name: 'Дана', lastname: 'Серікова', phone: '+77014440002', password: 'Mektep2025', subject: 'kazakh',
      teachingLanguage: 'kk', tutorKind: 'local', locale: 'kk', utmFirst: {}, utmLast: {}, consent: CONSENT_VERSION,
    });
    if (!created.ok) throw new Error('tutor exists');
    await t.db.update(tutorApplications).set({ status: 'approved' }).where(eq(tutorApplications.userId, created.user.id));
    approvedBearer = (await openSession(t.db, created.user)).accessToken;
  });
  const asApprovedTutor = (req: ReturnType<typeof jsonRequest>) => {
    const headers = new Headers(req.headers);
    headers.set('authorization', `Bearer ${approvedBearer}`);
    return putProfile(new NextRequest(req, { method: 'PUT', headers }));
  };
  const asTutor = (req: ReturnType<typeof jsonRequest>) => {
    req.headers.set('authorization', `Bearer ${bearer}`);
    return postResubmit(req);
  };

  // Back-office calls carry a staff session and come from the same origin, so the bodies reach the checks.
  let adminCookie = '';
  let memberId = 0;
  beforeAll(async () => {
    const member = await enrolledStaff(t.db, { email: 'sweep-admin@school.kz', scopes: ['admin'] });
    adminCookie = member.cookie;
    memberId = (await enrolledStaff(t.db, { email: 'sweep-target@school.kz', scopes: ['sales'] })).id;
  });
  const asAdmin = (req: ReturnType<typeof jsonRequest>) => {
    const headers = new Headers(req.headers);
    headers.set('cookie', adminCookie);
    headers.set('origin', 'http://localhost');
    return new NextRequest(req, { headers });
  };

  const routes = [
    ['/api/admin/applications/:id/start', asReviewer(postStart), moveBody],
    ['/api/admin/applications/:id/approve', asReviewer(postApprove), moveBody],
    ['/api/admin/applications/:id/reject', asReviewer(postReject), decisionBody],
    ['/api/admin/applications/:id/changes', asReviewer(postChanges), decisionBody],
    ['/api/user2/application/resubmit', asTutor, resubmitBody],
    ['/api/admin/profiles/:id/approve', asReviewer(postProfileApprove), profileDecisionBody],
    ['/api/admin/profiles/:id/reject', asReviewer(postProfileReject), profileDecisionBody],
    ['/api/cabinet/profile (PUT)', asApprovedTutor, profileBody],
    ['/api/leads', postLead, leadBody],
    ['/api/promo/check', postPromo, promoBody],
    ['/api/tests/placement', postPlacement, placementBody],
    ['/api/tests/kazakh', postKazakh, kazakhBody],
    ['/api/tests/attempt/answers', (req: ReturnType<typeof jsonRequest>) => putAnswers(withToken(req)), answersBody],
    ['/api/tests/attempt/finish', (req: ReturnType<typeof jsonRequest>) => postFinish(withToken(req)), answersBody],
    ['/api/admin/leads/[id]/status', asStaff(postLeadStatus, () => ({ id: leadId })), leadMoveBody],
    ['/api/admin/leads/[id]/assign', asStaff(postLeadAssign, () => ({ id: leadId })), leadAssignBody],
    ['/api/admin/leads/[id]/notes', asStaff(postLeadNote, () => ({ id: leadId })), leadNoteBody],
    ['/api/admin/staff/me/duty', asStaff(patchDuty), dutyBody],
    ['/api/admin/staff', (req: ReturnType<typeof jsonRequest>) => postStaffInvite(asAdmin(req)), staffInviteBody],
    ['/api/admin/staff/[id] (PATCH)', (req: ReturnType<typeof jsonRequest>) => call(patchStaff, asAdmin(new NextRequest(req, { method: 'PATCH' })), { id: String(memberId) }), staffPatchBody],
    ['/api/admin/me/password', (req: ReturnType<typeof jsonRequest>) => postMyPassword(asAdmin(req)), myPasswordBody],
    ['/api/admin/me/recovery-codes', (req: ReturnType<typeof jsonRequest>) => postMyRecovery(asAdmin(req)), myRecoveryBody],
  ] as const;

  it('the back-office calls of the sweep are reached as a signed-in sales member (not stopped at 401/403)', async () => {
    const res = await asStaff(postLeadNote, () => ({ id: leadId }))(jsonRequest('/api/admin/leads/x/notes', { text: 'ok' }));
    if (res.status !== 201) throw new Error(`note: ${res.status}`);
  });

  for (const [path, handler, shaped] of routes) {
    it(`${path}: 50 shaped, 25 arbitrary JSON, 15 raw bodies`, () => sweep(path, handler, shaped as fc.Arbitrary<unknown>), 180_000);
  }
});
