import { isIP } from 'node:net';
import { tr } from '../../lib/i18n';

// WebAuthn's relying party is the cabinet as people reach it: PUBLIC_URL (docs/decisions/0142-passkeys.md).

export interface RelyingParty {
  /** The host name passkeys are bound to ('cabinet.example.com', 'localhost'). */
  id: string;
  /** The origin browsers report ('https://cabinet.example.com'). */
  origin: string;
  /** What an authenticator shows next to the account. */
  name: string;
}

export function relyingParty(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: tr('Личный кабинет') };
}

/** Browsers refuse WebAuthn for an IP address: PUBLIC_URL must name a host (localhost on one's own machine). */
export const passkeysUnavailable = (rp: RelyingParty) => isIP(rp.id.replace(/^\[|\]$/g, '')) !== 0;
