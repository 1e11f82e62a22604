import { scrypt as scryptCallback, timingSafeEqual } from "node:crypto";
import { decodeBase64, encodeBase64 } from "@oslojs/encoding";

/**
 * scrypt with one of OWASP's equivalent settings (N=2^14, r=8, p=5): 16 MiB per hash, which fits
 * workerd's 128 MB with room for concurrent sign-ins (see docs/decisions/0004-password-hashing.md).
 * Hashes carry their parameters, so raising them later re-hashes at the next sign-in.
 */
export const PASSWORD_PARAMS = { N: 2 ** 14, r: 8, p: 5 } as const;
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Uint8Array, params: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize("NFKC"), salt, KEY_LENGTH, { ...params, maxmem: 256 * params.N * params.r }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64). */
export async function hashPassword(password: string, params = PASSWORD_PARAMS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const key = await scrypt(password, salt, params);
  return ["scrypt", params.N, params.r, params.p, encodeBase64(salt), encodeBase64(key)].join("$");
}

function parse(hash: string) {
  const [algorithm, N, r, p, salt, key] = hash.split("$");
  if (algorithm !== "scrypt" || !salt || !key) return null;
  return { params: { N: Number(N), r: Number(r), p: Number(p) }, salt: decodeBase64(salt), key: decodeBase64(key) };
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  const parsed = parse(hash);
  if (!parsed) return false;
  const key = await scrypt(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** True when the hash was made with weaker parameters than today's. */
export function needsRehash(hash: string): boolean {
  const parsed = parse(hash);
  if (!parsed) return true;
  const { N, r, p } = parsed.params;
  return N * r * p < PASSWORD_PARAMS.N * PASSWORD_PARAMS.r * PASSWORD_PARAMS.p;
}
