import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

// Child processes and databases are registered as they are made, so that a normal end, an error or
// Ctrl-C all leave nothing behind: children are stopped (SIGTERM, then SIGKILL) and databases dropped.

type Cleanup = () => Promise<void>;
const cleanups: { name: string; run: Cleanup }[] = [];
const children = new Set<ChildProcess>();

export function onCleanup(name: string, run: Cleanup): () => void {
  const entry = { name, run };
  cleanups.push(entry);
  return () => {
    const i = cleanups.indexOf(entry);
    if (i >= 0) cleanups.splice(i, 1);
  };
}

let cleaning: Promise<void> | null = null;
export function cleanupAll(): Promise<void> {
  cleaning ??= (async () => {
    // Last registered first: servers stop before their database is dropped.
    while (cleanups.length > 0) {
      const entry = cleanups.pop();
      if (!entry) break;
      try {
        await entry.run();
      } catch (error) {
        process.stderr.write(`cleanup of ${entry.name} failed: ${String(error)}\n`);
      }
    }
  })();
  return cleaning;
}

export function installSignalHandlers() {
  const stop = (signal: NodeJS.Signals) => {
    process.stderr.write(`\n${signal}: stopping the servers and dropping the bench databases…\n`);
    void cleanupAll().finally(() => process.exit(130));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // Whatever happens, no child outlives the bench (synchronous: 'exit' cannot wait).
  process.once('exit', () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  });
}

/** A port nobody listens on now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export interface Child {
  name: string;
  pid: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `node args…` with its output in logFile; stopped by cleanupAll at the latest. */
export function startNode(
  name: string,
  args: string[],
  env: Record<string, string>,
  logFile: string,
  cwd?: string,
): Child {
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd,
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  children.add(child);
  child.once('exit', () => children.delete(child));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const killed = await Promise.race([exited.then(() => true), sleep(12_000).then(() => false)]);
    if (!killed) {
      child.kill('SIGKILL');
      await exited;
    }
  };
  const unregister = onCleanup(name, stop);
  if (!child.pid) throw new Error(`${name} did not start`);
  return {
    name,
    pid: child.pid,
    process: child,
    async stop() {
      unregister();
      await stop();
    },
  };
}

/** Waits until GET url answers 2xx, or fails naming the log to read. */
export async function waitForHttp(url: string, child: Child, logFile: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null) {
      throw new Error(`${child.name} exited with ${child.process.exitCode}; see ${logFile}`);
    }
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${child.name} did not answer ${url} within ${timeoutMs / 1000} s; see ${logFile}`);
}

/** Resident memory of a process in MB (Linux /proc), or null when it is gone. */
export function rssMb(pid: number): number | null {
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+)\s+kB/m);
    return match?.[1] ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Samples VmRSS of the given processes every 200 ms. peak(pid) is the maximum over the whole run;
 * takePhasePeak(pid) the maximum since its previous call (one measurement).
 */
export function sampleRss(pids: () => number[]) {
  const peaks = new Map<number, number>();
  const phase = new Map<number, number>();
  const timer = setInterval(() => {
    for (const pid of pids()) {
      const mb = rssMb(pid);
      if (mb === null) continue;
      peaks.set(pid, Math.max(peaks.get(pid) ?? 0, mb));
      phase.set(pid, Math.max(phase.get(pid) ?? 0, mb));
    }
  }, 200);
  timer.unref();
  return {
    peak: (pid: number) => peaks.get(pid) ?? 0,
    takePhasePeak(pid: number) {
      const value = phase.get(pid) ?? rssMb(pid) ?? 0;
      phase.delete(pid);
      return value;
    },
    stop: () => clearInterval(timer),
  };
}
