import { describe, expect, it } from "vitest";
import { categoryFromHistory, parseTransaction, type TransactionDraft } from "./parse";

// Monday, 23 November 2026.
const today = "2026-11-23";
const read = (text: string, language: "pt" | "en" = "pt") => parseTransaction(text, { today, language });

type Expected = Partial<TransactionDraft>;
const accepted: [string, Expected][] = [
  // pt-PT, the issue's own examples
  ["café 2,50", { type: "expense", amountCents: 250, description: "Café", date: today, category: "restaurants" }],
  ["gastei 45,90 no Continente", { type: "expense", amountCents: 4590, description: "Continente", category: "groceries" }],
  ["uber 12.30 ontem", { amountCents: 1230, description: "Uber", date: "2026-11-22", category: "transport" }],
  ["recebi salário 1.500€ dia 25", { type: "income", amountCents: 150000, description: "Salário", date: "2026-10-25", category: "salary" }],
  ["supermercado 43,27 no sábado", { amountCents: 4327, description: "Supermercado", date: "2026-11-21", category: "groceries" }],
  ["spent 12.50 on lunch", { type: "expense", amountCents: 1250, description: "Lunch", category: "restaurants" }],
  // decimal marks and thousands
  ["renda 650", { amountCents: 65000, category: "home" }],
  ["renda 1.250,00€", { amountCents: 125000, category: "home" }],
  ["carro 12.500", { amountCents: 1250000 }],
  ["portátil 1,299.99", { amountCents: 129999 }],
  ["jantar 32,5", { amountCents: 3250, category: "restaurants" }],
  ["lanche 3.5", { amountCents: 350 }],
  ["pão 0,95", { amountCents: 95 }],
  ["obras 2.345.678,90", { amountCents: 234567890 }],
  ["tv 1 299,00 €", { amountCents: 129900 }],
  // currency before / after
  ["€15 cinema", { amountCents: 1500, category: "leisure", description: "Cinema" }],
  ["EUR 20 farmácia", { amountCents: 2000, category: "health" }],
  ["farmácia 20 EUR", { amountCents: 2000, category: "health", description: "Farmácia" }],
  ["ginásio 35 euros", { amountCents: 3500, description: "Ginásio" }],
  ["livros 25€", { amountCents: 2500, category: "education" }],
  ["20€ de gasolina", { amountCents: 2000, category: "transport", description: "Gasolina" }],
  ["bica 80 cêntimos", { amountCents: 80 }],
  // mil and k
  ["recebi 1,5k de bónus", { type: "income", amountCents: 150000 }],
  ["obras 2k", { amountCents: 200000 }],
  ["carro 3 mil euros", { amountCents: 300000 }],
  ["mil euros de renda", { amountCents: 100000, category: "home" }],
  ["recebi 1,5 mil do freelance", { type: "income", amountCents: 150000 }],
  ["bonus 2.5k", { type: "income", amountCents: 250000 }],
  // income words
  ["reembolso IRS 432,10", { type: "income", amountCents: 43210 }],
  ["recebi 50 do João", { type: "income", amountCents: 5000, description: "João" }],
  ["received 200 from Anna", { type: "income", amountCents: 20000 }],
  ["refund 15.99 amazon", { type: "income", amountCents: 1599 }],
  ["salary 2,300.00", { type: "income", amountCents: 230000, category: "salary" }],
  ["ordenado 980€", { type: "income", category: "salary" }],
  ["vendi a bicicleta por 120", { type: "income", amountCents: 12000 }],
  ["got paid 400 for the design", { type: "income", amountCents: 40000 }],
  // relative dates
  ["táxi 8 hoje", { date: today, category: "transport" }],
  ["almoço 9,50 ontem", { date: "2026-11-22" }],
  ["jantar 40 anteontem", { date: "2026-11-21" }],
  ["lunch 12 yesterday", { date: "2026-11-22" }],
  ["taxi 18 the day before yesterday", { date: "2026-11-21", amountCents: 1800 }],
  ["farmácia 12,40 na sexta", { date: "2026-11-20" }],
  ["cinema 7 na sexta-feira", { date: "2026-11-20" }],
  ["gasolina 60 no domingo", { date: "2026-11-22" }],
  ["restaurante 55 na segunda", { date: today }],
  ["metro 1,80 terça passada", { date: "2026-11-17" }],
  ["pizza 14 on friday", { date: "2026-11-20", category: "restaurants" }],
  ["groceries 60 last saturday", { date: "2026-11-21", category: "groceries" }],
  ["dentista 60 dia 5", { date: "2026-11-05", category: "health" }],
  ["renda 700 no dia 1", { date: "2026-11-01" }],
  ["luz 45,20 a 3 de novembro", { date: "2026-11-03", amountCents: 4520, category: "home" }],
  ["água 18 3 de outubro", { date: "2026-10-03", amountCents: 1800 }],
  ["seguro 230 a 15 de dezembro", { date: "2025-12-15", amountCents: 23000 }],
  ["propinas 697 a 2 de setembro de 2026", { date: "2026-09-02", category: "education" }],
  ["bilhetes 30 3 nov", { date: "2026-11-03", amountCents: 3000 }],
  ["concert 45 on 3 november", { date: "2026-11-03", amountCents: 4500, category: "leisure" }],
  ["dinner 60 november 14", { date: "2026-11-14", amountCents: 6000 }],
  ["coffee 3.20 on the 2nd", { date: "2026-11-02", amountCents: 320 }],
  ["livros 30 em 20/11", { date: "2026-11-20", amountCents: 3000 }],
  ["hotel 120 2026-10-30", { date: "2026-10-30", amountCents: 12000 }],
  ["jantar 25 12/10/2026", { date: "2026-10-12", amountCents: 2500 }],
  ["almoço 15 amanhã", { date: "2026-11-24" }],
  // a time of day beside an amount is not the amount
  ["almoço às 13h 12,50", { amountCents: 1250, category: "restaurants" }],
  ["cinema às 21:30 15€", { amountCents: 1500 }],
  ["jantar 30€ às 20h", { amountCents: 3000 }],
  // pt-BR
  ["gastei R$ 35,00 no mercado", { amountCents: 3500, category: "groceries" }],
  ["paguei 120 reais de luz", { amountCents: 12000, category: "home" }],
  ["almocei 28,90 hoje", { amountCents: 2890, category: "restaurants" }],
  ["recebi pix 200 da Maria", { type: "income", amountCents: 20000 }],
  ["ônibus 4,40", { amountCents: 440, category: "transport" }],
  ["aluguel 1.800,00", { amountCents: 180000, category: "home" }],
  // categories from words
  ["netflix 13,99", { category: "subscriptions", description: "Netflix" }],
  ["spotify 7.99", { category: "subscriptions" }],
  ["compras no Pingo Doce 23,10", { category: "groceries" }],
  ["zara 49,95", { category: "shopping" }],
  ["bolt 6,70", { category: "transport" }],
  ["via verde 12,35", { category: "transport" }],
  ["consulta 45", { category: "health" }],
  ["prenda para a Ana 30", { category: "shopping" }],
  ["coisa qualquer 10", { category: "other", description: "Coisa qualquer" }],
  ["2 cafés 3", { amountCents: 300 }],
  ["20€", { amountCents: 2000, description: "Outros", category: "other" }],
  ["spent 5 on coffee", { amountCents: 500, description: "Coffee", category: "restaurants" }],
  ["paid 89.90 electricity", { amountCents: 8990, category: "home" }],
  ["bought shoes 75", { amountCents: 7500, category: "shopping", description: "Shoes" }],
];

const refused: [string, string][] = [
  ["olá", "no_amount"],
  ["bom dia!", "no_amount"],
  ["amanhã às 15h", "no_amount"],
  ["reunião às 10", "no_amount"],
  ["reunião às 10h30", "no_amount"],
  ["meeting at 3pm", "no_amount"],
  ["hello there", "no_amount"],
  ["ligar à mãe", "no_amount"],
  ["jantar dia 25", "no_amount"],
  ["café ontem", "no_amount"],
  ["dentista a 3 de novembro", "no_amount"],
  ["ginásio às 7:30", "no_amount"],
  ["", "empty"],
  ["   ", "empty"],
  ["café 0,00", "invalid_amount"],
  ["0€", "invalid_amount"],
  ["ligar 912345678", "invalid_amount"],
  ["casa 20.000.000,00€", "invalid_amount"],
  ["café 2,50 a 30 de fevereiro", "invalid_date"],
  ["uber 10 dia 32", "invalid_date"],
];

describe("parseTransaction", () => {
  it.each(accepted)("reads %j", (text, expected) => {
    const result = read(text, /[a-z]/i.test(text) && /\b(spent|lunch|received|refund|salary|got|taxi|yesterday|pizza|groceries|concert|dinner|coffee|paid|bought)\b/i.test(text) ? "en" : "pt");
    expect(result).toEqual({ ok: true, draft: expect.objectContaining(expected) });
    if (result.ok && !("date" in expected)) expect(result.draft.date).toBe(today);
  });

  it.each(refused)("refuses %j", (text, reason) => {
    expect(read(text)).toEqual({ ok: false, reason });
  });

  it("has at least 80 phrases, 10 of them refused", () => {
    expect(accepted.length + refused.length).toBeGreaterThanOrEqual(80);
    expect(refused.length).toBeGreaterThanOrEqual(10);
  });

  it("files a sentence the way the user filed similar past entries", () => {
    const history = [
      { description: "Mercearia do Sr. Zé", category: "groceries" },
      { description: "Padaria Zé", category: "cat-own-bakery" },
      { description: "Padaria Zé", category: "cat-own-bakery" },
      { description: "Café central", category: "cat-own-coffee" },
    ];
    expect(parseTransaction("padaria zé 4,20", { today, history })).toEqual({ ok: true, draft: expect.objectContaining({ category: "cat-own-bakery" }) });
    // Without history the words decide.
    expect(parseTransaction("café central 1,20", { today })).toEqual({ ok: true, draft: expect.objectContaining({ category: "restaurants" }) });
    expect(parseTransaction("café central 1,20", { today, history })).toEqual({ ok: true, draft: expect.objectContaining({ category: "cat-own-coffee" }) });
    expect(categoryFromHistory("algo novo", history)).toBeUndefined();
  });

  it("labels an amount-only sentence with the category in the user's language", () => {
    expect(parseTransaction("20€", { today, language: "en" })).toEqual({ ok: true, draft: expect.objectContaining({ description: "Other" }) });
  });
});
