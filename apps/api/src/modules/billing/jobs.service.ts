import { JOB_NOT_FOUND, type JobRun } from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/app-error';
import type { SignedInContext } from '../../lib/context';

/** POST /admin/jobs/{name}/run: runs a job now with the request's clock and waits for it (decision 0150). */
export async function runJobNow(app: FastifyInstance, ctx: SignedInContext, name: string): Promise<JobRun> {
  if (!app.jobs.has(name)) throw notFound(text(JOB_NOT_FOUND));
  const processed = await app.jobs.run(name, { now: ctx.now });
  return { name, processed };
}
