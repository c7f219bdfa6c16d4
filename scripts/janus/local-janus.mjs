// A throwaway Janus (Debian's `janus`) on the loopback, for `npm start` without JANUS_SERVERS
// (server.mjs), the tests (lib/sfu/*.janus.test.ts) and development. Its configuration is
// deploy/janus/*.jcfg — what production runs — with this run's own values put in: random secrets,
// free ports on 127.0.0.1, a small RTP range, no STUN (nothing to discover on the loopback), the
// origin the site runs on. It runs in the foreground in a folder of its own under the system's temp
// folder (config mode 600, its log beside it), and stops by its PID; if the Node process that started
// it dies, even by kill -9, the kernel ends it too (setpriv --pdeathsig).
// Plain ESM: server.mjs and the tests import it.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../lib/server/free-port.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const DEPLOY = path.join(ROOT, 'deploy/janus');
const FILES = ['janus.jcfg', 'janus.plugin.videoroom.jcfg', 'janus.transport.http.jcfg', 'janus.transport.websockets.jcfg'];

const onPath = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).stdout.trim() || null;

/** The janus binary (JANUS_BIN, else on PATH), or null when Debian's janus is not installed. */
export function janusBinary() {
  return process.env.JANUS_BIN || onPath('janus');
}

/** The folder holding janus/plugins (Debian: /usr/lib/<triplet>/janus), or null. */
export function janusLibDir() {
  const candidates = [];
  try {
    for (const entry of fs.readdirSync('/usr/lib')) candidates.push(path.join('/usr/lib', entry, 'janus'));
  } catch {
    /* no /usr/lib */
  }
  candidates.push('/usr/lib/janus', '/opt/janus/lib/janus');
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'plugins/libjanus_videoroom.so'))) ?? null;
}

/**
 * Sets `key = value` (a string quoted, a number as is) on the one line of the file that sets it: the
 * deploy file and this runner stay in step (a missing key throws).
 */
function setKey(text, file, key, value) {
  const re = new RegExp(`^([ \\t]*)${key}[ \\t]*=.*$`, 'm');
  if (!re.test(text)) throw new Error(`deploy/janus/${file} has no "${key}" line (scripts/janus/local-janus.mjs sets it)`);
  return text.replace(re, (_, indent) => `${indent}${key} = ${typeof value === 'number' ? value : JSON.stringify(value)}`);
}

/** Comments a setting out (the line stays, so the file's shape does not change). */
function dropKey(text, file, key) {
  const re = new RegExp(`^([ \\t]*)${key}[ \\t]*=.*$`, 'm');
  if (!re.test(text)) throw new Error(`deploy/janus/${file} has no "${key}" line (scripts/janus/local-janus.mjs removes it)`);
  return text.replace(re, `$1# ${key}: not on the loopback`);
}

const secret = () => randomBytes(24).toString('base64url');
const PREFIX = 'tilmen-janus-';

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
};

/** Folders of earlier runs whose Node process is gone (killed with -9: its Janus ended with it, the folder stayed). */
function sweepStaleDirs() {
  const tmp = os.tmpdir();
  for (const name of fs.readdirSync(tmp).filter((n) => n.startsWith(PREFIX))) {
    const dir = path.join(tmp, name);
    try {
      const owner = Number.parseInt(fs.readFileSync(path.join(dir, 'owner.pid'), 'utf8'), 10);
      if (Number.isInteger(owner) && !alive(owner)) fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      /* being made or removed by another run */
    }
  }
}

async function waitForInfo(url, child, logFile, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let exited = null;
  child.once('exit', (code, signal) => (exited = signal ?? code));
  for (;;) {
    if (exited !== null) throw new Error(`janus exited (${exited}) before answering:\n${tail(logFile)}`);
    try {
      const res = await fetch(`${url}/info`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) throw new Error(`janus did not answer ${url}/info within ${timeoutMs} ms:\n${tail(logFile)}`);
    await new Promise((r) => setTimeout(r, 40));
  }
}

function tail(file, lines = 30) {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * Starts a Janus on 127.0.0.1 with deploy/janus's configuration and this run's secrets and ports.
 * @param {{ origin?: string, rtpPorts?: [number, number], debugLevel?: number, timeoutMs?: number, keepDir?: boolean }} [opts]
 */
export async function startLocalJanus(opts = {}) {
  const bin = janusBinary();
  if (!bin) throw new Error("Debian's janus is not installed: apt-get install -y janus");
  const libDir = janusLibDir();
  if (!libDir) throw new Error('janus is installed but its plugins folder (…/janus/plugins/libjanus_videoroom.so) was not found');
  sweepStaleDirs();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), PREFIX));
  fs.chmodSync(dir, 0o700);
  fs.writeFileSync(path.join(dir, 'owner.pid'), `${process.pid}\n`);
  const [httpPort, wsPort] = [await freePort(), await freePort()];
  const rtpStart = opts.rtpPorts?.[0] ?? 30000 + randomInt(0, 100) * 200;
  const rtpEnd = opts.rtpPorts?.[1] ?? rtpStart + 199;
  const secrets = { apiSecret: secret(), tokenSecret: secret(), adminKey: secret(), adminSecret: secret() };

  const edit = {
    'janus.jcfg': (t, f) => {
      t = setKey(t, f, 'configs_folder', dir);
      for (const kind of ['plugins', 'transports', 'events', 'loggers']) t = setKey(t, f, `${kind}_folder`, path.join(libDir, kind));
      t = setKey(t, f, 'debug_level', opts.debugLevel ?? 4);
      t = setKey(t, f, 'server_name', 'tilmen-local');
      t = setKey(t, f, 'api_secret', secrets.apiSecret);
      t = setKey(t, f, 'token_auth_secret', secrets.tokenSecret);
      t = setKey(t, f, 'admin_secret', secrets.adminSecret);
      t = setKey(t, f, 'rtp_port_range', `${rtpStart}-${rtpEnd}`);
      t = dropKey(t, f, 'stun_server');
      t = dropKey(t, f, 'stun_port');
      return t;
    },
    'janus.plugin.videoroom.jcfg': (t, f) => setKey(t, f, 'admin_key', secrets.adminKey),
    'janus.transport.http.jcfg': (t, f) => {
      t = setKey(t, f, 'ip', '127.0.0.1');
      t = setKey(t, f, 'acl', '127.');
      return setKey(t, f, 'port', httpPort);
    },
    'janus.transport.websockets.jcfg': (t, f) => {
      t = setKey(t, f, 'ws_port', wsPort);
      // The page's origin when known (the site under test), else any: the token is the guard.
      if (opts.origin) return setKey(t, f, 'allow_origin', opts.origin);
      return dropKey(dropKey(t, f, 'allow_origin'), f, 'enforce_cors');
    },
  };
  for (const file of FILES) {
    const text = edit[file](fs.readFileSync(path.join(DEPLOY, file), 'utf8'), file);
    fs.writeFileSync(path.join(dir, file), text, { mode: 0o600 });
  }

  const logFile = path.join(dir, 'janus.log');
  const log = fs.openSync(logFile, 'a', 0o600);
  const janusArgs = ['--disable-colors', `--configs-folder=${dir}`, `--config=${path.join(dir, 'janus.jcfg')}`];
  // setpriv execs janus in place (same PID) with a parent-death signal: no Janus outlives its Node.
  const setpriv = onPath('setpriv');
  const child = setpriv
    ? spawn(setpriv, ['--pdeathsig', 'TERM', '--', bin, ...janusArgs], { stdio: ['ignore', log, log] })
    : spawn(bin, janusArgs, { stdio: ['ignore', log, log] });
  fs.closeSync(log);
  const url = `http://127.0.0.1:${httpPort}/janus`;
  const wsUrl = `ws://127.0.0.1:${wsPort}`;
  let stopped = null;
  const stop = () =>
    (stopped ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        try {
          process.kill(child.pid, 'SIGTERM');
        } catch {
          /* already gone */
        }
        const timer = setTimeout(() => {
          try {
            process.kill(child.pid, 'SIGKILL');
          } catch {
            /* gone */
          }
        }, 3000);
        await exited;
        clearTimeout(timer);
      }
      if (!opts.keepDir) fs.rmSync(dir, { recursive: true, force: true });
    })());
  try {
    await waitForInfo(url, child, logFile, opts.timeoutMs ?? 15_000);
  } catch (err) {
    await stop();
    throw err;
  }
  const server = { id: 'local', url, publicUrl: wsUrl, ...secrets };
  return {
    pid: child.pid,
    dir,
    logFile,
    url,
    wsUrl,
    rtpPorts: [rtpStart, rtpEnd],
    ...secrets,
    server,
    /** JANUS_SERVERS for the app: this one server (JSON form). */
    /** At once and synchronously (a process's 'exit' handler): SIGTERM, the folder removed. */
    kill() {
      try {
        if (child.exitCode === null && child.signalCode === null) process.kill(child.pid, 'SIGTERM');
      } catch {
        /* gone */
      }
      if (!opts.keepDir) fs.rmSync(dir, { recursive: true, force: true });
    },
    env: { JANUS_SERVERS: JSON.stringify([{ id: server.id, url, publicUrl: wsUrl, apiSecret: secrets.apiSecret, tokenSecret: secrets.tokenSecret, adminKey: secrets.adminKey }]) },
    stop,
  };
}
