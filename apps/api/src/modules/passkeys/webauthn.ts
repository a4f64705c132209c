import type * as WebAuthn from '@simplewebauthn/server';

/**
 * @simplewebauthn/server, with the certificate and CBOR parsers it brings (~5 MB of heap), is loaded with
 * the first passkey call, not at start: most processes never see one (decision 0119).
 */
let webauthn: Promise<typeof WebAuthn> | null = null;
export function loadWebAuthn(): Promise<typeof WebAuthn> {
  webauthn ??= import('@simplewebauthn/server');
  return webauthn;
}
