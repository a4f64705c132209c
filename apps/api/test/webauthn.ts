import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type {
  PasskeyAuthenticationResponse,
  PasskeyCreationOptions,
  PasskeyRegistrationResponse,
  PasskeyRequestOptions,
} from '@cabinet/contracts';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

// A software authenticator for the API tests: it makes and uses ES256 passkeys exactly as a platform
// authenticator would answer through a browser (attestation 'none'), built with node:crypto, so the
// server's real WebAuthn checks run on it. Knobs let a test break one rule at a time.

/** What the CBOR encoder takes. */
type Cbor = Parameters<typeof isoCBOR.encode>[0];

const b64url = (bytes: Uint8Array) => isoBase64URL.fromBuffer(Uint8Array.from(bytes));
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  cosePublicKey: Uint8Array;
  rpId: string;
  userHandle: string;
  counter: number;
}

export interface CeremonyOptions {
  /** The page's origin the browser reports (default: the authenticator's). */
  origin?: string;
  /** Whether the user was verified (PIN, fingerprint); default true. */
  userVerified?: boolean;
  /** The signature counter to report instead of the next one. */
  counter?: number;
  /** A clientData type other than the ceremony's. */
  type?: string;
  /** Another user handle than the credential's. */
  userHandle?: string;
  /** Break the signature. */
  badSignature?: boolean;
  /** Register this credential again (same id and key) instead of making a new one. */
  reuse?: Credential;
}

export class SoftwareAuthenticator {
  readonly credentials: Credential[] = [];

  /** `counterStep` 0 plays an authenticator that keeps no counter (many passkeys do). */
  constructor(
    readonly origin: string,
    readonly counterStep = 1,
  ) {}

  private clientData(type: string, challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create() with the server's options. */
  register(options: PasskeyCreationOptions, ceremony: CeremonyOptions = {}): PasskeyRegistrationResponse {
    const credential = ceremony.reuse ?? this.newCredential(options);
    const { id, cosePublicKey: cose } = credential;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(options.rp.id),
      Buffer.from([FLAG_UP | FLAG_AT | (ceremony.userVerified === false ? 0 : FLAG_UV)]),
      this.counterBytes(ceremony.counter ?? 0),
      Buffer.alloc(16), // AAGUID
      idLength,
      id,
      Buffer.from(cose),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', Uint8Array.from(authData)],
      ]),
    );
    if (!ceremony.reuse) this.credentials.push(credential);
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(
          this.clientData(
            ceremony.type ?? 'webauthn.create',
            options.challenge,
            ceremony.origin ?? this.origin,
          ),
        ),
        attestationObject: b64url(attestationObject),
        transports: ['internal', 'hybrid'],
      },
    };
  }

  /** navigator.credentials.get() with the server's options, using one of this authenticator's credentials. */
  authenticate(
    options: PasskeyRequestOptions,
    credential: Credential | undefined = this.credentials.at(-1),
    ceremony: CeremonyOptions = {},
  ): PasskeyAuthenticationResponse {
    if (!credential) throw new Error('no credential');
    credential.counter += this.counterStep;
    const authData = Buffer.concat([
      sha256(options.rpId ?? credential.rpId),
      Buffer.from([FLAG_UP | (ceremony.userVerified === false ? 0 : FLAG_UV)]),
      this.counterBytes(ceremony.counter ?? credential.counter),
    ]);
    const clientDataJSON = this.clientData(
      ceremony.type ?? 'webauthn.get',
      options.challenge,
      ceremony.origin ?? this.origin,
    );
    let signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    if (ceremony.badSignature)
      signature = sign('sha256', Buffer.from('something else'), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: ceremony.userHandle ?? credential.userHandle,
      },
    };
  }

  private newCredential(options: PasskeyCreationOptions): Credential {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cosePublicKey = isoCBOR.encode(
      new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Uint8Array.from(Buffer.from(jwk.x ?? '', 'base64url'))],
        [-3, Uint8Array.from(Buffer.from(jwk.y ?? '', 'base64url'))],
      ]),
    );
    return {
      id: randomBytes(32),
      privateKey,
      cosePublicKey,
      rpId: options.rp.id,
      userHandle: options.user.id,
      counter: 0,
    };
  }

  private counterBytes(value: number) {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(value);
    return bytes;
  }
}
