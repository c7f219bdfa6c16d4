/** A free TCP port on `host` (127.0.0.1) below the kernel's ephemeral range: lib/server/free-port.mjs. */
export function freePort(host?: string): Promise<number>;
