import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";

/** A random, non-sequential id (120 bits, base32): safe to show in URLs, impossible to guess. */
export function newId(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(15)));
}
