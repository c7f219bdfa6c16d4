import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOMAIN_USES, LIB_FLOORS } from './boundaries.mjs';

// Each boundary rule is run through the project's own eslint.config.mjs on a snippet placed at a
// path of the tree (the snippet need not exist on disk; what it imports does), so a rule that is
// switched off, loses its scope or stops resolving `@/` imports fails here, not silently in CI.
const ROOT = path.resolve(__dirname, '..');
const RULES = [
  'import-x/no-cycle',
  'import-x/no-restricted-paths',
  'boundaries/server-only-marker',
  'boundaries/no-server-code-in-client',
  'boundaries/thin-route-handlers',
  'boundaries/no-queries-in-pages',
  'no-restricted-syntax',
];

let eslint: ESLint;

async function problems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return result!.messages
    .filter((m) => m.ruleId === null || RULES.includes(m.ruleId))
    .map((m) => ({ rule: m.ruleId, severity: m.severity, message: m.message }));
}

describe('import boundaries (eslint.config.mjs)', { timeout: 180_000 }, () => {
  beforeAll(() => {
    eslint = new ESLint({ cwd: ROOT });
  });

  it('reports an import cycle', async () => {
    // lib/validations/lead.ts imports lib/phone.ts; phone importing lead back closes the cycle.
    expect(readFileSync(path.join(ROOT, 'lib/validations/lead.ts'), 'utf8')).toContain("from '@/lib/phone'");
    const found = await problems('lib/phone.ts', "import { leadFormSchema } from '@/lib/validations/lead';\nexport const schema = leadFormSchema;\n");
    expect(found).toContainEqual(expect.objectContaining({ rule: 'import-x/no-cycle', severity: 2 }));
  });

  it.each([
    ['lib/ → components/', 'lib/fixture.ts', "import { Field } from '@/components/forms/field';\nexport const f = Field;\n", /lib\/ never imports components/],
    ['lib/ → app/', 'lib/fixture.ts', "import { fontVariables } from '@/app/fonts';\nexport const f = fontVariables;\n", /lib\/ never imports app/],
    ['components/ → app/', 'components/layout/fixture.tsx', "import { fontVariables } from '@/app/fonts';\nexport const f = fontVariables;\n", /components\/ never import app/],
    ['components/ → lib/db (even a type)', 'components/quiz/fixture.ts', "import type { Db } from '@/lib/db/types';\nexport type D = Db;\n", /never import the database/],
    ['server lib/ → lib/browser/', 'lib/auth/fixture.ts', "import { api } from '@/lib/browser/api/client';\nexport const a = api;\n", /never imports browser code/],
  ])('forbids %s', async (_, file, code, message) => {
    const found = await problems(file, code);
    expect(found).toContainEqual({ rule: 'import-x/no-restricted-paths', severity: 2, message: expect.stringMatching(message) });
  });

  // lib/'s floors (lint/boundaries.mjs LIB_FLOORS): kernel → services → core → domains → server, never back up.
  it.each([
    ['kernel → services', 'lib/db/fixture.ts', "import { signIn } from '@/lib/auth/sign-in';\nexport const s = signIn;\n", /the kernel floor .* never imports the services floor/],
    ['kernel → services (the route wrapper)', 'lib/api/fixture.ts', "import { route } from '@/lib/api/route';\nexport const r = route;\n", /the kernel floor .* never imports the services floor/],
    ['kernel → domains', 'lib/outbox/fixture.ts', "import { moveLead } from '@/lib/leads/pipeline';\nexport const m = moveLead;\n", /the kernel floor .* never imports the domains floor/],
    ['kernel → server (a file directly under lib/)', 'lib/fixture.ts', "import { pruneTables } from '@/lib/server/services';\nexport const p = pruneTables;\n", /the kernel floor .* never imports the server floor/],
    ['kernel → core (the money)', 'lib/db/fixture.ts', "import { post } from '@/lib/money/ledger';\nexport const p = post;\n", /the kernel floor .* never imports the core floor/],
    ['services → core (the lesson)', 'lib/auth/fixture.ts', "import { cancelLesson } from '@/lib/lessons/booking';\nexport const c = cancelLesson;\n", /the services floor .* never imports the core floor/],
    ['core → domains: the lesson → payments', 'lib/lessons/fixture.ts', "import { startCheckout } from '@/lib/payments/checkout';\nexport const s = startCheckout;\n", /the core floor .* never imports the domains floor/],
    ['core → domains: the lesson → the room', 'lib/lessons/fixture.ts', "import { roomStream } from '@/lib/lesson-room/stream';\nexport const r = roomStream;\n", /the core floor .* never imports the domains floor/],
    ['core → domains: the money → marketplace', 'lib/money/fixture.ts', "import { readPublishedTutors } from '@/lib/marketplace/catalogue';\nexport const r = readPublishedTutors;\n", /the core floor .* never imports the domains floor/],
    ['services → domains', 'lib/auth/fixture.ts', "import { moveLead } from '@/lib/leads/pipeline';\nexport const m = moveLead;\n", /the services floor .* never imports the domains floor/],
    ['services → server', 'lib/sms/fixture.ts', "import { prune } from '@/lib/retention';\nexport const p = prune;\n", /the services floor .* never imports the server floor/],
    ['domains → server', 'lib/leads/fixture.ts', "import { pruneTables } from '@/lib/server/services';\nexport const p = pruneTables;\n", /the domains floor .* never imports the server floor/],
  ])('forbids an upward import between lib/ floors: %s', async (_, file, code, message) => {
    const found = await problems(file, `import 'server-only';\n${code}`);
    expect(found).toContainEqual({ rule: 'import-x/no-restricted-paths', severity: 2, message: expect.stringMatching(message) });
  });

  // Inside the domains floor (lint/boundaries.mjs DOMAIN_USES): no feature calls another sideways.
  it.each([
    ['payments → marketplace', 'lib/payments/fixture.ts', "import { readPublishedTutors } from '@/lib/marketplace/catalogue';\nexport const r = readPublishedTutors;\n", /lib\/payments never imports another domain sideways/],
    ['marketplace → payments', 'lib/marketplace/fixture.ts', "import { startCheckout } from '@/lib/payments/checkout';\nexport const s = startCheckout;\n", /lib\/marketplace never imports another domain sideways/],
    ['the room → payments', 'lib/lesson-room/fixture.ts', "import { studentMoney } from '@/lib/payments/cabinet';\nexport const s = studentMoney;\n", /lib\/lesson-room never imports another domain sideways/],
    ['payments → the room, a type only', 'lib/payments/fixture.ts', "import type { RoomEvent } from '@/lib/lesson-room/events';\nexport type R = RoomEvent;\n", /lib\/payments never imports another domain sideways/],
    ['a tie DOMAIN_USES does not name (quiz → leads)', 'lib/quiz/fixture.ts', "import { moveLead } from '@/lib/leads/pipeline';\nexport const m = moveLead;\n", /lib\/quiz never imports another domain sideways/],
  ])('forbids a sideways import between domains: %s', async (_, file, code, message) => {
    const found = await problems(file, `import 'server-only';\n${code}`);
    expect(found).toContainEqual({ rule: 'import-x/no-restricted-paths', severity: 2, message: expect.stringMatching(message) });
  });

  it('names every domain in DOMAIN_USES, no tie among the lesson\'s features, and no circle', () => {
    const domains = LIB_FLOORS.find((f) => f.name === 'domains')!.paths!;
    expect(Object.keys(DOMAIN_USES).sort()).toEqual([...domains].sort());
    const uses = DOMAIN_USES as Record<string, string[]>;
    for (const used of Object.values(uses)) for (const d of used) expect(domains).toContain(d);
    const features = ['lib/marketplace', 'lib/payments', 'lib/lesson-room'];
    for (const f of features) expect(uses[f]!.filter((d) => features.includes(d)), f).toEqual([]);
    // A circle would let two domains lean on each other: walk every path from every domain.
    const reaches = (from: string, to: string, seen = new Set<string>()): boolean =>
      uses[from]!.some((d) => d === to || (!seen.has(d) && (seen.add(d), reaches(d, to, seen))));
    expect(domains.filter((d) => reaches(d, d))).toEqual([]);
  });

  it('has no circle among lib/ folders, and lib/db stands alone at the bottom', () => {
    // A unit is a folder directly under lib/, a single module there, or a file LIB_FLOORS puts on
    // another floor than its folder (lib/api/route.ts). Every import counts, type-only ones too;
    // tests are left out (they may reach across).
    const split = LIB_FLOORS.flatMap((f) => f.paths ?? []).filter((p) => p.split('/').length === 3);
    const unitOf = (file: string) => split.find((p) => file === p) ?? file.split('/').slice(0, 2).join('/').replace(/\.(ts|tsx|mts|mjs)$/, '');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(path.join(ROOT, dir))) {
        const rel = `${dir}/${name}`;
        if (statSync(path.join(ROOT, rel)).isDirectory()) {
          if (name !== 'migrations') walk(rel);
        } else if (/\.(ts|tsx|mts|mjs)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.mts')) files.push(rel);
      }
    };
    walk('lib');
    const resolve = (spec: string, from: string) => {
      const base = spec.startsWith('@/') ? spec.slice(2) : spec.startsWith('.') ? path.posix.join(path.posix.dirname(from), spec) : null;
      if (!base) return null;
      return ['', '.ts', '.tsx', '.mts', '.mjs', '/index.ts'].map((e) => base + e).find((f) => existsSync(path.join(ROOT, f)) && statSync(path.join(ROOT, f)).isFile()) ?? null;
    };
    const edges = new Map<string, Set<string>>();
    for (const file of files) {
      for (const [, spec] of readFileSync(path.join(ROOT, file), 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
        const target = resolve(spec!, file);
        if (!target?.startsWith('lib/')) continue;
        const [a, b] = [unitOf(file), unitOf(target)];
        if (a !== b) edges.set(a, (edges.get(a) ?? new Set()).add(b));
      }
    }
    expect(edges.size).toBeGreaterThan(30);
    const reaches = (from: string, to: string, seen = new Set<string>()): boolean =>
      [...(edges.get(from) ?? [])].some((u) => u === to || (!seen.has(u) && (seen.add(u), reaches(u, to, seen))));
    expect([...edges.keys()].filter((u) => reaches(u, u))).toEqual([]);
    // The database stands on nothing but its settings (lib/env.ts) and the pure rules its tables
    // check (lib/validations: the pipeline's stages, staff scopes); neither reaches a database.
    expect([...(edges.get('lib/db') ?? [])].sort()).toEqual(['lib/env', 'lib/validations']);
  });

  it('lets every lib/ floor import its own and the floors below it', async () => {
    const lines = (...specs: string[]) => ["import 'server-only';", ...specs.map((s, i) => `import * as m${i} from '${s}';`), `export const all = [${specs.map((_, i) => `m${i}`).join(', ')}];`].join('\n');
    // A domain (the lesson room, a folder still to come, included) on services and the kernel.
    expect(await problems('lib/lesson-room/fixture.ts', lines('@/lib/auth/sign-in', '@/lib/api/route', '@/lib/outbox/kick', '@/lib/lessons/booking'))).toEqual([]);
    // A domain on the core floor: payments on the lesson and the money; a declared sideways tie.
    expect(await problems('lib/payments/fixture.ts', lines('@/lib/lessons/money', '@/lib/lessons/availability', '@/lib/money/ledger', '@/lib/promo/check'))).toEqual([]);
    // The core floor on services and the kernel: the lesson calls money.
    expect(await problems('lib/lessons/fixture.ts', lines('@/lib/money/ledger', '@/lib/money/model', '@/lib/auth/scope', '@/lib/sms/notify-budget', '@/lib/db/client'))).toEqual([]);
    // The route wrapper, a service, checks captchas; a service on the kernel.
    expect(await problems('lib/api/route.ts', lines('@/lib/captcha/policy', '@/lib/api/errors', '@/lib/db/client'))).toEqual([]);
    expect(await problems('lib/staff/fixture.ts', lines('@/lib/api/route', '@/lib/captcha/policy', '@/lib/time/school-clock'))).toEqual([]);
    // The server's wiring on everything.
    expect(await problems('lib/server/fixture.ts', lines('@/lib/leads/reminders', '@/lib/sms/codes', '@/lib/retention', '@/lib/runtime/background'))).toEqual([]);
  });

  it.each([
    ['a Node built-in', "import { randomBytes } from 'node:crypto';\nexport const r = randomBytes;\n", /node:crypto/],
    ['the database', "import { leads } from '@/lib/db/schema';\nexport const l = leads;\n", /lib\/db\/schema\.ts/],
    ['the secrets', "import { env } from '@/lib/env';\nexport const e = env;\n", /lib\/env\.ts/],
    ['a server-only module', "import { hit } from '@/lib/rate-limit';\nexport const h = hit;\n", /lib\/rate-limit\.ts \(server-only\)/],
    ['a server package', "import QRCode from 'qrcode';\nexport const q = QRCode;\n", /'qrcode'/],
  ])('wants the server-only marker on a lib/ module that imports %s', async (_, code, message) => {
    const found = await problems('lib/fixture.ts', code);
    expect(found).toContainEqual({ rule: 'boundaries/server-only-marker', severity: 2, message: expect.stringMatching(message) });
    expect(await problems('lib/fixture.ts', `import 'server-only';\n${code}`)).toEqual([]);
  });

  it('keeps server code out of a client component, also through modules in between', async () => {
    const direct = await problems('app/[locale]/fixture.tsx', "'use client';\nimport { getDb } from '@/lib/db/client';\nexport const g = getDb;\n");
    expect(direct).toContainEqual(expect.objectContaining({ rule: 'boundaries/no-server-code-in-client', severity: 2 }));
    // The page is a server component (no marker of its own) that encodes the QR code with lib/qr.ts.
    const page = '@/app/[locale]/(registration)/reset-password/qr/page';
    const through = await problems('app/[locale]/fixture.tsx', `'use client';\nimport Page from '${page}';\nexport const P = Page;\n`);
    expect(through).toContainEqual({
      rule: 'boundaries/no-server-code-in-client',
      severity: 2,
      message: expect.stringContaining(`${page} → lib/qr.ts (server-only)`),
    });
    // Dynamic imports end up in the client bundle too.
    const lazy = await problems('components/auth/fixture.ts', "'use client';\nexport const load = () => import('@/lib/auth/tokens');\n");
    expect(lazy).toContainEqual(expect.objectContaining({ rule: 'boundaries/no-server-code-in-client' }));
  });

  it('opens a page with its own security policy by a whole page load, never next/link', async () => {
    const code = (href: string) => `import { Link } from '@/i18n/navigation';\nexport const L = ({ id }: { id: number }) => <Link href=${href}>x</Link>;\n`;
    for (const href of ['"/checkout?chat=1"', '{`/kk/checkout?group=${id}`}', '{`/cabinet/study/${id}/u1`}', '"/cabinet/homework"', '{`/lesson/${id}`}']) {
      expect(await problems('components/cabinet/fixture.tsx', code(href)), href).toContainEqual(expect.objectContaining({ rule: 'no-restricted-syntax', message: expect.stringContaining('own security policy') }));
    }
    for (const href of ['"/cabinet"', '"/cabinet/study"', '{`/tutors/${id}`}']) expect(await problems('components/cabinet/fixture.tsx', code(href)), href).toEqual([]);
  });

  it('keeps server code out of lib/browser/ and out of components/, even server components', async () => {
    const browser = await problems('lib/browser/fixture.ts', "import { hit } from '@/lib/rate-limit';\nexport const h = hit;\n");
    expect(browser).toContainEqual(expect.objectContaining({ rule: 'boundaries/no-server-code-in-client', severity: 2 }));
    const component = await problems('components/auth/fixture.tsx', "import { qrSvg } from '@/lib/qr';\nexport const q = qrSvg;\n");
    expect(component).toContainEqual(expect.objectContaining({ rule: 'boundaries/no-server-code-in-client', severity: 2 }));
    const encoder = await problems('components/auth/fixture.tsx', "import QRCode from 'qrcode';\nexport const q = QRCode;\n");
    expect(encoder).toContainEqual(expect.objectContaining({ rule: 'boundaries/no-server-code-in-client', severity: 2 }));
  });

  it.each([
    ['drizzle-orm', "import { eq } from 'drizzle-orm';\nexport const e = eq;\n", /'drizzle-orm' \(Drizzle queries\)/],
    ['a drizzle-orm subpath', "import { pgTable } from 'drizzle-orm/pg-core';\nexport const p = pgTable;\n", /'drizzle-orm'/],
    ['lib/db/schema', "import { leads } from '@/lib/db/schema';\nexport const l = leads;\n", /'lib\/db\/schema\.ts' \(the tables\)/],
    ['lib/db/schema by a relative path, as a type', "import type { users } from '../../../lib/db/schema';\nexport type U = typeof users;\n", /lib\/db\/schema\.ts/],
    ['a table by its domain file', "import { leads } from '@/lib/db/tables/leads';\nexport const l = leads;\n", /'lib\/db\/tables\/leads\.ts' \(the tables\)/],
    ['lib/rate-limit', "import { hit } from '@/lib/rate-limit';\nexport const h = hit;\n", /'lib\/rate-limit\.ts' \(rate limits\)/],
    ['lib/db itself (the handler has ctx.db)', "import { getDb } from '@/lib/db/client';\nexport const g = getDb;\n", /'lib\/db\/client\.ts' \(the database/],
    ['lib/db, even a type', "import type { Db } from '@/lib/db/types';\nexport type D = Db;\n", /'lib\/db\/types\.ts' \(the database/],
  ])('keeps %s out of a route handler', async (_, code, message) => {
    const found = await problems('app/api/fixture/route.ts', code);
    expect(found).toContainEqual({ rule: 'boundaries/thin-route-handlers', severity: 2, message: expect.stringMatching(message) });
    // Only route handlers: a test beside them may set up tables, and lib/ is where the work goes.
    expect(await problems('app/api/fixture/route.db.test.ts', code)).toEqual([]);
  });

  it.each([
    ['an office page', 'app/[locale]/admin/(office)/fixture/page.tsx', "import { eq } from 'drizzle-orm';\nexport const e = eq;\n", /'drizzle-orm' \(Drizzle queries\)/],
    ['a portal layout', 'app/[locale]/company/(portal)/fixture/layout.tsx', "import { companies } from '@/lib/db/schema';\nexport const c = companies;\n", /'lib\/db\/schema\.ts' \(the tables\)/],
    ['a public page, a type only', 'app/[locale]/(student)/fixture/page.tsx', "import type { leads } from '@/lib/db/schema';\nexport type L = typeof leads;\n", /'lib\/db\/schema\.ts'/],
    ['the root layout', 'app/layout.tsx', "import { sql } from 'drizzle-orm';\nexport const s = sql;\n", /'drizzle-orm'/],
    ['a page, a table by its domain file', 'app/[locale]/admin/(office)/fixture/page.tsx', "import { staff } from '@/lib/db/tables/staff';\nexport const s = staff;\n", /'lib\/db\/tables\/staff\.ts' \(the tables\)/],
  ])('keeps Drizzle and the schema out of %s', async (_, file, code, message) => {
    const found = await problems(file, code);
    expect(found).toContainEqual({ rule: 'boundaries/no-queries-in-pages', severity: 2, message: expect.stringMatching(message) });
    // Only pages and layouts: a page's own helper beside it is not fenced by this rule.
    expect((await problems(file.replace(/(page|layout)\.tsx$/, 'fixture-helper.tsx'), code)).filter((p) => p.rule === 'boundaries/no-queries-in-pages')).toEqual([]);
  });

  it('lets the allowed directions through', async () => {
    // A client component with browser code, shared lib/ code and a type from a server module (erased).
    const client = [
      "'use client';",
      "import { api } from '@/lib/browser/api/client';",
      "import { formatKzPhone } from '@/lib/phone';",
      "import type { QrSvg } from '@/lib/qr';",
      "import { Field } from '@/components/forms/field';",
      'export const all = [api, formatKzPhone, Field];',
      'export type Q = QrSvg;',
    ].join('\n');
    expect(await problems('components/forms/fixture.tsx', client)).toEqual([]);
    // app/ may use server code; a server component may use components/' own server helpers.
    expect(await problems('app/[locale]/fixture.tsx', "import { getDb } from '@/lib/db/client';\nexport const g = getDb;\n")).toEqual([]);
    // A page gets the database and hands it to a use case.
    const page = "import { getDb } from '@/lib/db/client';\nimport { recentSms } from '@/lib/sms/recent';\nexport default async function P() { return (await recentSms(await getDb(), null)).length; }\n";
    expect(await problems('app/[locale]/admin/(office)/fixture/page.tsx', page)).toEqual([]);
    expect(await problems('components/quiz/fixture.tsx', "import { getTestText } from './server-text';\nexport const t = getTestText;\n")).toEqual([]);
    // A route handler: the wrapper and a use case of lib/<domain>.
    const handler = "import { route } from '@/lib/api/route';\nimport { submitLead } from '@/lib/leads/intake/submit';\nexport const POST = route((ctx) => submitLead(ctx.db, ctx.body as never, ctx));\n";
    expect(await problems('app/api/fixture/route.ts', handler)).toEqual([]);
  });
});
