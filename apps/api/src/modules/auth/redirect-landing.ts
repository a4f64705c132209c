import type { LoginResult } from '@cabinet/contracts';
import type { FastifyReply } from 'fastify';
import type { Env } from '../../env';
import { badRequest } from '../../lib/app-error';
import { newOpaqueToken, sameText, sha256 } from '../../lib/crypto';
import { currentLocale, tr, trId } from '../../lib/i18n';
import { escapeHtml } from '../../lib/mail';
import type { Db } from '../../plugins/db/database';
import type { FlowProvider } from './identity-flows';
import { completeSignIn, countedSignIn, type SignInRulesContext } from './sign-in';

// How a sign-in finished at an outside provider (Yandex ID, an organization's SSO) reaches the web
// (decision 0283). The session token never travels in a URL:
//   1. start: the flow's state is also set as an HttpOnly cookie (the browser binding), path /api/v1/auth;
//   2. callback: the state must equal that cookie (a callback link made in another browser does nothing);
//      the account is settled, then a landing is issued: 302 to <PUBLIC_URL>/app/auth-app/landing?code=…,
//      a one-time code of 2 minutes (only its SHA-256 kept);
//   3. the web's landing route posts {code, loginKey} to POST /api/v1/auth/landing with the same cookie and
//      gets the sign-in's answer (LoginResult, the desktop hand-off included), as a code sign-in does.
// A landing is an identity_flows row of purpose 'landing' (no column of its own, decision 0283): state_hash
// is the SHA-256 of the code, user_id the account, nonce the hex SHA-256 of the browser binding, and
// code_verifier the hex SHA-256 of the address the provider vouched for (null: it proved the person only).

export const FLOW_COOKIE = 'cabinet_flow';
const COOKIE_PATH = '/api/v1/auth';
export const LANDING_TTL_MS = 2 * 60 * 1000;
/** The web's route that trades the code (apps/web: paths.signInLanding). */
export const LANDING_PATH = '/app/auth-app/landing';

export const LANDING_STALE = trId('Ссылка входа устарела или уже использована: войдите заново');
export const OTHER_BROWSER = trId(
  'Вход начат в другом браузере или в нём отключены cookie: начните вход заново в этом браузере',
);

const secure = (config: Pick<Env, 'PUBLIC_URL'>) =>
  config.PUBLIC_URL.startsWith('https:') ? '; Secure' : '';

/** Set-Cookie of a flow's browser binding (its state), sent back only to /api/v1/auth/…, 10 minutes. */
export const flowCookie = (config: Pick<Env, 'PUBLIC_URL'>, state: string) =>
  `${FLOW_COOKIE}=${state}; Path=${COOKIE_PATH}; Max-Age=600; HttpOnly; SameSite=Lax${secure(config)}`;

export const clearedFlowCookie = (config: Pick<Env, 'PUBLIC_URL'>) =>
  `${FLOW_COOKIE}=; Path=${COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure(config)}`;

/** The flow cookie of a request's Cookie header, or null. */
export function flowCookieOf(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === FLOW_COOKIE) return value.join('=') || null;
  }
  return null;
}

/** Whether the browser that came back is the one that left: its flow cookie is the callback's state. */
export function sameBrowser(cookieHeader: string | undefined, state: string): boolean {
  const binding = flowCookieOf(cookieHeader);
  return binding !== null && sameText(binding, state);
}

const hexHash = (value: string) => Buffer.from(sha256(value)).toString('hex');

export interface LandingFacts {
  provider: FlowProvider;
  organizationId?: number | null;
  /** The account to sign in. */
  userId: number;
  /** The flow's state (the browser's cookie). */
  binding: string;
  /** The address the provider vouched for; null when it proved the person only (decision 0284). */
  vouchedEmail: string | null;
}

/** A landing for a settled account: returns the one-time code for the redirect into the web. */
export async function issueLanding(
  db: Db,
  ctx: { ip: string; userAgent: string; now: Date },
  facts: LandingFacts,
): Promise<string> {
  const code = newOpaqueToken();
  await db.identityFlow.create({
    data: {
      stateHash: sha256(code),
      provider: facts.provider,
      purpose: 'landing',
      organizationId: facts.organizationId ?? null,
      userId: facts.userId,
      nonce: hexHash(facts.binding),
      codeVerifier: facts.vouchedEmail ? hexHash(facts.vouchedEmail.toLowerCase()) : null,
      ip: ctx.ip,
      userAgent: ctx.userAgent.slice(0, 512),
      createdAt: ctx.now,
      expiresAt: new Date(ctx.now.getTime() + LANDING_TTL_MS),
    },
  });
  return code;
}

export const landingUrl = (config: Pick<Env, 'PUBLIC_URL'>, code: string) =>
  `${config.PUBLIC_URL}${LANDING_PATH}?code=${code}`;

/**
 * POST /auth/landing: the one-time code, from the browser that holds the flow's cookie, for the sign-in
 * (completeSignIn: blocked accounts, 'Только через SSO', the session, the hand-off), counted as the
 * provider's sign-in. The code is used up by the first exchange that reaches the sign-in.
 */
export async function exchangeLanding(
  ctx: SignInRulesContext,
  { code, loginKey }: { code: string; loginKey: string },
  cookieHeader: string | undefined,
): Promise<LoginResult> {
  const { prisma, now } = ctx;
  const row = await prisma.identityFlow.findFirst({
    where: { stateHash: sha256(code), purpose: 'landing', usedAt: null, expiresAt: { gt: now } },
  });
  if (!row?.userId || (row.provider !== 'yandex' && row.provider !== 'sso'))
    throw badRequest(tr(LANDING_STALE));
  const binding = flowCookieOf(cookieHeader);
  if (!binding || !row.nonce || !sameText(hexHash(binding), row.nonce)) throw badRequest(tr(OTHER_BROWSER));
  const { count } = await prisma.identityFlow.updateMany({
    where: { id: row.id, usedAt: null },
    data: { usedAt: now },
  });
  const account = await prisma.user.findUnique({ where: { id: row.userId }, select: { email: true } });
  if (count === 0 || !account) throw badRequest(tr(LANDING_STALE));
  const vouched = row.codeVerifier;
  return countedSignIn(row.provider, loginKey, () =>
    completeSignIn(ctx, {
      account: { id: row.userId as number },
      loginKey,
      proof: row.provider as FlowProvider,
      addressProven: vouched !== null && sameText(hexHash(account.email), vouched),
    }),
  );
}

/** A page of the API for a browser (a callback's refusal): never cached, never indexed. */
export function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/** A redirect of a callback: never cached; `cookie` clears or sets the flow cookie. */
export function sendRedirect(reply: FastifyReply, url: string, cookie?: string) {
  if (cookie) reply.header('set-cookie', cookie);
  return reply.header('cache-control', 'no-store').redirect(url, 302);
}

/** The page a callback answers when it signs nobody in: what happened, in Russian, and the way back. */
export function landingErrorPage({
  title = tr('Вход не выполнен'),
  message,
  back,
}: {
  title?: string;
  message: string;
  back: { href: string; label: string };
}): string {
  return `<!doctype html>
<html lang="${currentLocale()}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;
font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f4f9;color:#1b2430}
main{width:100%;max-width:440px;background:#fff;border-radius:16px;padding:32px;box-shadow:0 8px 32px rgba(27,36,48,.12)}
h1{margin:0 0 12px;font-size:22px}p{margin:0 0 24px}
a{display:inline-block;padding:10px 18px;border-radius:8px;background:#1864ab;color:#fff;text-decoration:none;font-weight:600}
a:focus-visible{outline:3px solid #1b2430;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p role="alert">${escapeHtml(message)}</p>
<a href="${escapeHtml(back.href)}">${escapeHtml(back.label)}</a>
</main>
</body>
</html>
`;
}
