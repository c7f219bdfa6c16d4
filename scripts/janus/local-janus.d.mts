export declare function janusBinary(): string | null;
export declare function janusLibDir(): string | null;
export interface LocalJanus {
  pid: number;
  /** The run's folder (configuration, janus.log), removed by stop(). */
  dir: string;
  logFile: string;
  /** The Janus API over HTTP: http://127.0.0.1:<port>/janus. */
  url: string;
  /** The Janus API over WebSockets (browsers): ws://127.0.0.1:<port>. */
  wsUrl: string;
  rtpPorts: [number, number];
  apiSecret: string;
  tokenSecret: string;
  adminKey: string;
  adminSecret: string;
  /** The server as JANUS_SERVERS describes it (id "local"). */
  server: { id: string; url: string; publicUrl: string; apiSecret: string; tokenSecret: string; adminKey: string };
  env: { JANUS_SERVERS: string };
  /** SIGTERM, waits for the exit (SIGKILL after 3 s), removes the folder. */
  stop(): Promise<void>;
  /** At once and synchronously (a process's 'exit' handler): SIGTERM, the folder removed. */
  kill(): void;
}
export declare function startLocalJanus(opts?: { origin?: string; rtpPorts?: [number, number]; debugLevel?: number; timeoutMs?: number; keepDir?: boolean }): Promise<LocalJanus>;
