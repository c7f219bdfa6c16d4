import { randomBytes } from 'node:crypto';
import { janusBinary, startLocalJanus, type LocalJanus } from '@/scripts/janus/local-janus.mjs';

// Real Janus for the lib/sfu suites (*.janus.test.ts): Debian's janus started by
// scripts/janus/local-janus.mjs from deploy/janus's files, one per suite. Without janus installed a
// suite is skipped, unless the run requires it: `npm test` (scripts/test-all.sh exports
// TEST_REQUIRE_JANUS=1 after installing it) or CI; TEST_ALLOW_NO_JANUS=1 says a run without it is meant.

export const hasJanus = janusBinary() !== null;
export const janusRequired = (Boolean(process.env.CI) || process.env.TEST_REQUIRE_JANUS === '1') && process.env.TEST_ALLOW_NO_JANUS !== '1';
/** describe.skipIf(skipWithoutJanus): skipped only where a run without Janus is allowed. */
export const skipWithoutJanus = !hasJanus && !janusRequired;

export async function startJanus(opts?: Parameters<typeof startLocalJanus>[0]): Promise<LocalJanus> {
  if (!hasJanus) throw new Error("Debian's janus is not installed: apt-get install -y janus (or TEST_ALLOW_NO_JANUS=1 to run without the SFU suites)");
  return startLocalJanus({ debugLevel: 3, ...opts });
}

type Json = Record<string, unknown>;
export interface JanusReply extends Json {
  janus: string;
  transaction?: string;
  data?: { id: number };
  error?: { code: number; reason: string };
  plugindata?: { plugin: string; data: Json };
  jsep?: { type: string; sdp: string };
}

/**
 * What a browser does with Janus's HTTP API, without a browser: a session and a handle opened with
 * a signed token only (never the API secret), requests and their events over the long poll.
 */
export class JanusBrowser {
  session?: number;
  handle?: number;
  constructor(
    readonly url: string,
    readonly token: string | undefined,
  ) {}

  private async post(path: string, body: Json): Promise<JanusReply> {
    const res = await fetch(this.url + path, {
      method: 'POST',
      body: JSON.stringify({ ...body, transaction: randomBytes(6).toString('hex'), ...(this.token ? { token: this.token } : {}) }),
      signal: AbortSignal.timeout(5000),
    });
    return (await res.json()) as JanusReply;
  }

  /** Creates the session; the reply (an error when the token is refused). */
  async create(): Promise<JanusReply> {
    const reply = await this.post('', { janus: 'create' });
    if (reply.janus === 'success') this.session = reply.data!.id;
    return reply;
  }

  async attach(plugin = 'janus.plugin.videoroom'): Promise<JanusReply> {
    const reply = await this.post(`/${this.session}`, { janus: 'attach', plugin });
    if (reply.janus === 'success') this.handle = reply.data!.id;
    return reply;
  }

  /** create + attach, expecting both to succeed. */
  async open(): Promise<this> {
    const created = await this.create();
    if (created.janus !== 'success') throw new Error(`session refused: ${JSON.stringify(created)}`);
    const attached = await this.attach();
    if (attached.janus !== 'success') throw new Error(`attach refused: ${JSON.stringify(attached)}`);
    return this;
  }

  /** A VideoRoom request: the synchronous answer, or for an asynchronous one (ack) its event from the long poll. */
  async request(body: Json, jsep?: { type: 'offer' | 'answer'; sdp: string }): Promise<JanusReply> {
    const reply = await this.post(`/${this.session}/${this.handle}`, { janus: 'message', body, ...(jsep ? { jsep } : {}) });
    if (reply.janus !== 'ack') return reply;
    return this.waitFor((e) => e.transaction === reply.transaction);
  }

  /** The plugin's data of a request (throws on a core error). */
  async videoroom(body: Json, jsep?: { type: 'offer' | 'answer'; sdp: string }): Promise<Json & { jsep?: JanusReply['jsep'] }> {
    const reply = await this.request(body, jsep);
    if (!reply.plugindata) throw new Error(`no plugin data: ${JSON.stringify(reply)}`);
    return { ...reply.plugindata.data, ...(reply.jsep ? { jsep: reply.jsep } : {}) };
  }

  private queued: JanusReply[] = [];

  /** One long poll (events queued for the session; a keepalive after 30 s of nothing). */
  async poll(): Promise<JanusReply[]> {
    if (this.queued.length) return this.queued.splice(0);
    const query = new URLSearchParams({ maxev: '10', ...(this.token ? { token: this.token } : {}) });
    const res = await fetch(`${this.url}/${this.session}?${query}`, { signal: AbortSignal.timeout(35_000) });
    const body = (await res.json()) as JanusReply | JanusReply[];
    return Array.isArray(body) ? body : [body];
  }

  /** Events until one matches (others are kept for the next poll). */
  async waitFor(match: (e: JanusReply) => boolean, polls = 5): Promise<JanusReply> {
    for (let i = 0; i < polls; i++) {
      const events = await this.poll();
      const hit = events.findIndex(match);
      if (hit >= 0) {
        this.queued.push(...events.slice(hit + 1));
        return events[hit]!;
      }
    }
    throw new Error('the awaited event did not come');
  }

  async destroy(): Promise<void> {
    if (this.session) await this.post(`/${this.session}`, { janus: 'destroy' }).catch(() => undefined);
  }
}

/**
 * A browser's publish offer (audio, and video in three simulcast layers by rid), with valid ICE and
 * DTLS attributes: Janus negotiates it and sets up the publisher's streams (mid 0 audio, mid 1
 * video) as for a real browser; no media flows, which the requests under test do not need.
 */
export function publishOffer(): string {
  const fingerprint = `sha-256 ${Array.from({ length: 32 }, () => randomBytes(1).toString('hex').toUpperCase()).join(':')}`;
  const ice = [`a=ice-ufrag:${randomBytes(3).toString('hex')}`, `a=ice-pwd:${randomBytes(12).toString('hex')}`, 'a=ice-options:trickle', `a=fingerprint:${fingerprint}`, 'a=setup:actpass'];
  const id = Date.now() % 100000;
  return [
    'v=0',
    `o=- ${id} 2 IN IP4 127.0.0.1`,
    's=-',
    't=0 0',
    'a=group:BUNDLE 0 1',
    'a=msid-semantic: WMS s',
    'm=audio 9 UDP/TLS/RTP/SAVPF 111',
    'c=IN IP4 0.0.0.0',
    'a=rtcp:9 IN IP4 0.0.0.0',
    ...ice,
    'a=mid:0',
    'a=sendonly',
    'a=rtcp-mux',
    'a=extmap:1 urn:ietf:params:rtp-hdrext:ssrc-audio-level',
    'a=rtpmap:111 opus/48000/2',
    'a=fmtp:111 minptime=10;useinbandfec=1',
    `a=ssrc:${id + 1} cname:c`,
    'm=video 9 UDP/TLS/RTP/SAVPF 96',
    'c=IN IP4 0.0.0.0',
    'a=rtcp:9 IN IP4 0.0.0.0',
    ...ice,
    'a=mid:1',
    'a=sendonly',
    'a=rtcp-mux',
    'a=rtpmap:96 VP8/90000',
    'a=rtcp-fb:96 nack',
    'a=rtcp-fb:96 nack pli',
    'a=rtcp-fb:96 goog-remb',
    'a=extmap:4 urn:ietf:params:rtp-hdrext:sdes:mid',
    'a=extmap:10 urn:ietf:params:rtp-hdrext:sdes:rtp-stream-id',
    'a=extmap:11 urn:ietf:params:rtp-hdrext:sdes:repaired-rtp-stream-id',
    'a=rid:h send',
    'a=rid:m send',
    'a=rid:l send',
    'a=simulcast:send h;m;l',
    '',
  ].join('\r\n');
}

/**
 * One exchange over Janus's WebSocket transport (subprotocol janus-protocol), as a browser's janus.js
 * makes it: open (with an Origin), send a request, read its answer. A minimal RFC 6455 client (masked
 * text frames out, unmasked frames in), so the suites need no WebSocket package.
 */
export async function wsRequest(wsUrl: string, body: Record<string, unknown>, opts: { origin?: string } = {}): Promise<{ upgraded: false; status: number } | { upgraded: true; reply: JanusReply }> {
  const { request } = await import('node:http');
  const url = new URL(wsUrl);
  const key = randomBytes(16).toString('base64');
  return new Promise((resolve, reject) => {
    const req = request({
      host: url.hostname,
      port: url.port,
      path: url.pathname || '/',
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': key,
        'Sec-WebSocket-Protocol': 'janus-protocol',
        ...(opts.origin ? { Origin: opts.origin } : {}),
      },
      timeout: 5000,
    });
    req.on('response', (res) => {
      res.resume();
      resolve({ upgraded: false, status: res.statusCode ?? 0 });
    });
    req.on('error', (err) => ((err as NodeJS.ErrnoException).code === 'ECONNRESET' ? resolve({ upgraded: false, status: 0 }) : reject(err)));
    req.on('upgrade', (_res, socket) => {
      const payload = Buffer.from(JSON.stringify({ ...body, transaction: randomBytes(6).toString('hex') }));
      const mask = randomBytes(4);
      const head = payload.length < 126 ? Buffer.from([0x81, 0x80 | payload.length]) : Buffer.from([0x81, 0x80 | 126, payload.length >> 8, payload.length & 255]);
      socket.write(Buffer.concat([head, mask, Buffer.from(payload.map((b, i) => b ^ mask[i % 4]!))]));
      let buf = Buffer.alloc(0);
      socket.on('data', (chunk: Buffer) => {
        buf = Buffer.concat([buf, chunk]);
        if (buf.length < 2) return;
        let len = buf[1]! & 0x7f;
        let offset = 2;
        if (len === 126) {
          if (buf.length < 4) return;
          len = buf.readUInt16BE(2);
          offset = 4;
        } else if (len === 127) {
          if (buf.length < 10) return;
          len = Number(buf.readBigUInt64BE(2));
          offset = 10;
        }
        if (buf.length < offset + len) return;
        const reply = JSON.parse(buf.subarray(offset, offset + len).toString('utf8')) as JanusReply;
        socket.end(Buffer.from([0x88, 0x80, 0, 0, 0, 0]));
        socket.destroy();
        resolve({ upgraded: true, reply });
      });
      socket.on('error', reject);
    });
    req.end();
  });
}
