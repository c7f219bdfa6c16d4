// A free TCP port on the loopback for a process we are about to start (a test's nginx, the local
// Janus, the durability run's server), one home for every caller.
//
// Never the kernel's pick (listen on 0): that comes from the ephemeral range
// (/proc/sys/net/ipv4/ip_local_port_range), which every outgoing connection and every `listen(0)`
// of the processes started in between also draws from. CI once lost a whole stop that way: the
// cluster test picked nginx's port with listen(0), started both instances (whose fakes listen on
// 0), and nginx found its port taken. A port below that range is handed out by nobody but
// callers like this one, so it stays free until we bind it, barring a clash at random.
import fs from 'node:fs';
import net from 'node:net';
import { randomInt } from 'node:crypto';

/** The first port of the kernel's ephemeral range (32768 on Linux when it cannot be read). */
function ephemeralStart() {
  try {
    const [low] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (Number.isInteger(low) && low > 12_000) return low;
  } catch {
    // not Linux: the IANA dynamic range starts at 49152; 32768 is below both
  }
  return 32_768;
}

function tryBind(port, host) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * A port that nothing listens on now, drawn at random from [10000, the ephemeral range's start),
 * tried by binding it on `host`; throws after 200 taken draws.
 * @param {string} [host]
 * @returns {Promise<number>}
 */
export async function freePort(host = '127.0.0.1') {
  const high = ephemeralStart();
  for (let i = 0; i < 200; i++) {
    const port = randomInt(10_000, high);
    if (await tryBind(port, host)) return port;
  }
  throw new Error(`no free port on ${host} below ${high} after 200 tries`);
}

// `node lib/server/free-port.mjs` prints one (the shell scripts' port for PostgreSQL or the bench's server).
if (process.argv[1] && import.meta.url === new URL(`file://${fs.realpathSync(process.argv[1])}`).href) {
  console.log(await freePort());
}
