/*
 * AES-256-GCM sealing of members' content, shared by the build (Node 22), the browser and the
 * Edge Functions that read the sealed What's new (Deno; WebCrypto and Compression Streams in
 * all three, so it lives here, where a deployed function can import it). A sealed value is base64(iv || ciphertext || tag) with a fresh 12-byte IV;
 * the page's path is the additional authenticated data, so a blob moved to another page, or
 * changed in any byte, fails to open.
 */

/** A content key is 32 random bytes, written as base64 in MEMBERS_CONTENT_KEY. */
export const CONTENT_KEY_BYTES = 32;
const IV_BYTES = 12;

/** Thrown for a missing, malformed, tampered or wrongly keyed value. */
export class SealError extends Error {
  override name = 'SealError';
}

/** Base64 of bytes, without relying on Buffer or on Uint8Array.toBase64. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** Bytes of a base64 string; SealError when it is not base64. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  // Browsers decode natively (a search index is 100+ KB); Node 22 has no Uint8Array.fromBase64.
  const native = (Uint8Array as { fromBase64?: (base64: string) => Uint8Array<ArrayBuffer> })
    .fromBase64;
  if (native) {
    try {
      return native.call(Uint8Array, text.trim());
    } catch {
      throw new SealError('not valid base64');
    }
  }
  let binary: string;
  try {
    binary = atob(text.trim());
  } catch {
    throw new SealError('not valid base64');
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Checks a base64 content key (as in MEMBERS_CONTENT_KEY) and returns its 32 bytes. */
export function parseContentKey(base64: string): Uint8Array<ArrayBuffer> {
  const bytes = fromBase64(base64);
  if (bytes.length !== CONTENT_KEY_BYTES) {
    throw new SealError(`a content key must be ${CONTENT_KEY_BYTES} bytes, found ${bytes.length}`);
  }
  return bytes;
}

/** HKDF's info for the key that names entry files: the content key itself is never an HMAC key. */
const ENTRY_NAME_INFO = new TextEncoder().encode('venture-studio/entry-file-names/v1');

/**
 * The file name of an entry page's sealed parts (scripts/entry-batches.ts): 32 hex digits of an
 * HMAC of the page's path, under a key derived from the content key. A visitor, who has no key,
 * can neither list the entries nor test whether a guessed one exists; a member's browser, which
 * has the key, finds the file for the address it was given.
 */
export async function entryFileName(raw: Uint8Array<ArrayBuffer>, path: string): Promise<string> {
  return (await entryFileNames(raw))(path);
}

/** entryFileName for many paths, the naming key derived once (the build names every entry). */
export async function entryFileNames(
  raw: Uint8Array<ArrayBuffer>,
): Promise<(path: string) => Promise<string>> {
  const base = await crypto.subtle.importKey('raw', raw, 'HKDF', false, ['deriveKey']);
  const key = await crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: ENTRY_NAME_INFO },
    base,
    { name: 'HMAC', hash: 'SHA-256', length: 256 },
    false,
    ['sign'],
  );
  return async (path) => {
    const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(path));
    return [...new Uint8Array(mac, 0, 16)]
      .map((byte) => byte.toString(16).padStart(2, '0'))
      .join('');
  };
}

/** Imports raw key bytes for AES-GCM; not extractable once imported. */
export function importContentKey(raw: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

/** Encrypts bytes for one resource (`aad`, its path) under a fresh random IV. */
async function sealBytes(key: CryptoKey, plaintext: Uint8Array<ArrayBuffer>, aad: string) {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(aad) },
    key,
    plaintext,
  );
  const sealed = new Uint8Array(IV_BYTES + ciphertext.byteLength);
  sealed.set(iv);
  sealed.set(new Uint8Array(ciphertext), IV_BYTES);
  return toBase64(sealed);
}

/** Decrypts a sealed value for its resource; SealError if altered, cut short or wrongly keyed. */
async function unsealBytes(
  key: CryptoKey,
  sealed: string,
  aad: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = fromBase64(sealed);
  if (bytes.length < IV_BYTES + 16) throw new SealError('sealed content is truncated');
  try {
    const plaintext = await crypto.subtle.decrypt(
      {
        name: 'AES-GCM',
        iv: bytes.subarray(0, IV_BYTES),
        additionalData: new TextEncoder().encode(aad),
      },
      key,
      bytes.subarray(IV_BYTES),
    );
    return new Uint8Array(plaintext);
  } catch {
    throw new SealError(
      'sealed content failed authentication (tampered, truncated or another key)',
    );
  }
}

/** Every byte of a stream, read with its own reader. */
async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array<ArrayBuffer>> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    chunks.push(read.value);
    length += read.value.length;
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/** Streams bytes through a (de)compressor of the Compression Streams API (Node 22, browsers). */
async function pipeBytes(
  bytes: Uint8Array<ArrayBuffer>,
  through: CompressionStream | DecompressionStream,
): Promise<Uint8Array<ArrayBuffer>> {
  // Written straight into the (de)compressor: a Blob's stream piped through it cost 3-10 times
  // as much main-thread time in Chromium (inflating /toolstack's 15 parts: 50-156 ms against
  // 13-17 ms at a 4x CPU slowdown), which a members' page paid before its content showed.
  // Read with a reader, not `new Response(readable).arrayBuffer()`: Chromium's Response reads a
  // stream a task at a time, and on a hop the browser painted a frame of the page without its
  // content between those tasks (the first screen's inflate took 8-23 ms there, against 1 ms
  // this way: the output is queued as the input is written, so each read resolves as a
  // microtask; docs/performance.md, "The first screen inflated in microtasks").
  const writer = through.writable.getWriter();
  const written = writer.write(bytes).then(() => writer.close());
  const [output] = await Promise.all([readAll(through.readable), written]);
  return output;
}

/**
 * Encrypts text for one page (`aad`, its path) under a fresh random IV. The text is compressed
 * first (deflate-raw): ciphertext does not compress, so without this a sealed page would travel
 * at its full size, 3-5 times its gzip size. Compressing before encrypting leaks only the
 * length, and no one but the editors chooses what is in the text, so there is no chosen-text
 * oracle of the CRIME/BREACH kind to exploit.
 */
export async function seal(key: CryptoKey, plaintext: string, aad: string): Promise<string> {
  const text = new TextEncoder().encode(plaintext);
  return sealBytes(key, await pipeBytes(text, new CompressionStream('deflate-raw')), aad);
}

/**
 * The first half of unseal: decrypts and authenticates a sealed value for its page, leaving its
 * text compressed; SealError if it was altered, cut short or wrongly keyed. Lets a caller check
 * every part of a page before showing any, and inflate only the first before the first paint.
 */
export const decryptSealed: (
  key: CryptoKey,
  sealed: string,
  aad: string,
) => Promise<Uint8Array<ArrayBuffer>> = unsealBytes;

/** The second half of unseal: the text of a value decryptSealed returned. */
export async function inflateText(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return new TextDecoder().decode(await pipeBytes(bytes, new DecompressionStream('deflate-raw')));
}

/** Decrypts a sealed value for its page; SealError if it was altered, cut short or wrongly keyed. */
export async function unseal(key: CryptoKey, sealed: string, aad: string): Promise<string> {
  return inflateText(await unsealBytes(key, sealed, aad));
}
