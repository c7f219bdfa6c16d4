// The start of the production server (server.mjs): the database opens before the port does (issue 31).
// Plain ESM for node: server.mjs imports it, and so does test/embedded-server.ts, the stand-in for
// server.mjs that the two-openers test runs without a build.
import { isDataDirLocked } from '../db/data-dir-lock.mjs';

/**
 * Runs the server's start routine (instrumentation.ts's `register`: the data folder's lock, the
 * database, <DATA_DIR>.server.json, the background work) before the server listens. A data folder
 * another process holds ends this one with one line naming the holder and exit code 1; nothing was
 * written (the lock is taken before anything opens the folder).
 * @param {() => Promise<unknown>} register
 */
export async function openBeforeListening(register) {
  try {
    await register();
  } catch (err) {
    if (!isDataDirLocked(err)) throw err;
    console.error(`[db] Not starting: ${err.summary}`);
    process.exit(1);
  }
}
