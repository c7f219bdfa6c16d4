// Types of start.mjs (plain ESM for node: server.mjs imports it).
export declare function openBeforeListening(register: () => Promise<unknown>): Promise<void>;
