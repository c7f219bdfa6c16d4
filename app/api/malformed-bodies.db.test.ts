import fc from 'fast-check';
import { CONSENT_VERSION } from '@/lib/consent';
import { beforeAll, describe, it } from 'vitest';
import { dbLabel, useTestDb } from '@/test/db';
import { jsonRequest } from '@/test/http';
import { nasty as nastyValues, sweep } from '@/test/malformed';
import { POST as postLead } from './leads/route';
import { POST as postPromo } from './promo/check/route';
import { POST as postPlacement } from './tests/placement/route';
import { POST as postKazakh } from './tests/kazakh/route';
import { PUT as putAnswers } from './tests/attempt/answers/route';
import { POST as postFinish } from './tests/attempt/finish/route';

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
describe(`malformed bodies never cause a 5xx (${dbLabel()})`, () => {
  useTestDb({ asAppDb: true });

  // Calls after a test's start carry its token: a real one, so the bodies reach the checks behind it.
  let token = '';
  const withToken = (req: ReturnType<typeof jsonRequest>) => {
    req.headers.set('x-test-token', token);
    return req;
  };
  beforeAll(async () => {
    token = ((await (await postPlacement(jsonRequest('/api/tests/placement', {}))).json()) as { token: string }).token;
  });

  const routes = [
    ['/api/leads', postLead, leadBody],
    ['/api/promo/check', postPromo, promoBody],
    ['/api/tests/placement', postPlacement, placementBody],
    ['/api/tests/kazakh', postKazakh, kazakhBody],
    ['/api/tests/attempt/answers', (req: ReturnType<typeof jsonRequest>) => putAnswers(withToken(req)), answersBody],
    ['/api/tests/attempt/finish', (req: ReturnType<typeof jsonRequest>) => postFinish(withToken(req)), answersBody],
  ] as const;

  for (const [path, handler, shaped] of routes) {
    it(`${path}: 200 shaped, 100 arbitrary JSON, 60 raw bodies`, () => sweep(path, handler, shaped as fc.Arbitrary<unknown>), 180_000);
  }
});
