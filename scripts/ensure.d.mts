// Types of ensure.mjs for the TypeScript that calls it (e2e/support/server.ts).
export const root: string;
export function run(command: string, args: string[], options?: import("node:child_process").SpawnSyncOptions): void;
export function ensureInstalled(): void;
export function ensureWebBuilt(): void;
export function ensureServerBuilt(): void;
