import { afterEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { describeOnEachDatabase, startTestServer, type TestServer } from '../test/harness';
import { CATCH_UP_PERIODS_MAX, type PeriodicJob } from './scheduler';

const HOUR_MS = 3_600_000;

/** A job that records every period it was asked to run, in a table of its own (per-item idempotency). */
function recordingJob(name: string, options: { failAt?: number } = {}): PeriodicJob & { runs: number[] } {
  const runs: number[] = [];
  return {
    name,
    periodMs: HOUR_MS,
    runs,
    async run(db: Kysely<Database>, period) {
      if (options.failAt === period.start) throw new Error('cut off half-way');
      runs.push(period.start);
      expect(period.asOf).toBe(period.start + HOUR_MS);
      return `ran ${period.start}`;
    },
  };
}

async function recordedPeriods(server: TestServer, job: string): Promise<number[]> {
  const rows = await server.context.database.db
    .selectFrom('job_run')
    .select('period_start')
    .where('job_name', '=', job)
    .orderBy('period_start')
    .execute();
  return rows.map((row) => Number(row.period_start));
}

describeOnEachDatabase('the scheduler', (dialect) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('runs the period that has just ended first, then each ended period exactly once, catching up after downtime', async () => {
    server = await startTestServer(dialect);
    const job = recordingJob('test.catch-up');
    server.context.scheduler.addPeriodic(job);
    const hour = Math.floor(server.clock.now / HOUR_MS) * HOUR_MS;

    await server.context.scheduler.runDue();
    expect(job.runs).toEqual([hour - HOUR_MS]);
    await server.context.scheduler.runDue();
    expect(job.runs).toEqual([hour - HOUR_MS]);

    // Five hours of downtime: the four periods that ended since are each run once, oldest first.
    server.clock.advance(5 * HOUR_MS);
    const reports = await server.context.scheduler.runDue();
    const ours = reports.filter((report) => report.job === job.name);
    expect(ours.map((report) => report.periodStart)).toEqual([0, 1, 2, 3, 4].map((index) => hour + index * HOUR_MS));
    expect(job.runs).toHaveLength(6);
    expect(await recordedPeriods(server, job.name)).toEqual(job.runs);
  });

  it('two runners at once run each period once', async () => {
    server = await startTestServer(dialect);
    const job = recordingJob('test.parallel');
    server.context.scheduler.addPeriodic(job);
    await server.context.scheduler.runDue();
    server.clock.advance(3 * HOUR_MS);
    await Promise.all([server.context.scheduler.runDue(), server.context.scheduler.runDue()]);
    expect(new Set(job.runs).size).toBe(job.runs.length);
    expect(job.runs).toHaveLength(4);
  });

  it('a run cut off half-way is not recorded and runs again; what finished before it stays recorded', async () => {
    server = await startTestServer(dialect);
    const hour = Math.floor(server.clock.now / HOUR_MS) * HOUR_MS;
    const failing = recordingJob('test.cut-off', { failAt: hour + HOUR_MS });
    server.context.scheduler.addPeriodic(failing);
    await server.context.scheduler.runDue();
    server.clock.advance(3 * HOUR_MS);
    await expect(server.context.scheduler.runDue()).rejects.toThrow('cut off half-way');
    expect(await recordedPeriods(server, failing.name)).toEqual([hour - HOUR_MS, hour]);
    // The process restarts with the fault gone: the scheduler resumes at the period that failed.
    const restarted = await server.restart();
    server = restarted;
    const healed = recordingJob('test.cut-off');
    restarted.context.scheduler.addPeriodic(healed);
    await restarted.context.scheduler.runDue();
    expect(healed.runs).toEqual([hour + HOUR_MS, hour + 2 * HOUR_MS]);
  });

  it('bounds a catch-up: only the newest periods run, and each pays everything due by its end', async () => {
    server = await startTestServer(dialect);
    const job = recordingJob('test.bounded');
    server.context.scheduler.addPeriodic(job);
    await server.context.scheduler.runDue();
    server.clock.advance((CATCH_UP_PERIODS_MAX + 50) * HOUR_MS);
    await server.context.scheduler.runDue();
    expect(job.runs).toHaveLength(1 + CATCH_UP_PERIODS_MAX);
  });
});

describe('the scheduler refuses nonsense', () => {
  it('a period shorter than a second, or a job added twice', async () => {
    const server = await startTestServer('sqlite');
    try {
      expect(() => server.context.scheduler.addPeriodic({ ...recordingJob('x'), periodMs: 10 })).toThrow(RangeError);
      server.context.scheduler.addPeriodic(recordingJob('twice'));
      expect(() => server.context.scheduler.addPeriodic(recordingJob('twice'))).toThrow('added twice');
    } finally {
      await server.close();
    }
  });
});
