/**
 * The default categories of finances, the same set in every account: stable English keys (stored in
 * `transactions.category`, so renaming a label never rewrites rows) with their pt and en labels.
 * The user's own categories (table finance_categories) are stored by id beside these keys.
 * Pure data: the screen (labels), the sentence reader and the importer (guesses) share it.
 */
import en from "~/locales/en/finances";
import pt from "~/locales/pt/finances";
import { DEFAULT_CATEGORIES as CATEGORY_KEYS, DEFAULT_CATEGORY_KEYS, isDefaultCategory, type DefaultCategoryKey } from "~/modules/finances/categories";

export { DEFAULT_CATEGORY_KEYS, isDefaultCategory, type DefaultCategoryKey };

/**
 * The one default set (app/modules/finances/categories.ts) with its labels from the finances
 * catalogue, for the readers that work on words: the sentence reader, the importer and the CSV.
 */
export const DEFAULT_CATEGORIES = CATEGORY_KEYS.map((c) => ({ ...c, pt: pt.categories[c.key], en: en.categories[c.key] }));

/** The label of a default category in the language, or `undefined` for a user's own category id. */
export const defaultCategoryLabel = (key: string, language: "pt" | "en") => (isDefaultCategory(key) ? (language === "pt" ? pt : en).categories[key] : undefined);

/**
 * Words (lower case, without accents) that point at a category, in pt and en, with the shops and
 * services people in Portugal name in a sentence or that appear in bank descriptions.
 */
export const CATEGORY_WORDS: Record<Exclude<DefaultCategoryKey, "other">, readonly string[]> = {
  refunds: ["reembolso", "reembolsos", "devolucao", "estorno", "refund", "refunded", "cashback"],
  groceries: [
    "supermercado", "mercearia", "compras do mes", "continente", "pingo doce", "lidl", "aldi", "mercadona", "minipreco",
    "intermarche", "auchan", "jumbo", "el corte ingles supermercado", "talho", "peixaria", "fruta", "padaria", "frutaria",
    "groceries", "grocery", "supermarket", "mercado", "dia supermercado", "spar", "froiz", "coviran", "meu super",
  ],
  restaurants: [
    "cafe", "cafes", "cafezinho", "almoco", "almocar", "jantar", "jantei", "almocei", "lanche", "pequeno almoco", "restaurante", "tasca",
    "pizza", "sushi", "hamburguer", "mcdonalds", "mcdonald", "burger king", "kfc", "telepizza", "glovo", "uber eats", "bolt food",
    "pastelaria", "bica", "cerveja", "imperial", "bar", "brunch", "lunch", "dinner", "breakfast", "coffee", "restaurant", "takeaway",
    "snack", "drinks", "starbucks", "padaria portuguesa", "cafetaria", "churrasqueira", "marisqueira", "pastel de nata", "refeicao",
  ],
  transport: [
    "uber", "bolt", "taxi", "metro", "autocarro", "onibus", "comboio", "cp", "carris", "stcp", "fertagus", "gasolina", "gasoleo", "combustivel",
    "galp", "bp", "repsol", "prio", "cepsa", "portagem", "portagens", "via verde", "estacionamento", "parque", "emel", "navegante",
    "andante", "passe", "fuel", "petrol", "gas station", "bus", "train", "parking", "toll", "tram", "subway", "flixbus", "rede expressos",
    "oficina", "pneus", "inspecao", "trotinete", "lime", "cabify", "gira",
  ],
  home: [
    "renda", "aluguel", "aluguer", "condominio", "luz", "eletricidade", "electricidade", "agua", "gas natural", "edp", "endesa", "goldenergy",
    "epal", "iberdrola", "ikea", "leroy merlin", "aki", "mobilia", "moveis", "limpeza", "empregada", "seguro casa", "prestacao casa",
    "credito habitacao", "rent", "mortgage", "electricity", "water bill", "utilities", "furniture", "cleaning", "meo", "vodafone", "nowo",
    "internet", "telemovel", "telefone",
  ],
  health: [
    "farmacia", "medico", "medica", "consulta", "dentista", "hospital", "clinica", "analises", "exames", "oculista", "optica", "fisioterapia",
    "psicologo", "psicologa", "terapia", "medicamentos", "remedio", "seguro de saude", "medis", "multicare", "cuf", "lusiadas", "luz saude",
    "pharmacy", "doctor", "dentist", "medicine", "clinic", "therapy", "wells",
  ],
  leisure: [
    "cinema", "filme", "concerto", "teatro", "museu", "bilhete", "bilhetes", "festival", "jogo", "futebol", "viagem", "ferias", "hotel",
    "airbnb", "booking", "praia", "bowling", "ginasio", "gym", "movie", "movies", "concert", "theatre", "theater", "museum", "ticket",
    "tickets", "holiday", "vacation", "trip", "game", "games", "steam", "playstation", "nintendo", "ticketline", "blueticket", "nos cinemas",
    "fitness hut", "solinca", "holmes place", "discoteca", "passeio",
  ],
  shopping: [
    "roupa", "sapatos", "tenis", "zara", "primark", "h&m", "mango", "pull&bear", "bershka", "decathlon", "fnac", "worten", "radio popular",
    "amazon", "aliexpress", "shein", "temu", "el corte ingles", "perfume", "perfumaria", "sephora", "presente", "prenda", "loja",
    "clothes", "shoes", "gift", "present", "shop", "store", "electronics", "telemovel novo", "computador", "livraria bertrand", "cabeleireiro",
    "barbeiro", "haircut",
  ],
  education: [
    "propinas", "propina", "escola", "universidade", "faculdade", "curso", "formacao", "livro", "livros", "manuais", "explicacoes", "explicador",
    "material escolar", "creche", "infantario", "workshop", "udemy", "coursera", "tuition", "school", "university", "course", "book", "books",
    "class", "lessons", "bertrand", "wook",
  ],
  subscriptions: [
    "netflix", "spotify", "disney", "hbo", "hbo max", "prime video", "amazon prime", "apple music", "icloud", "youtube premium", "google one",
    "dropbox", "chatgpt", "openai", "microsoft 365", "office 365", "adobe", "patreon", "subscricao", "assinatura", "mensalidade",
    "subscription", "membership", "quota", "quotas", "deezer", "audible", "kindle unlimited", "xbox game pass", "playstation plus",
  ],
  salary: ["salario", "ordenado", "vencimento", "subsidio de ferias", "subsidio de natal", "salary", "paycheck", "payroll", "wage", "wages"],
};

/** Lower case without accents, for matching words in pt and en alike. */
export const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/**
 * The default category whose words appear in `text` (whole words), longest match first so
 * "pingo doce" beats "doce", "uber eats" beats "uber". `undefined` when none does.
 */
export function categoryFromWords(text: string): DefaultCategoryKey | undefined {
  const words = fold(text).split(/[^a-z0-9&]+/).filter(Boolean);
  const padded = ` ${words.join(" ")} `;
  let best: { key: DefaultCategoryKey; length: number } | undefined;
  for (const word of new Set(words)) {
    for (const { key, needle, length } of NEEDLES.get(word) ?? []) if ((!best || length > best.length) && padded.includes(needle)) best = { key, length };
  }
  return best?.key;
}

/** The words as " word " needles, indexed by their first word and built once (the importer asks for thousands of rows). */
const NEEDLES = new Map<string, { key: DefaultCategoryKey; needle: string; length: number }[]>();
for (const [key, words] of Object.entries(CATEGORY_WORDS) as [DefaultCategoryKey, readonly string[]][]) {
  for (const word of words) {
    const parts = word.split(/[^a-z0-9&]+/).filter(Boolean);
    const list = NEEDLES.get(parts[0]) ?? [];
    list.push({ key, needle: ` ${parts.join(" ")} `, length: word.length });
    NEEDLES.set(parts[0], list);
  }
}
