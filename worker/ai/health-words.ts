/**
 * Words that make a message about the writer's health or how they feel (GDPR Art. 9): such a
 * message goes to an external AI provider only with the user's `aiOnPersonalData`, even when the
 * built-in engine does not understand it as a diary entry or a cycle question (decision 0093).
 * A vocabulary, not a classifier: it errs towards keeping a message on Rumo's side, where the cost
 * is a plainer answer, never a disclosure. Stems match the start of a word, accents ignored.
 */
const HEALTH_STEMS = [
  // Mood and mental health.
  "deprimid", "depressa", "depress", "ansios", "ansiedad", "anxi", "panico", "panic", "angusti", "sozinh", "lonely", "solidao", "triste", "tristeza",
  "sad", "chorar", "chorei", "choro", "crying", "burnout", "esgotad", "exhausted", "insonia", "insomnia", "trauma", "psiquiatr", "psychiatr", "psicolog",
  "psycholog", "terapia", "therap", "antidepress", "ansiolit",
  // Body, cycle and care.
  "menstrua", "menstrual", "menstruat", "gravid", "pregnan", "ovula", "contracet", "contracept", "sangrament", "bleeding", "sintoma", "symptom",
  "medicament", "medicat", "comprimido", "doenca", "doente", "illness", "diagnost", "cancro", "cancer", "hospital", "urgencia",
  // Harm (also answered with where to find help: CRISIS_STEMS).
  "suicid", "automutil", "self-harm", "selfharm",
];
/** Whole words only: too short, or too common inside other words, to match as a stem. */
const HEALTH_WORDS = ["dor", "dores", "pain", "sick", "period", "periodo", "mood", "humor", "sinto-me", "sentir-me", "feel", "feeling", "ill"];
const CRISIS_STEMS = ["suicid", "automutil", "self-harm", "selfharm", "matar-me", "kill myself", "end my life", "acabar com a minha vida", "nao quero viver", "don't want to live"];

const plain = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
const words = (text: string) => plain(text).split(/[^\p{L}\p{N}'-]+/u).filter(Boolean);

/** Whether the message speaks of the writer's health or feelings. */
export function mentionsHealth(message: string): boolean {
  const tokens = words(message);
  return tokens.some((word) => HEALTH_WORDS.includes(word) || HEALTH_STEMS.some((stem) => word.startsWith(stem))) || mentionsCrisis(message);
}

/** Whether the message speaks of harming oneself: the answer then says where to find help. */
export function mentionsCrisis(message: string): boolean {
  const text = ` ${words(message).join(" ")} `;
  return CRISIS_STEMS.some((stem) => text.includes(` ${stem}`));
}
