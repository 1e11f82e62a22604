import { decodeBase64, encodeBase64 } from "@oslojs/encoding";
import { misconfigured } from "./config";

// Local development has no secrets; a fixed key there keeps `npm start` zero-config. Anywhere else
// (ENVIRONMENT is downgraded to production off localhost, worker/lib/development.ts) a missing
// ENCRYPTION_KEY is a 503 service_misconfigured, never this committed key.
const DEVELOPMENT_KEY = "cnVtby1sb2NhbC1kZXZlbG9wbWVudC1rZXktMzJieXQ=";

async function key(env: Pick<Env, "ENCRYPTION_KEY" | "ENVIRONMENT">) {
  const raw = env.ENCRYPTION_KEY || (env.ENVIRONMENT === "development" ? DEVELOPMENT_KEY : null);
  if (!raw) throw misconfigured("ENCRYPTION_KEY");
  return crypto.subtle.importKey("raw", new Uint8Array(decodeBase64(raw)), "AES-GCM", false, ["encrypt", "decrypt"]);
}

/** AES-GCM with a random 96-bit IV: `iv.ciphertext` in base64. For secrets kept at rest in D1. */
export async function seal(env: Pick<Env, "ENCRYPTION_KEY" | "ENVIRONMENT">, plaintext: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await key(env), new TextEncoder().encode(plaintext));
  return `${encodeBase64(iv)}.${encodeBase64(new Uint8Array(data))}`;
}

export async function open(env: Pick<Env, "ENCRYPTION_KEY" | "ENVIRONMENT">, sealed: string): Promise<string> {
  const [iv, data] = sealed.split(".");
  const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: new Uint8Array(decodeBase64(iv)) }, await key(env), new Uint8Array(decodeBase64(data)));
  return new TextDecoder().decode(plain);
}
