import { closeSync, linkSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from "node:fs";

/**
 * One process at a time on an embedded database: a second one opening the same PGlite folder
 * corrupts it for good (every later start fails with "RuntimeError: Aborted()"). A lock file next
 * to the database holds the holder's PID and, where the system tells it (Linux), when that process
 * started; a lock whose holder is gone (kill -9, a crash, a reboot) is stale and taken over — also
 * when its PID now belongs to another process (after a reboot PIDs are handed out again), which
 * the start time tells apart.
 */
export class DataFolderLocked extends Error {
  constructor(
    readonly folder: string,
    readonly holder: number,
  ) {
    super(
      `Another StepSync process (PID ${holder}) is using the embedded database in ${folder}. ` +
        "Only one server or command can open it at a time: stop that process first (for create-admin, stop the server, run it, then start the server again).",
    );
    this.name = "DataFolderLocked";
  }
}

export type DataLock = { release(): void };

/** Lock files this process holds: opening one of them twice is refused like another process. */
const heldHere = new Set<string>();

type Holder = { pid: number; start: string | null };

/** When process `pid` started (clock ticks since boot, /proc/PID/stat field 22), or null where unknown. */
function startOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may hold spaces: state is field 3.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

/** The holder written in a lock file, or null when the file is unreadable (half written, gone). */
function holderOf(file: string): Holder | null {
  try {
    const [pidText, start] = readFileSync(file, "utf8").trim().split(/\s+/);
    const pid = Number.parseInt(pidText ?? "", 10);
    return Number.isInteger(pid) && pid > 0 ? { pid, start: start || null } : null;
  } catch {
    return null;
  }
}

/**
 * Whether the holder still runs: its PID is a live process that can be a previous holder (not
 * ourselves: a restarted container reuses PID 1) and, when both start times are known, the same
 * process that wrote the lock.
 */
function alive(holder: Holder): boolean {
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (e) {
    // EPERM: it exists, under another user.
    if ((e as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const now = startOf(holder.pid);
  return holder.start === null || now === null || now === holder.start;
}

/** Takes the lock or throws DataFolderLocked; `folder` names the data in the message. */
export function acquireDataLock(file: string, folder: string): DataLock {
  if (heldHere.has(file)) throw new DataFolderLocked(folder, process.pid);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(file, "wx");
      const start = startOf(process.pid);
      writeSync(fd, start ? `${process.pid} ${start}\n` : `${process.pid}\n`);
      closeSync(fd);
      return lockHeld(file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
    const holder = holderOf(file);
    if (holder !== null && alive(holder)) throw new DataFolderLocked(folder, holder.pid);
    takeOverStale(file, holder);
  }
  throw new DataFolderLocked(folder, holderOf(file)?.pid ?? 0);
}

/**
 * Moves a stale lock aside (rename is atomic: of two processes doing this, one moves it). If what
 * was moved turns out to be a fresh lock another process took in between, it is put back.
 */
function takeOverStale(file: string, staleHolder: Holder | null): void {
  const aside = `${file}.stale-${process.pid}`;
  try {
    renameSync(file, aside);
  } catch {
    return; // gone already: try again from the top
  }
  const moved = holderOf(aside);
  if (moved !== null && moved.pid !== staleHolder?.pid && alive(moved)) {
    try {
      linkSync(aside, file);
    } catch {
      // someone locked again meanwhile: theirs stands, and ours will meet it
    }
  }
  try {
    unlinkSync(aside);
  } catch {
    // already gone
  }
}

function lockHeld(file: string): DataLock {
  let held = true;
  heldHere.add(file);
  const release = () => {
    if (!held) return;
    held = false;
    heldHere.delete(file);
    process.off("exit", release);
    // Only our own lock: never one a later holder took over.
    if (holderOf(file)?.pid === process.pid) {
      try {
        unlinkSync(file);
      } catch {
        // already gone
      }
    }
  };
  process.on("exit", release);
  return { release };
}
