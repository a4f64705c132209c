import { onFirstUse } from '../../lib/first-use';

/**
 * @simplewebauthn/server, with the certificate and CBOR parsers it brings (~5 MB of heap), is loaded with
 * the first passkey call, not at start: most processes never see one (decision 0119).
 */
export const loadWebAuthn = onFirstUse(() => import('@simplewebauthn/server'));
