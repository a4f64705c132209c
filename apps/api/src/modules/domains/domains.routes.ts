import { domainsEndpoints as e } from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../../lib/app-error';
import { handle, routes } from '../../lib/endpoint-routes';
import { ok } from '../../lib/envelope';
import { tr } from '../../lib/i18n';
import { addDomain, listDomains, removeDomain } from './domains.service';
import { verifyDomain } from './domains.verify';

// Who may call what: docs/authorization/domains.md (the organization's owner, its organization admins and
// site admins; members 403, strangers 404; no access token).

/** DNS checks a minute (decision 0272): per organization, and per domain row. */
export const CHECKS_PER_ORGANIZATION = 10;
export const CHECKS_PER_DOMAIN = 5;

/**
 * The two budgets of 'Проверить', in the rate limiter's store (Redis when REDIS_URL is set, so every API
 * process counts against the same budget; decision 0061).
 */
function checkBudget(app: FastifyInstance) {
  const params = (request: FastifyRequest) => request.params as { id: number; did: number };
  const limits = [
    app.createRateLimit({
      timeWindow: '1 minute',
      max: CHECKS_PER_ORGANIZATION,
      keyGenerator: (request) => `domain-checks:organization:${params(request).id}`,
    }),
    app.createRateLimit({
      timeWindow: '1 minute',
      max: CHECKS_PER_DOMAIN,
      keyGenerator: (request) => `domain-checks:domain:${params(request).did}`,
    }),
  ];
  return async (request: FastifyRequest) => {
    let wait = 0;
    for (const result of await Promise.all(limits.map((limit) => limit(request)))) {
      if (!result.isAllowed && result.isExceeded) wait = Math.max(wait, result.ttlInSeconds);
    }
    if (wait > 0) {
      const seconds = Math.max(1, wait);
      throw tooManyRequests(
        tr('Слишком много проверок домена. Попробуйте через {seconds} с', { seconds }),
        seconds,
      );
    }
  };
}

export default routes((app) => {
  const spend = checkBudget(app);
  return [
    handle(e.list, async (ctx, { params }) => ok(await listDomains(ctx, params), tr('Домены'))),
    handle(e.create, async (ctx, { params, body }) =>
      ok(await addDomain(ctx, params, body), tr('Домен добавлен: добавьте запись TXT и нажмите «Проверить»')),
    ),
    handle(e.verify, async (ctx, { params }, request) => {
      const { domain, already } = await verifyDomain(ctx, params, () => spend(request));
      return ok(domain, already ? tr('Домен уже подтверждён') : text('Домен подтверждён'));
    }),
    handle(e.delete, async (ctx, { params }) => {
      await removeDomain(ctx, params);
      return ok(null, text('Домен удалён'));
    }),
  ];
});
