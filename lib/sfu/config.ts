import 'server-only';
import { parseJanusServers, type JanusServer } from '@/lib/validations/janus-servers';
import { SfuError } from './janus-http';

// The configured Janus servers (JANUS_SERVERS; lib/env.ts validates it at start). Read per call, not
// from the cached env(): server.mjs points JANUS_SERVERS at the throwaway Janus it starts after Next
// has started, as it does for the fakes of ePay and Webkassa.

let cache: { raw: string; servers: JanusServer[] } | undefined;

/** The servers group lessons may use (empty: none configured, and no local Janus started). */
export function janusServers(source: NodeJS.ProcessEnv = process.env): JanusServer[] {
  const raw = source.JANUS_SERVERS ?? '';
  if (cache?.raw === raw) return cache.servers;
  const parsed = parseJanusServers(raw);
  if (!parsed.ok) throw new SfuError('not_configured', `JANUS_SERVERS ${parsed.error}`);
  cache = { raw, servers: parsed.servers };
  return parsed.servers;
}

/** The server of this id (a stored room's serverId), or SfuError('not_configured') when the list no longer has it. */
export function serverById(id: string, servers: readonly JanusServer[] = janusServers()): JanusServer {
  const server = servers.find((s) => s.id === id);
  if (!server) throw new SfuError('not_configured', `JANUS_SERVERS has no server "${id}" (a room placed on it cannot be reached)`);
  return server;
}
