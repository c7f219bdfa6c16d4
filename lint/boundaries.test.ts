import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

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
    ['lib/rate-limit', "import { hit } from '@/lib/rate-limit';\nexport const h = hit;\n", /'lib\/rate-limit\.ts' \(rate limits\)/],
  ])('keeps %s out of a route handler', async (_, code, message) => {
    const found = await problems('app/api/fixture/route.ts', code);
    expect(found).toContainEqual({ rule: 'boundaries/thin-route-handlers', severity: 2, message: expect.stringMatching(message) });
    // Only route handlers: a test beside them may set up tables, and lib/ is where the work goes.
    expect(await problems('app/api/fixture/route.db.test.ts', code)).toEqual([]);
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
    expect(await problems('components/quiz/fixture.tsx', "import { getTestText } from './server-text';\nexport const t = getTestText;\n")).toEqual([]);
    // A route handler: the wrapper and a use case of lib/<domain>.
    const handler = "import { route } from '@/lib/api/route';\nimport { submitLead } from '@/lib/leads/submit';\nexport const POST = route((ctx) => submitLead(ctx.db, ctx.body as never, ctx));\n";
    expect(await problems('app/api/fixture/route.ts', handler)).toEqual([]);
  });
});
