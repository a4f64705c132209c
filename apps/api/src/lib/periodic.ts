import type { Prisma as PrismaNs } from '../generated/prisma/client';
import type { Prisma } from '../plugins/db/database';

// A small in-process scheduler for housekeeping (docs/decisions/0089-periodic-tasks.md). Every API process
// runs it; an advisory lock lets one run of a task happen at a time across them. A later issue moves these
// tasks onto a job queue, so this stays deliberately small.

interface Logger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface TaskContext {
  /** The transaction that holds the task's lock; the task's work belongs to it. */
  tx: PrismaNs.TransactionClient;
  /** The clock of this run (tests move it). */
  now: Date;
  log: Logger;
}

export interface PeriodicTask {
  /** Unique; also names the advisory lock. */
  name: string;
  everyMinutes: number;
  run(context: TaskContext): Promise<unknown>;
}

export type TaskRun = { ran: true; result: unknown } | { ran: false };

/** Class of the two-key advisory locks of tasks (the migrations use 72707369, the first admin 72707370). */
const TASK_LOCK_CLASS = 72707371;
/** First run this long after start, so that a fleet starting together does not all run at once. */
const FIRST_RUN_DELAY_MS = 30_000;
const TX_OPTIONS = { maxWait: 10_000, timeout: 5 * 60_000 };

export interface PeriodicRunner {
  start(): void;
  /** Stops the timers and waits for runs in progress. */
  stop(): Promise<void>;
  /** Runs a task now (tests pass a moved clock). Skipped when another run holds its lock. */
  run(name: string, options?: { now?: Date }): Promise<TaskRun>;
}

export function createPeriodicRunner(options: {
  prisma: Prisma;
  log: Logger;
  tasks: PeriodicTask[];
  firstRunDelayMs?: number;
}): PeriodicRunner {
  const { prisma, log, tasks } = options;
  const byName = new Map(tasks.map((task) => [task.name, task]));
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  let stopped = true;

  async function run(name: string, runOptions: { now?: Date } = {}): Promise<TaskRun> {
    const task = byName.get(name);
    if (!task) throw new Error(`unknown periodic task ${name}`);
    const now = runOptions.now ?? new Date();
    // A transaction-scoped lock: released with the transaction, whatever happens, and it needs no second
    // connection (the embedded database has one).
    return prisma.$transaction(async (tx) => {
      const [lock] = await tx.$queryRaw<{ locked: boolean }[]>`
        SELECT pg_try_advisory_xact_lock(${TASK_LOCK_CLASS}::int, hashtext(${task.name})) AS locked`;
      if (!lock?.locked) return { ran: false } as const;
      return { ran: true, result: await task.run({ tx, now, log }) } as const;
    }, TX_OPTIONS);
  }

  function schedule(task: PeriodicTask, delayMs: number) {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const attempt = run(task.name)
        .catch((err: unknown) => log.error({ err, task: task.name }, 'periodic task failed'))
        .finally(() => {
          running.delete(attempt);
          schedule(task, task.everyMinutes * 60_000);
        });
      running.add(attempt);
    }, delayMs);
    timer.unref();
    timers.add(timer);
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      for (const task of tasks) schedule(task, options.firstRunDelayMs ?? FIRST_RUN_DELAY_MS);
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running]);
    },
    run,
  };
}
