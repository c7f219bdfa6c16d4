// The house's import boundaries (docs/architecture.md, "Import boundaries"), enforced by `eslint .`:
//   app → components → lib (browser-safe parts), app → lib; never lib → components or components → app;
//   components never import lib/db; no import cycles; server code is marked and kept out of the browser;
//   route handlers (app/api/**/route.ts) never import drizzle-orm, lib/db (any of it) or lib/rate-limit, and
//   pages and layouts never import drizzle-orm or lib/db/schema;
//   lib/ has floors (LIB_FLOORS: kernel → services → core → domains → server), and no floor imports one above it.
// Folder rules and cycles come from eslint-plugin-import-x; the two rules about `import 'server-only'`
// are this project's (a marker is a fact of a file's text, which no folder glob can express), and so
// are the ones about route handlers and pages (they name a package as well as files, which import-x's zones cannot).
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import ts from 'typescript';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

// Packages that belong on the server: the database, password hashing, mail, token signing, PDF and
// QR rendering (no encoder in a client bundle), and the marker itself.
const SERVER_PACKAGES = [
  'server-only',
  'drizzle-orm',
  'pg',
  '@electric-sql/pglite',
  '@node-rs/argon2',
  'nodemailer',
  'jose',
  'pdf-lib',
  '@pdf-lib/fontkit',
  'qrcode',
];
const NODE_BUILTINS = new Set(builtinModules);
const CODE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs'];
const MARKER = /^(?:\s+|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*import\s+(['"])server-only\1/;

const rel = (file) => path.relative(ROOT, file).split(path.sep).join('/');
const packageName = (spec) => spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');

const textCache = new Map();
function readSource(file) {
  const mtime = fs.statSync(file).mtimeMs;
  const hit = textCache.get(file);
  if (hit && hit.mtime === mtime) return hit;
  const entry = { mtime, text: fs.readFileSync(file, 'utf8'), imports: null };
  textCache.set(file, entry);
  return entry;
}

const isFile = (file) => fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;

/** What an import names: a project file, a package, a Node built-in, or nothing we follow (assets). */
function resolveImport(spec, fromFile) {
  if (spec.startsWith('node:') || NODE_BUILTINS.has(spec)) return { kind: 'builtin', name: spec };
  let base;
  if (spec.startsWith('@/')) base = path.join(ROOT, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(fromFile), spec);
  else return { kind: 'package', name: packageName(spec) };
  const candidates = [base, ...CODE_EXTENSIONS.map((ext) => base + ext), ...CODE_EXTENSIONS.map((ext) => path.join(base, `index${ext}`))];
  const file = candidates.find(isFile);
  return file ? { kind: 'file', file } : null;
}

const isServerOnlyFile = (file) => MARKER.test(readSource(file).text);

/** Why importing this target is server code, or null. `libOnly`: count only lib/'s own markers. */
function serverReason(target, libOnly) {
  if (!target) return null;
  if (target.kind === 'builtin') return `the Node built-in '${target.name}'`;
  if (target.kind === 'package') {
    // components/ may mark its own server helpers (libOnly) with the marker.
    if (libOnly && target.name === 'server-only') return null;
    return SERVER_PACKAGES.includes(target.name) ? `the server package '${target.name}'` : null;
  }
  const name = rel(target.file);
  if (name === 'lib/env.ts' || name.startsWith('lib/db/')) return `${name} (database or secrets)`;
  if (!CODE_EXTENSIONS.includes(path.extname(target.file))) return null;
  if (libOnly && !name.startsWith('lib/')) return null;
  return isServerOnlyFile(target.file) ? `${name} (server-only)` : null;
}

/** The value imports of a file on disk (static, re-exports and import()); type-only imports are erased. */
function valueImports(file) {
  const entry = readSource(file);
  if (entry.imports) return entry.imports;
  const source = ts.createSourceFile(file, entry.text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const specs = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : null;
      const typeOnly = clause && (clause.isTypeOnly || (!clause.name && named && named.length > 0 && named.every((e) => e.isTypeOnly)));
      if (!typeOnly) specs.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      specs.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      specs.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  entry.imports = specs;
  return specs;
}

/** The first chain of value imports from this file to server code, or null (files are read once per change). */
function serverChain(file, seen = new Set()) {
  if (seen.has(file)) return null;
  seen.add(file);
  for (const spec of valueImports(file)) {
    const target = resolveImport(spec, file);
    const reason = serverReason(target, false);
    if (reason) return [reason];
    if (target?.kind === 'file' && CODE_EXTENSIONS.includes(path.extname(target.file)) && !target.file.includes(`${path.sep}node_modules${path.sep}`)) {
      const rest = serverChain(target.file, seen);
      if (rest) return [rel(target.file), ...rest];
    }
  }
  return null;
}

/** An import of the file being linted: what it names and whether it is type-only (erased). */
function importsOf(node) {
  const typeOnly =
    node.importKind === 'type' ||
    node.exportKind === 'type' ||
    (node.type === 'ImportDeclaration' && node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type'));
  return { spec: node.source.value, typeOnly };
}

function moduleSources(check) {
  const onStatic = (node) => node.source && typeof node.source.value === 'string' && check(node.source, importsOf(node));
  return {
    ImportDeclaration: onStatic,
    ExportNamedDeclaration: onStatic,
    ExportAllDeclaration: onStatic,
    ImportExpression: (node) => node.source.type === 'Literal' && typeof node.source.value === 'string' && check(node.source, { spec: node.source.value, typeOnly: false }),
  };
}

const serverOnlyMarker = {
  meta: {
    type: 'problem',
    docs: { description: "A lib/ module that touches the database, secrets or Node starts with import 'server-only'." },
    schema: [],
    messages: { unmarked: "This module imports {{reason}}: start it with import 'server-only' so no client bundle can pull it in." },
  },
  create(context) {
    const file = context.physicalFilename;
    if (MARKER.test(context.sourceCode.text)) return {};
    return moduleSources((source, { spec, typeOnly }) => {
      if (typeOnly) return;
      const reason = serverReason(resolveImport(spec, file), false);
      if (reason) context.report({ node: source, messageId: 'unmarked', data: { reason } });
    });
  },
};

const noServerCodeInClient = {
  meta: {
    type: 'problem',
    docs: { description: "Client code ('use client' files, lib/browser) and components/ never import server code." },
    schema: [],
    messages: {
      client: "Client code must not import server code: {{chain}}. Pass the data in as props from a server component or a route, or use lib/browser/.",
      component: 'components/ must not import server code ({{chain}}): load it in app/ and pass it in as props.',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    const name = rel(file);
    const body = context.sourceCode.ast.body;
    const client = name.startsWith('lib/browser/') || body.some((s) => s.type === 'ExpressionStatement' && s.directive === 'use client');
    const component = name.startsWith('components/');
    if (!client && !component) return {};
    return moduleSources((source, { spec, typeOnly }) => {
      if (typeOnly) return;
      const target = resolveImport(spec, file);
      if (client) {
        const reason = serverReason(target, false);
        const chain = reason ? [reason] : target?.kind === 'file' && CODE_EXTENSIONS.includes(path.extname(target.file)) ? serverChain(target.file) : null;
        if (chain) context.report({ node: source, messageId: 'client', data: { chain: [spec, ...chain].join(' → ') } });
      } else {
        // A server component may use components/' own server helpers, never lib/'s server code.
        const reason = serverReason(target, true);
        if (reason) context.report({ node: source, messageId: 'component', data: { chain: reason } });
      }
    });
  },
};

// What a route handler may not reach (docs/architecture.md, "Request flow": thin handlers). Queries and limits
// belong to the use cases in lib/<domain>; the handler gets its database from lib/api/route.ts.
const ROUTE_FORBIDDEN = [
  { package: 'drizzle-orm', why: 'Drizzle queries' },
  { file: 'lib/db/schema.ts', why: 'the tables' },
  { dir: 'lib/db/tables/', why: 'the tables' },
  { file: 'lib/rate-limit.ts', why: 'rate limits' },
  { dir: 'lib/db/', why: 'the database: the handler gets it from its wrapper (ctx.db) and hands it to a use case' },
];
// What a page or layout may not reach: it loads its data through a use case of lib/<domain> (getDb()
// and the use case are fine), so no query is written, and no scope check skipped, in app/.
const PAGE_FORBIDDEN = ROUTE_FORBIDDEN.filter((f) => f.file !== 'lib/rate-limit.ts' && f.dir !== 'lib/db/');

/** A rule that reports every import (type-only ones too) of the listed packages and files. */
function forbiddenImports(forbidden, description, message) {
  return {
    meta: { type: 'problem', schema: [], docs: { description }, messages: { forbidden: message } },
    // Every import counts, type-only ones too: a file that names a table's type is on its way to querying it.
    create: (context) =>
      moduleSources((source, { spec }) => {
        const target = resolveImport(spec, context.physicalFilename);
        const name = target?.kind === 'file' ? rel(target.file) : target?.name;
        const found = target && forbidden.find((f) => (target.kind === 'file' ? f.file === name || (f.dir && name.startsWith(f.dir)) : f.package === name));
        if (found) context.report({ node: source, messageId: 'forbidden', data: { what: `'${name}'`, why: found.why } });
      }),
  };
}

const thinRouteHandlers = forbiddenImports(
  ROUTE_FORBIDDEN,
  'app/api/**/route.ts parses, calls a lib/ use case and answers: no queries, tables or limits of its own.',
  'A route handler must not import {{what}} ({{why}}): move the work into a use case in lib/<domain> and call it.',
);

const noQueriesInPages = forbiddenImports(
  PAGE_FORBIDDEN,
  'app/**/page.tsx and layout.tsx load data through lib/ use cases: no queries or tables of their own.',
  'A page or layout must not import {{what}} ({{why}}): load the data with a use case in lib/<domain> and call it.',
);

export const boundariesPlugin = {
  meta: { name: 'tilmen-boundaries' },
  rules: {
    'server-only-marker': serverOnlyMarker,
    'no-server-code-in-client': noServerCodeInClient,
    'thin-route-handlers': thinRouteHandlers,
    'no-queries-in-pages': noQueriesInPages,
  },
};

// ── lib/'s floors ────────────────────────────────────────────────────────────────────────────────
// lib/ is built from the ground up (docs/architecture.md, "Import boundaries"): a floor imports its
// own and the floors below it, never one above. The kernel is every lib/ folder and file not named
// on a higher floor (a new folder starts there: name it here when it needs services or domains).
// The one split folder is lib/api: its errors, context and helpers are kernel, its route wrapper
// (route.ts, which checks captchas) is a service every domain's wrapper (staffRoute, companyRoute)
// builds on.
export const LIB_FLOORS = [
  {
    name: 'kernel',
    what: 'db, env, api errors and context, crypto, time, i18n, media, mask, phone, iin, audit, outbox, rate-limit, validations',
    paths: null,
  },
  {
    name: 'services',
    what: 'auth, sms, captcha, certificates, staff, the SFU (Janus), the route wrapper',
    paths: ['lib/auth', 'lib/sms', 'lib/captcha', 'lib/certificates', 'lib/staff', 'lib/sfu', 'lib/api/route.ts'],
  },
  {
    name: 'core',
    what: 'the money (the ledger and the model) and the lesson (its whole life and the money each step moves)',
    paths: ['lib/money', 'lib/lessons'],
  },
  {
    name: 'domains',
    what: 'leads (intake and pipeline), marketplace, the lesson room, the course library, tutor chat help, the company portal, quiz, review, promo, payments, groups, the back office\'s rooms',
    paths: [
      'lib/accounts-admin',
      'lib/cabinet',
      'lib/chat-help',
      'lib/companies',
      'lib/company-portal',
      'lib/dashboard',
      'lib/groups',
      'lib/leads',
      'lib/lesson-room',
      'lib/library',
      'lib/marketplace',
      'lib/payments',
      'lib/promo',
      'lib/quiz',
      'lib/review',
      'lib/test-records',
    ],
  },
  { name: 'server', what: 'the server\'s wiring: background work, retention', paths: ['lib/server', 'lib/retention.ts'] },
];

// ── Sideways, inside the domains floor ───────────────────────────────────────────────────────────
// The lesson calls money; features call the lesson; no feature calls another sideways. A domain
// imports the floors below it and, on its own floor, only the domains named here: each tie one way,
// the whole a graph without a circle (lint/boundaries.test.ts checks it). The lesson's three
// features, marketplace, payments and the lesson room, name none of each other: what two of them
// share belongs to lib/lessons or lib/money.
export const DOMAIN_USES = {
  'lib/accounts-admin': [],
  'lib/cabinet': ['lib/quiz'],
  // Tutor chat help stands on the money and the lesson's tutors; payments sell its hours (a product of the checkout).
  'lib/chat-help': [],
  'lib/companies': [],
  'lib/company-portal': ['lib/companies', 'lib/groups', 'lib/leads', 'lib/payments', 'lib/quiz'],
  'lib/dashboard': ['lib/chat-help', 'lib/leads'],
  // Groups stand on the lesson and the money; payments sell their seats (a product of the checkout).
  'lib/groups': [],
  'lib/leads': ['lib/promo'],
  // The room opens a published unit of the library on its board (publicUnit: as students get it), and the lesson's report sets units as homework.
  'lib/lesson-room': ['lib/library'],
  // The course library reads the dictionary's rows itself (lib/db), never lib/lesson-room.
  'lib/library': [],
  'lib/marketplace': ['lib/quiz', 'lib/review'],
  'lib/payments': ['lib/chat-help', 'lib/groups', 'lib/leads', 'lib/promo'],
  'lib/promo': [],
  'lib/quiz': [],
  'lib/review': [],
  'lib/test-records': ['lib/quiz'],
};

const domainFloor = () => LIB_FLOORS.find((f) => f.name === 'domains').paths;

const sidewaysZones = () =>
  domainFloor().map((domain) => {
    const uses = DOMAIN_USES[domain];
    if (!uses) throw new Error(`lint/boundaries.mjs: name ${domain} in DOMAIN_USES (the domains it may import sideways)`);
    return {
      target: `./${domain}`,
      from: domainFloor()
        .filter((d) => d !== domain && !uses.includes(d))
        .map((d) => `./${d}`),
      message: `lib/ domains: ${domain} never imports another domain sideways unless DOMAIN_USES names it (the lesson calls money; features call the lesson; no feature calls another sideways): move the shared piece down to lib/lessons or lib/money (lint/boundaries.mjs DOMAIN_USES).`,
    };
  });

/** import-x targets for a floor: its paths, or for the kernel every lib/ path no other floor names. */
function floorTargets(floor) {
  if (floor.paths) return floor.paths.map((p) => `./${p}`);
  const above = LIB_FLOORS.flatMap((f) => f.paths ?? []).map((p) => p.split('/').slice(1));
  const dirs = above.filter((s) => s.length === 1 && !path.extname(s[0])).map((s) => s[0]);
  const files = above.filter((s) => s.length === 1 && path.extname(s[0])).map((s) => s[0]);
  const split = new Map();
  for (const [dir, file] of above.filter((s) => s.length === 2)) split.set(dir, [...(split.get(dir) ?? []), file]);
  return [
    `./lib/!(${[...dirs, ...split.keys()].join('|')})/**`,
    ...[...split].map(([dir, inner]) => `./lib/${dir}/!(${inner.join('|')})`),
    `./lib/!(${files.join('|')})`,
  ];
}

const floorZones = LIB_FLOORS.flatMap((upper, i) =>
  i === 0
    ? []
    : LIB_FLOORS.slice(0, i).map((lower) => ({
        target: floorTargets(lower),
        from: upper.paths.map((p) => `./${p}`),
        message: `lib/ floors: the ${lower.name} floor (${lower.what}) never imports the ${upper.name} floor above it (${upper.what}): move the shared piece down to where it belongs, or the caller up (lint/boundaries.mjs LIB_FLOORS).`,
      })),
);

const SOURCE_FILES = ['**/*.{ts,tsx,mts,js,jsx,mjs}'];
const TESTS = ['**/*.test.{ts,tsx}', 'e2e/**'];

export const boundaries = [
  {
    files: SOURCE_FILES,
    plugins: { 'import-x': importX, boundaries: boundariesPlugin },
    settings: {
      // Without these import-x skips .ts files when it reads a dependency, and finds no cycle at all.
      'import-x/extensions': CODE_EXTENSIONS,
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(ROOT, 'tsconfig.json'), alwaysTryTypes: true })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Tests run in Node and may reach across (a lib test calling a route handler).
    files: SOURCE_FILES,
    ignores: TESTS,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: ROOT,
          zones: [
            { target: './lib', from: './components', message: 'lib/ never imports components/ (app → components → lib).' },
            { target: './lib', from: './app', message: 'lib/ never imports app/.' },
            { target: './components', from: './app', message: 'components/ never import app/: pass it in as props.' },
            { target: './components', from: './lib/db', message: 'components/ never import the database: load data in app/ or lib/.' },
            {
              target: ['./lib/!(browser)/**', './lib/*'],
              from: './lib/browser',
              message: 'Server and shared lib/ code never imports browser code (lib/browser/).',
            },
            ...floorZones,
            ...sidewaysZones(),
          ],
        },
      ],
      'boundaries/no-server-code-in-client': 'error',
    },
  },
  {
    // schema.ts and its tables are loaded by drizzle-kit in plain Node, where the marker throws;
    // components and client code still cannot reach them (lib/db is off limits to them).
    files: ['lib/**/*.{ts,tsx,mts}'],
    ignores: ['lib/db/schema.ts', 'lib/db/tables/**', ...TESTS],
    rules: { 'boundaries/server-only-marker': 'error' },
  },
  {
    files: ['app/api/**/route.ts'],
    rules: { 'boundaries/thin-route-handlers': 'error' },
  },
  {
    files: ['app/**/{page,layout}.{ts,tsx}'],
    rules: { 'boundaries/no-queries-in-pages': 'error' },
  },
  {
    // Two processes on one PGlite folder break it for good (issue 31): a folder is opened only under
    // its lock, which lib/db/pglite.ts takes (openPglite, and openDb through it). kill9.mjs, plain
    // node, takes the lock itself (lib/db/data-dir-lock.mjs) around its own PGlite.
    files: SOURCE_FILES,
    ignores: ['lib/db/pglite.ts', 'scripts/durability/kill9.mjs'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='PGlite']",
          message: 'Open PGlite through openDb or openPglite (lib/db/pglite.ts): a data folder is opened only under its lock (lib/db/data-dir-lock.mjs), never by two processes.',
        },
        // A page with its own security policy (lib/server/csp.mjs: the checkout lets the bank's script in,
        // the lesson the SFU, a study unit and homework blob: media) is reached by a whole page load:
        // next/link's client navigation keeps the policy of the page it left, and the bank's script,
        // a recorded answer or the call is then refused (the chat's "Buy hours" once could not pay).
        ...[
          "JSXOpeningElement[name.name='Link'] > JSXAttribute[name.name='href'] Literal",
          "JSXOpeningElement[name.name='Link'] > JSXAttribute[name.name='href'] TemplateElement",
        ].map((base) => ({
          selector: `${base}[value${base.endsWith('Literal') ? '' : '.raw'}=/^\\/(?:(?:kk|en|ru)\\/)?(?:checkout|lesson\\/|cabinet\\/(?:study\\/|homework))/]`,
          message: 'A page with its own security policy (checkout, lesson, a study unit, homework) is opened with a plain <a href={localePath(locale, …)}>, never next/link: a client navigation keeps the policy of the page it left (lib/server/csp.mjs).',
        })),
      ],
    },
  },
];
