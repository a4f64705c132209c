import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createPeriodicRunner, type PeriodicTask } from './periodic';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const quietLog = () => ({ info: vi.fn(), error: vi.fn() });
const waitFor = async (check: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('periodic runner', () => {
  it('runs a task once at a time across runners (advisory lock); other tasks are not held up', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = 0;
    const slow: PeriodicTask = {
      name: `slow-${process.pid}`,
      everyMinutes: 60,
      async run() {
        started++;
        await gate;
        return 'done';
      },
    };
    const other: PeriodicTask = { name: `other-${process.pid}`, everyMinutes: 60, run: async () => 'other' };
    const a = createPeriodicRunner({ prisma: t.prisma, log: quietLog(), tasks: [slow, other] });
    const b = createPeriodicRunner({ prisma: t.prisma, log: quietLog(), tasks: [slow, other] });
    const first = a.run(slow.name);
    await waitFor(() => started === 1);
    expect(await b.run(slow.name)).toEqual({ ran: false });
    expect(await b.run(other.name)).toEqual({ ran: true, result: 'other' });
    release();
    expect(await first).toEqual({ ran: true, result: 'done' });
    // Free again once the first run is over.
    expect(await b.run(slow.name)).toEqual({ ran: true, result: 'done' });
    expect(started).toBe(2);
  });

  it('passes the clock it is given; refuses an unknown task', async () => {
    const seen: Date[] = [];
    const task: PeriodicTask = {
      name: `clock-${process.pid}`,
      everyMinutes: 1,
      run: async ({ now }) => seen.push(now),
    };
    const runner = createPeriodicRunner({ prisma: t.prisma, log: quietLog(), tasks: [task] });
    const moved = new Date('2030-01-01T00:00:00Z');
    await runner.run(task.name, { now: moved });
    expect(seen).toEqual([moved]);
    await expect(runner.run('no-such-task')).rejects.toThrow(/unknown periodic task/);
  });

  it('repeats every N minutes once started, logs failures and goes on, and stops cleanly', async () => {
    let runs = 0;
    let failures = 0;
    const log = quietLog();
    const counting: PeriodicTask = {
      name: `counting-${process.pid}`,
      everyMinutes: 0.0005, // 30 ms
      run: async () => ++runs,
    };
    const failing: PeriodicTask = {
      name: `failing-${process.pid}`,
      everyMinutes: 0.0005,
      run: async () => {
        failures++;
        throw new Error('broken task');
      },
    };
    const runner = createPeriodicRunner({
      prisma: t.prisma,
      log,
      tasks: [counting, failing],
      firstRunDelayMs: 0,
    });
    runner.start();
    await waitFor(() => runs >= 3 && failures >= 2);
    await runner.stop();
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ task: failing.name, err: expect.any(Error) }),
      'periodic task failed',
    );
    const after = runs;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(runs).toBe(after);
  });

  it('stop waits for a run in progress', async () => {
    let finished = false;
    const task: PeriodicTask = {
      name: `long-${process.pid}`,
      everyMinutes: 60,
      run: async () => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        finished = true;
      },
    };
    const runner = createPeriodicRunner({
      prisma: t.prisma,
      log: quietLog(),
      tasks: [task],
      firstRunDelayMs: 0,
    });
    runner.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await runner.stop();
    expect(finished).toBe(true);
  });

  it('buildApp registers the purge of unverified accounts', async () => {
    expect(await t.app.periodic.run('purge-unverified-accounts')).toMatchObject({ ran: true });
  });
});
