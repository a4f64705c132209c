import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Env } from '../env';
import type { Prisma as PrismaNs } from '../generated/prisma/client';
import type { Prisma } from '../plugins/db/database';
import type { MailOutbox } from './outbox';

/** pg-boss's completion and failure writes, which it does not await (see executeSql). */
const UNAWAITED_WRITES = [/SET completed_on = now\(\)/, /WITH deleted_jobs AS \(/];

// Background jobs on pg-boss in the product's own database (docs/decisions/0150-job-queue.md). Every API
// process runs a worker; pg-boss's cron sends one job per period however many processes there are, and a
// queue's 'stately' policy keeps at most one of its jobs queued and one running. pg-boss talks through the
// app's own pool, so the embedded database (one connection) serves it as well.

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobContext {
  prisma: Prisma;
  /** The clock of this run: the app's clock (tests move it), or the one a caller passes. */
  now: Date;
  log: Logger;
  config: Env;
  outbox: MailOutbox;
}

export interface Job {
  /** Unique: names the pg-boss queue, the schedule and the run call's {name}. */
  name: string;
  /** When it runs, in UTC (pg-boss cron; a minute at the finest). */
  cron: string;
  /** Does the work; returns how much it handled (mails queued, users moved, rows deleted). */
  run(context: JobContext): Promise<number>;
}

export interface JobRunner {
  has(name: string): boolean;
  /** Runs a job now in this process and waits for it (the admins' run call, tests with a moved clock). */
  run(name: string, options?: { now?: Date }): Promise<number>;
  /** Asks for a run soon on whichever process is free (no-op before start). */
  request(name: string, options?: { afterSeconds?: number }): Promise<void>;
  /**
   * Starts the worker and the schedules; resolves true once started, false when the database refused (then
   * it tries again every 30 s until it starts or is stopped: a database that is down must not stop the API).
   */
  start(): Promise<boolean>;
  /** Stops taking jobs, lets running ones finish (or hands them back after the timeout). */
  stop(): Promise<void>;
}

/** Class of the two-key advisory locks of transactional jobs (the migrations use 72707369, the first admin 72707370). */
const TASK_LOCK_CLASS = 72707371;
const TASK_TX_OPTIONS = { maxWait: 10_000, timeout: 5 * 60_000 };
/** A running job gets this long on stop before pg-boss hands it back (server.ts exits after 10 s). */
const STOP_TIMEOUT_MS = 7_000;
/** How long a stop waits for a start still in progress. */
const START_WAIT_MS = 2_000;

/**
 * A housekeeping job whose work is one transaction (the purge, audit and challenge pruning): the
 * transaction first takes an advisory lock, so two runs of it never overlap, on any process.
 */
export function transactionalJob(
  name: string,
  cron: string,
  work: (tx: PrismaNs.TransactionClient, now: Date, log: Logger) => Promise<number>,
): Job {
  return {
    name,
    cron,
    run: ({ prisma, now, log }) =>
      prisma.$transaction(async (tx) => {
        const [lock] = await tx.$queryRaw<{ locked: boolean }[]>`
          SELECT pg_try_advisory_xact_lock(${TASK_LOCK_CLASS}::int, hashtext(${name})) AS locked`;
        return lock?.locked ? work(tx, now, log) : 0;
      }, TASK_TX_OPTIONS),
  };
}

export function createJobRunner(options: {
  pool: pg.Pool;
  prisma: Prisma;
  log: Logger;
  config: Env;
  outbox: MailOutbox;
  now: () => Date;
  jobs: Job[];
}): JobRunner {
  const { log, jobs } = options;
  const byName = new Map(jobs.map((job) => [job.name, job]));
  let boss: PgBoss | null = null;
  let starting: Promise<boolean> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let stopped = false;

  async function run(name: string, runOptions: { now?: Date } = {}): Promise<number> {
    const job = byName.get(name);
    if (!job) throw new Error(`unknown job ${name}`);
    return job.run({
      prisma: options.prisma,
      now: runOptions.now ?? options.now(),
      log,
      config: options.config,
      outbox: options.outbox,
    });
  }

  return {
    has: (name) => byName.has(name),
    run,
    async request(name, requestOptions = {}) {
      if (!boss) return;
      await boss.send(
        name,
        {},
        requestOptions.afterSeconds ? { startAfter: requestOptions.afterSeconds } : {},
      );
    },
    start() {
      stopped = false;
      starting ??= attempt();
      return starting;
    },
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      // A start in progress (pg-boss making its schema on a first start) gets a moment; past it, closing the
      // pool ends it and attempt() stops whatever it had started.
      await Promise.race([starting, new Promise((resolve) => setTimeout(resolve, START_WAIT_MS).unref())]);
      starting = null;
      const stopping = boss;
      boss = null;
      if (!stopping) return;
      // close: false, the app's pool is the caller's to end.
      await stopping.stop({ graceful: true, wait: true, close: false, timeout: STOP_TIMEOUT_MS });
    },
  };

  async function attempt(): Promise<boolean> {
    try {
      const started = await startBoss();
      if (stopped) {
        await started.stop({ graceful: false, close: false, wait: true }).catch(() => {});
        return false;
      }
      boss = started;
      return true;
    } catch (err) {
      if (stopped) return false;
      log.error({ err }, 'the job queue did not start; trying again in 30 s');
      if (!stopped) {
        retry = setTimeout(() => {
          starting = attempt();
        }, 30_000);
        retry.unref();
      }
      return false;
    }
  }

  /**
   * pg-boss 10 records a finished job's completion or failure without awaiting it (manager.js watch calls
   * `this.complete(…)` / `this.fail(…)` unawaited), so a database error at that moment would be an unhandled
   * rejection, which stops a Node process. Those writes are caught and logged here instead; the job stays
   * active until it expires and is retried, which every job tolerates (each is idempotent, decision 0150).
   */
  function executeSql(text: string, values?: unknown[]) {
    const query = options.pool.query(text, values);
    if (!UNAWAITED_WRITES.some((pattern) => pattern.test(text))) return query;
    return query.catch((err: unknown) => {
      log.error({ err }, 'job queue: recording a finished job failed; it will expire and run again');
      return { rows: [{ count: '0' }], rowCount: 0 };
    });
  }

  async function startBoss(): Promise<PgBoss> {
    const started = new PgBoss({
      db: { executeSql: (text, values) => executeSql(text, values) },
      schedule: true,
      supervise: true,
      migrate: true,
      pollingIntervalSeconds: 2,
    });
    started.on('error', (err) => log.error({ err }, 'job queue error'));
    await started.start();
    try {
      await setUp(started);
    } catch (err) {
      await started.stop({ graceful: false, close: false, wait: true }).catch(() => {});
      throw err;
    }
    return started;
  }

  async function setUp(started: PgBoss) {
    for (const job of jobs) {
      // stately: at most one queued and one running per job, across processes; a process killed mid-run
      // leaves its job to expire (10 min) and be retried, with backoff.
      await started.createQueue(job.name, {
        name: job.name,
        policy: 'stately',
        retryLimit: 5,
        retryDelay: 30,
        retryBackoff: true,
        expireInSeconds: 600,
      });
      await started.work(job.name, { batchSize: 1 }, async () => {
        const processed = await run(job.name);
        if (processed > 0) log.info({ job: job.name, processed }, 'job done');
      });
      await started.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    }
  }
}
