import dgram from 'node:dgram';

/**
 * A UDP hop that loses packets on purpose: one side of a call reaches its TURN relay through it
 * (e2e/lesson-room.spec.ts's poor-link test), so every packet of that side's call — media, RTCP,
 * the relay's own STUN — crosses a link whose loss the test sets. DevTools' network emulation
 * (CDP Network.emulateNetworkConditions) never touches WebRTC's UDP (crbug.com/563644), and
 * tc/netem would need root and reach every process on the loopback.
 *
 * Each client address gets its own socket towards the relay (as a NAT would), so the relay sees one
 * client per browser connection. `loss` is the share of packets dropped, each way.
 */
export async function lossyLink(target: { host: string; port: number }) {
  const front = dgram.createSocket('udp4');
  const clients = new Map<string, dgram.Socket>();
  const link = {
    loss: 0,
    port: 0,
    /** Packets dropped and passed since the start (both ways). */
    dropped: 0,
    passed: 0,
    close() {
      for (const s of clients.values()) s.close();
      front.close();
    },
  };
  const pass = () => {
    if (link.loss > 0 && Math.random() < link.loss) {
      link.dropped++;
      return false;
    }
    link.passed++;
    return true;
  };
  front.on('message', (msg, from) => {
    const key = `${from.address}:${from.port}`;
    let back = clients.get(key);
    if (!back) {
      back = dgram.createSocket('udp4');
      back.on('message', (reply) => {
        if (pass()) front.send(reply, from.port, from.address);
      });
      back.on('error', () => {});
      back.bind(0, '127.0.0.1');
      clients.set(key, back);
    }
    if (pass()) back.send(msg, target.port, target.host);
  });
  front.on('error', () => {});
  await new Promise<void>((resolve) => front.bind(0, '127.0.0.1', resolve));
  link.port = front.address().port;
  return link;
}
