// Types of data-dir-lock.mjs (plain ESM for node: server.mjs and scripts/durability/kill9.mjs import it too).

/** What `<DATA_DIR>.lock` holds. */
export interface DataDirLockRecord {
  pid: number;
  /** The server's port; null for a command (admin:create, seed:*, db:*). */
  port: number | null;
  command: string;
  host: string;
  bootId: string | null;
  /** Linux: the process's start in clock ticks since boot (/proc/<pid>/stat), against pid reuse. */
  procStart: string | null;
  startedAt: string;
  lockedAt: string;
  nonce: string;
}

export type HolderState = 'alive' | 'dead' | 'elsewhere';

export interface DataDirLock {
  dataDir: string;
  file: string;
  record: DataDirLockRecord;
  isHeld(): boolean;
  release(): void;
}

export interface LockOptions {
  port?: number | null;
  command?: string;
  waitMs?: number;
  onWait?: (holder: DataDirLockRecord) => void;
}

export declare function lockFileOf(dataDir: string): string;
export declare function holderState(record: DataDirLockRecord): HolderState;
export declare function dataDirHolder(dataDir: string): DataDirLockRecord | null;
export declare function lockedMessage(dataDir: string, file: string, holder: DataDirLockRecord | null, state: HolderState | undefined): string;
export declare class DataDirLockedError extends Error {
  constructor(dataDir: string, file: string, holder: DataDirLockRecord | null, state: HolderState | undefined);
  readonly code: 'EDATADIRLOCKED';
  readonly summary: string;
  readonly dataDir: string;
  readonly file: string;
  readonly holder: DataDirLockRecord | null;
  readonly state: HolderState | undefined;
}
export declare function isDataDirLocked(err: unknown): err is DataDirLockedError;
export declare function lockDataDir(dataDir: string, opts?: LockOptions): Promise<DataDirLock>;
