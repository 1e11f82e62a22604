/**
 * Insights phrased by the configured provider (issue 17): the diary's and the finances' computed
 * statements, reworded only for users who allow AI on their personal data, each falling back to its
 * template when the provider is absent, slow, or drops a number (worker/ai/provider.ts `phrase`).
 */
import { phrase } from "./provider";

type PhraseEnv = Parameters<typeof phrase>[0];

/** At most this many statements go to the provider per answer; the rest keep their templates. */
const MAX_PHRASED = 5;

export async function phraseInsights(
  env: PhraseEnv,
  optedIn: boolean,
  texts: readonly string[],
  language: "pt" | "en",
): Promise<{ texts: string[]; phrasedBy: "provider" | "templates" }> {
  if (!optedIn || !texts.length) return { texts: [...texts], phrasedBy: "templates" };
  const phrased = await Promise.all(texts.map((text, i) => (i < MAX_PHRASED ? phrase(env, text, language) : Promise.resolve(null))));
  if (phrased.every((p) => p === null)) return { texts: [...texts], phrasedBy: "templates" };
  return { texts: texts.map((text, i) => phrased[i] ?? text), phrasedBy: "provider" };
}
