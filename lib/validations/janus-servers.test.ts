import { describe, expect, it } from 'vitest';
import { parseServerEnv } from '@/lib/env';
import { parseJanusServers } from './janus-servers';

const api = 'a'.repeat(32);
const tok = 't'.repeat(32);
const key = 'k'.repeat(32);

describe('JANUS_SERVERS', () => {
  it('reads the JSON form with every field, and fills the defaults', () => {
    const parsed = parseJanusServers(
      JSON.stringify([
        { id: 'sfu1', url: 'http://10.0.0.5:8088/janus/', publicUrl: 'wss://sfu1.tilmen.kz/janus-ws', apiSecret: api, tokenSecret: tok, adminKey: key, weight: 2, maxRooms: 40 },
        { url: 'http://10.0.0.6:8088/janus', apiSecret: api, tokenSecret: tok },
      ]),
    );
    expect(parsed).toEqual({
      ok: true,
      servers: [
        { id: 'sfu1', url: 'http://10.0.0.5:8088/janus', publicUrl: 'wss://sfu1.tilmen.kz/janus-ws', apiSecret: api, tokenSecret: tok, adminKey: key, weight: 2, maxRooms: 40 },
        { id: 'http://10.0.0.6:8088/janus', url: 'http://10.0.0.6:8088/janus', publicUrl: 'http://10.0.0.6:8088/janus', apiSecret: api, tokenSecret: tok, adminKey: api, weight: 1 },
      ],
    });
  });

  it('reads the compact form apiSecret:tokenSecret[:adminKey]@url, separated by commas or spaces', () => {
    const parsed = parseJanusServers(`${api}:${tok}@http://10.0.0.5:8088/janus, ${api}:${tok}:${key}@http://10.0.0.6:8088/janus`);
    expect(parsed.ok && parsed.servers.map((s) => [s.id, s.adminKey])).toEqual([
      ['http://10.0.0.5:8088/janus', api],
      ['http://10.0.0.6:8088/janus', key],
    ]);
    expect(parseJanusServers('')).toEqual({ ok: true, servers: [] });
  });

  it('refuses what cannot work, naming the server and the field, never a secret', () => {
    const bad = [
      `${api}@http://x:8088/janus`,
      `${api}:${tok}@ftp://x/janus`,
      `short:${tok}@http://x:8088/janus`,
      JSON.stringify([{ url: 'http://x/janus', apiSecret: api }]),
      JSON.stringify([{ url: 'http://x/janus', apiSecret: api, tokenSecret: tok, extra: 1 }]),
      JSON.stringify({ url: 'http://x/janus' }),
      '[not json',
      `${api}:${tok}@http://x:8088/janus,${api}:${tok}@http://x:8088/janus`,
    ];
    for (const value of bad) {
      const parsed = parseJanusServers(value);
      expect(parsed.ok, value).toBe(false);
      if (!parsed.ok) {
        expect(parsed.error).not.toContain(api);
        expect(parsed.error).not.toContain(tok);
      }
    }
    expect(parseJanusServers(`short:${tok}@http://x:8088/janus`)).toEqual({ ok: false, error: 'server 1: apiSecret must be at least 16 characters' });
  });

  it('is validated at start with the other settings', () => {
    expect(parseServerEnv({ JANUS_SERVERS: `${api}:${tok}@http://10.0.0.5:8088/janus` } as unknown as NodeJS.ProcessEnv).JANUS_SERVERS).toHaveLength(1);
    expect(parseServerEnv({} as NodeJS.ProcessEnv).JANUS_SERVERS).toEqual([]);
    expect(() => parseServerEnv({ JANUS_SERVERS: 'nonsense' } as unknown as NodeJS.ProcessEnv)).toThrow(/JANUS_SERVERS: .*apiSecret:tokenSecret/);
    expect(() => parseServerEnv({ JANUS_LOCAL: 'maybe' } as unknown as NodeJS.ProcessEnv)).toThrow(/JANUS_LOCAL/);
  });
});
