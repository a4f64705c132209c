import { passkeysEndpoints as e } from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import type { FastifyRequest } from 'fastify';
import { handle, routes } from '../../lib/endpoint-routes';
import { listOk, ok } from '../../lib/envelope';
import { tr } from '../../lib/i18n';
import type { RateLimits } from '../../plugins/rate-limit';
import { adminRule } from '../auth/first-admin';
import { countedSignIn } from '../auth/sign-in';
import { authenticationOptions, signInWithPasskey } from './passkey-login';
import { registerPasskey, registrationOptions } from './passkey-registration';
import { deletePasskey, listPasskeys, renamePasskey } from './passkeys.service';
import { passkeysUnavailable, relyingParty } from './relying-party';

/** The two anonymous calls share the code check's per-IP budget, each its own bucket. */
const perIp = (bucket: string, max: number) => ({
  config: {
    rateLimit: {
      timeWindow: '1 minute',
      max,
      keyGenerator: (request: FastifyRequest) => `passkey:${bucket}:${request.ip}`,
    },
  },
});

// Passkeys (issue 14; docs/decisions/0142-passkeys.md). The relying party is PUBLIC_URL.
export default (rateLimits: RateLimits) =>
  routes((app) => {
    const rp = relyingParty(app.config.PUBLIC_URL);
    if (passkeysUnavailable(rp)) {
      app.log.warn(
        { publicUrl: app.config.PUBLIC_URL },
        'PUBLIC_URL is an IP address: browsers refuse passkeys there; give it a host name (localhost locally)',
      );
    }
    const rule = adminRule(app.config);

    return [
      handle(e.registerOptions, async (ctx) => ok(await registrationOptions(ctx, rp))),
      handle(e.registerVerify, async (ctx, { body }) =>
        ok(await registerPasskey(ctx, body, rp), text('Ключ доступа добавлен')),
      ),
      handle(
        e.loginOptions,
        async (ctx) => ok(await authenticationOptions(ctx, rp)),
        perIp('options', rateLimits.loginVerify),
      ),
      handle(
        e.loginVerify,
        async (ctx, { body }) =>
          ok(
            await countedSignIn('passkey', body.loginKey, () =>
              signInWithPasskey({ ...ctx, adminRule: rule }, body, rp),
            ),
            tr('Авторизация прошла успешно'),
          ),
        perIp('verify', rateLimits.loginVerify),
      ),
      handle(e.list, async (ctx, { query }) => {
        const page = await listPasskeys(ctx, query);
        return listOk(page.items, page.meta, tr('Ключи доступа'));
      }),
      handle(e.rename, async (ctx, { params, body }) =>
        ok(await renamePasskey(ctx, { ...params, ...body }), text('Ключ доступа переименован')),
      ),
      handle(e.delete, async (ctx, { params }) => {
        await deletePasskey(ctx, params);
        return ok(null, text('Ключ доступа удалён'));
      }),
    ];
  });
