import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server in this process: captures mail (and hands each to `onMail`), or refuses it
 * while `failing` is set. A slow server: each answer to DATA waits `state.delayMs`, or the next
 * entry of `state.delays` while there is one; a mail whose client hung up before the answer (its
 * timeout) is not captured, as a server that never confirmed it. Port 0 (default) picks a free one.
 */
export async function startSmtp(opts: { port?: number; onMail?: (mail: CapturedMail) => void } = {}) {
  const mails: CapturedMail[] = [];
  const state = { failing: false, delayMs: 0, delays: [] as number[], dropped: 0 };
  const closed = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onClose(session) {
      closed.add(session.id);
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', async () => {
        const delay = state.delays.length > 0 ? state.delays.shift()! : state.delayMs;
        if (delay > 0) await new Promise((r) => setTimeout(r, delay));
        if (closed.has(session.id)) {
          state.dropped++;
          return callback(new Error('421 the client left'));
        }
        if (state.failing) {
          const err = new Error('451 Temporary failure, try again later') as Error & { responseCode: number };
          err.responseCode = 451;
          return callback(err);
        }
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        };
        mails.push(mail);
        opts.onMail?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
