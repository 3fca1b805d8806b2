import { randomUUID } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import {
  errors,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type JWK,
  type JWTPayload,
} from 'jose';
import { dateAt } from './clock.ts';
import { ApiError } from './errors.ts';

/** The file in the data folder that holds the private signing key, as a GOTRUE_JWT_KEYS entry. */
export const KEY_FILE = 'jwt-signing-key.json';

const ALGORITHM = 'ES256';

/** One entry of the `amr` claim. */
export interface AmrEntry {
  method: string;
  timestamp: number;
}

/** The claims GoTrue puts in an access token, in GoTrue's order. */
export interface AccessTokenClaims {
  iss: string;
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  email: string;
  phone: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  role: string;
  aal: 'aal1' | 'aal2';
  amr: AmrEntry[];
  session_id: string;
  is_anonymous: boolean;
}

/** Writes a file so that a crash leaves either the old content or the new, never a torn one. */
function writeFileAtomic(file: string, content: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w', 0o600);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
  const dir = openSync(path.dirname(file), 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}

function badJwt(detail: string): ApiError {
  return new ApiError(
    403,
    'bad_jwt',
    `invalid JWT: unable to parse or verify signature, ${detail}`,
  );
}

/** Phrases jose's failures the way golang-jwt (and so GoTrue) words them. */
function describeJwtFailure(error: unknown, token: string): string {
  if (error instanceof errors.JWTExpired) return 'token has invalid claims: token is expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    return `token has invalid claims: ${error.message}`;
  }
  if (error instanceof errors.JOSEAlgNotAllowed) {
    const alg = headerAlg(token);
    return `token signature is invalid: signing method ${alg} is invalid`;
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return 'token signature is invalid: crypto/ecdsa: verification error';
  }
  if (error instanceof UnknownKeyError) {
    return `token is unverifiable: error while executing keyfunc: ${error.message}`;
  }
  if (token.split('.').length !== 3) {
    return 'token is malformed: token contains an invalid number of segments';
  }
  return `token is malformed: ${error instanceof Error ? error.message : String(error)}`;
}

function headerAlg(token: string): string {
  try {
    const header = JSON.parse(
      Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8'),
    ) as { alg?: unknown };
    return String(header.alg);
  } catch {
    return 'unknown';
  }
}

class UnknownKeyError extends Error {}

/**
 * How many verified tokens TokenSigner.verify remembers. A member's browser sends the same access
 * token with every request for the hour it lives; a few hundred members' worth is plenty locally.
 */
export const VERIFIED_TOKENS_KEPT = 1_000;

/** The server's ES256 signing key: made on first start, kept in the data folder. */
export class TokenSigner {
  readonly kid: string;
  readonly #privateKey: CryptoKey;
  readonly #publicKey: CryptoKey;
  readonly #publicJwk: JWK;
  /**
   * Tokens whose signature verified, with their claims (oldest first, for eviction). A
   * signature's check is the same on every request of the token's life, and ES256's was nearly
   * half of a `GET /user`'s CPU in this process (362 → 195 µs a request without it,
   * docs/performance.md): PostgREST keeps such a cache too (`jwt-cache-max-lifetime`). Expiry
   * is still checked on every request, and a signed-out session is still refused by
   * requireAuthentication's read of the database (auth.ts).
   */
  readonly #verified = new Map<string, Readonly<JWTPayload>>();

  private constructor(kid: string, privateKey: CryptoKey, publicKey: CryptoKey, publicJwk: JWK) {
    this.kid = kid;
    this.#privateKey = privateKey;
    this.#publicKey = publicKey;
    this.#publicJwk = publicJwk;
  }

  /** Loads the key from the data folder, creating and persisting one on first start. */
  static async load(dataDir: string): Promise<TokenSigner> {
    const file = path.join(dataDir, KEY_FILE);
    let jwk: JWK;
    try {
      jwk = JSON.parse(readFileSync(file, 'utf8')) as JWK;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        throw new Error(
          `Could not read the signing key ${file}; run \`npm run auth:local -- --reset\` to start over.`,
          { cause: error },
        );
      }
      const { privateKey } = await generateKeyPair(ALGORITHM, { extractable: true });
      jwk = {
        ...(await exportJWK(privateKey)),
        kid: randomUUID(),
        alg: ALGORITHM,
        use: 'sig',
        key_ops: ['sign'],
      };
      mkdirSync(dataDir, { recursive: true });
      writeFileAtomic(file, `${JSON.stringify(jwk, null, 2)}\n`);
    }
    const { kty, crv, x, y, kid } = jwk;
    const publicJwk: JWK = { kty, crv, x, y, kid, alg: ALGORITHM, use: 'sig', key_ops: ['verify'] };
    const privateKey = (await importJWK(jwk, ALGORITHM)) as CryptoKey;
    const publicKey = (await importJWK(publicJwk, ALGORITHM)) as CryptoKey;
    return new TokenSigner(String(jwk.kid), privateKey, publicKey, publicJwk);
  }

  /** GET /.well-known/jwks.json: the public half only. */
  jwks(): { keys: JWK[] } {
    return { keys: [this.#publicJwk] };
  }

  /** Signs an access token with `kid` in its header, as GoTrue does with GOTRUE_JWT_KEYS. */
  sign(claims: AccessTokenClaims): Promise<string> {
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: ALGORITHM, kid: this.kid, typ: 'JWT' })
      .sign(this.#privateKey);
  }

  /**
   * A token that names only a role, signed with the same key: what the gateway hands PostgREST
   * for the secret key (local-auth-server/rest.ts), as hosted Supabase's gateway does.
   */
  signRole(role: string, iss: string, iat: number, lifetimeSeconds: number): Promise<string> {
    return new SignJWT({ iss, role, iat, exp: iat + lifetimeSeconds })
      .setProtectedHeader({ alg: ALGORITHM, kid: this.kid, typ: 'JWT' })
      .sign(this.#privateKey);
  }

  /**
   * Verifies signature, algorithm and expiry at `now` (ms); failures are 403 bad_jwt with
   * GoTrue's wording.
   */
  async verify(token: string, now: number): Promise<JWTPayload> {
    const known = this.#verified.get(token);
    // jose's test: expired when `exp` is at or before now, in whole seconds. An expired token
    // leaves the cache and goes through jose again, for its error.
    if (known && typeof known.exp === 'number' && known.exp > Math.floor(now / 1000)) {
      return known;
    }
    this.#verified.delete(token);
    try {
      const { payload } = await jwtVerify(
        token,
        (header) => {
          if (header.kid !== this.kid) {
            throw new UnknownKeyError(`invalid kid: ${String(header.kid ?? '')}`);
          }
          return this.#publicKey;
        },
        // jose checks `exp` against this, not against its own reading of the system clock.
        { algorithms: [ALGORITHM], currentDate: dateAt(now) },
      );
      // Only what jose judges by `exp` alone is kept: the server's own tokens, which never
      // carry `nbf`.
      if (typeof payload.exp === 'number' && payload.nbf === undefined) {
        if (this.#verified.size >= VERIFIED_TOKENS_KEPT) {
          this.#verified.delete(this.#verified.keys().next().value as string);
        }
        this.#verified.set(token, Object.freeze(payload));
      }
      return payload;
    } catch (error) {
      throw badJwt(describeJwtFailure(error, token));
    }
  }
}
