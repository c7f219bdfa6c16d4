export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { env } = await import('./lib/env');
  const e = env(); // A bad value stops the server here with a message naming it.
  if (!e.RECAPTCHA_SECRET_KEY && !e.RECAPTCHA_V2_SECRET_KEY) console.info('[captcha] RECAPTCHA_SECRET_KEY and RECAPTCHA_V2_SECRET_KEY are not set: captcha checks are off.');
  if (!e.SMTP_URL) console.info('[mail] SMTP_URL is not set: e-mails go to the log driver.');
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  if (e.NODE_ENV === 'production') {
    // publicEnv holds the value built into the pages (the build warned already; a server log is read more often).
    const { publicEnv } = await import('./lib/public-env');
    const { DEFAULT_SITE_URL, siteUrlWarning } = await import('./lib/site-url-warning');
    const site = publicEnv.NEXT_PUBLIC_SITE_URL;
    const warning = siteUrlWarning(site === DEFAULT_SITE_URL ? undefined : site, 'start');
    if (warning) console.warn(warning);
    // Company invoices and acts carry the school's requisites: placeholders are said loudly too.
    const { schoolNameKk, schoolRequisitesWarning, unsetSchoolRequisites } = await import('./lib/school-requisites');
    const requisites = schoolRequisitesWarning(unsetSchoolRequisites(e), schoolNameKk(e));
    if (requisites) console.warn(requisites);
  }
  // Made (or read) now, so a missing or unreadable secret stops the server before any request.
  const { appSecret } = await import('./lib/env');
  appSecret();
  if (!e.APP_SECRET) console.info(`[config] APP_SECRET is not set: using the secret generated for this install (${e.DATA_DIR}.secret).`);
  if (e.ENABLE_DEV_TOOLS && e.NODE_ENV === 'production') console.warn('[config] ENABLE_DEV_TOOLS is on: /api/dev/* is open. Never in a real deployment.');
  // Create, migrate and seed the database at start, so a broken database stops the server early.
  // server.mjs runs this before it listens (Next alone would at the first request): the data folder's
  // lock is taken here (lib/db/data-dir-lock.mjs), and a folder another server holds stops the start.
  const { getOpenDb } = await import('./lib/db/client');
  const opened = await getOpenDb();
  const { driver } = opened;
  const { demoTutorsOnOpen } = await import('./lib/server/demo-tutors');
  await demoTutorsOnOpen(opened, e.DATABASE_URL ? undefined : e.DATA_DIR);
  // The course library's starter set (content/library), on every database: unchanged files change nothing.
  const { seedLibrary } = await import('./lib/library/starter');
  await seedLibrary(opened.db, new Date());
  console.info(`[db] ${driver === 'pglite' ? `embedded PGlite in ${e.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)'}: migrated and seeded.`);
  if (driver === 'pglite') {
    // For the commands (admin:create, db:backup): the database is open, the port answers in a moment.
    const path = await import('node:path');
    const { writeInstanceMark } = await import('./lib/server/instance-mark');
    writeInstanceMark(path.resolve(e.DATA_DIR), Number(process.env.PORT || 3000));
  }
  const { closeOnShutdown, startBackgroundWork } = await import('./lib/server/services');
  startBackgroundWork({ outboxPollMs: e.OUTBOX_POLL_MS, reminderMs: e.REMINDER_INTERVAL_MS });
  closeOnShutdown();
}
