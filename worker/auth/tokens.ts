import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";

const utf8 = new TextEncoder();

/** A random secret of 160 bits for cookies and e-mailed links. */
export function generateToken(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
}

/** What is stored instead of a token: its SHA-256, so a leaked database grants nothing. */
export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(utf8.encode(token)));
}

/**
 * `hashToken` by the runtime's own SHA-256 (Web Crypto) instead of JavaScript: the session check
 * runs it on every signed-in request, where the JavaScript hash was a visible share of the CPU.
 */
export async function digestToken(token: string): Promise<string> {
  return encodeHexLowerCase(new Uint8Array(await crypto.subtle.digest("SHA-256", utf8.encode(token))));
}
