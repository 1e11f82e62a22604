/**
 * Real-shaped exports of Portuguese banks and of the apps people use here, written as the BYTES the
 * bank's site produces (Windows-1252, UTF-8 with and without BOM, UTF-16 LE with and without BOM).
 */
import { describe, expect, it } from "vitest";
import { contentKey, decodeBytes, readCents, readDate, readImport, type ImportItem, type MappingOverride } from "./csv-import";
import { transactionsToCsv } from "./csv";

const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ";
const cp1252 = (text: string) =>
  Uint8Array.from(text, (ch) => {
    const high = CP1252_HIGH.indexOf(ch);
    if (high >= 0) return 0x80 + high;
    if (ch.charCodeAt(0) > 0xff) throw new Error(`not in Windows-1252: ${ch}`);
    return ch.charCodeAt(0);
  });
const utf8 = (text: string, bom = false) => new TextEncoder().encode((bom ? "\uFEFF" : "") + text);
const utf16le = (text: string, bom = true) => {
  const body = (bom ? "\uFEFF" : "") + text;
  const bytes = new Uint8Array(body.length * 2);
  for (let i = 0; i < body.length; i++) [bytes[2 * i], bytes[2 * i + 1]] = [body.charCodeAt(i) & 0xff, body.charCodeAt(i) >> 8];
  return bytes;
};
const crlf = (lines: string[]) => lines.join("\r\n") + "\r\n";

const read = (bytes: Uint8Array, override?: MappingOverride, context = {}) => {
  const result = readImport(bytes, override, context);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.report;
};
const brief = (items: ImportItem[]) => items.map(({ line, date, type, amountCents, description }) => [line, date, type, amountCents, description]);

const CGD = crlf([
  "Consultar saldos e movimentos à ordem - 23-11-2026",
  "",
  "Conta ;0123012345600 - EUR - Conta Caixa",
  "Data de início ;01-11-2026",
  "Data de fim ;23-11-2026",
  "",
  "Data mov. ;Data valor ;Descrição ;Débito ;Crédito ;Saldo contabilístico ;Saldo disponível ;Categoria ;",
  "02-11-2026;02-11-2026;COMPRA CONTINENTE LISBOA ;45,90;;1.954,10;1.954,10;Supermercado ;",
  "05-11-2026;05-11-2026;TRF SEPA+ SALARIO NOVEMBRO ;;1.500,00;3.454,10;3.454,10;Salário ;",
  "06-11-2026;06-11-2026;PAG SERV EDP COMERCIAL ;62,37;;3.391,73;3.391,73;Casa ;",
  "09-11-2026;09-11-2026;LEVANTAMENTO ATM ;1.200,00;;2.191,73;2.191,73; ;",
  " ; ; ;Saldo contabilístico ;2.191,73 EUR ; ; ; ;",
]);

const MILLENNIUM = crlf([
  "Millennium bcp - Consulta de Movimentos",
  "Conta à Ordem: 45296730123;",
  "Período: 01-11-2026 a 22-11-2026",
  "",
  "Data Lançamento;Data Valor;Descrição;Montante;Tipo;Saldo",
  "22-11-2026;22-11-2026;COMPRA 4512 PINGO DOCE LISBOA;-23,45;Débito;1.002,33",
  "21-11-2026;21-11-2026;TRANSFERENCIA DE JOÃO SILVA;150,00;Crédito;1.025,78",
  "20-11-2026;20-11-2026;DD NETFLIX INTERNATIONAL;13,99;Débito;875,78",
  "",
  "Saldo Disponível;;;889,77;;",
]);

const SANTANDER = crlf([
  "Listagem de Movimentos",
  "Conta: PT50 0018 0003 1234 5678 9012 3",
  "Data Operação;Data Valor;Descrição;Montante( EUR );Saldo Contabilístico( EUR )",
  "15/11/2026;15/11/2026;COMPRA ZARA PORTUGAL;-49,95;2.348,15",
  "14/11/2026;14/11/2026;TRF. P/ CONDOMÍNIO;-1.250,00;2.398,10",
  "13/11/2026;13/11/2026;REEMBOLSO IRS;432,10;3.648,10",
]);

const NOVO_BANCO = [
  "NOVO BANCO - Extrato de Movimentos",
  "Conta\t000123456789",
  "Data Movimento\tData Valor\tDescrição\tDébito\tCrédito\tSaldo",
  "03/11/2026\t03/11/2026\tFARMACIA ESTACAO\t12,40\t\t812,60",
  "04/11/2026\t04/11/2026\tDEPOSITO NUMERARIO\t\t200,00\t1.012,60",
  "\t\tSaldo final\t\t\t1.012,60",
].join("\r\n");

const BPI = crlf([
  "Movimentos da Conta 1-2345678.000.001",
  "Data Mov.;Data Valor;Descrição do Movimento;Valor;Saldo",
  "18-11-2026;18-11-2026;COMPRA ELEC 1234 VIA VERDE;-12,35;512,20",
  "17-11-2026;17-11-2026;COMPRA ELEC 1234 CAFÉ CENTRAL;-1,20;524,55",
  "17-11-2026;17-11-2026;COMPRA ELEC 1234 CAFÉ CENTRAL;-1,20;525,75",
]);

const REVOLUT = [
  "Type,Product,Started Date,Completed Date,Description,Amount,Fee,Currency,State,Balance",
  "CARD_PAYMENT,Current,2026-11-01 12:04:33,2026-11-02 09:12:10,Uber,-12.30,0.00,EUR,COMPLETED,987.70",
  "TOPUP,Current,2026-11-03 08:00:00,2026-11-03 08:00:01,Top-Up by *1234,500.00,0.00,EUR,COMPLETED,1487.70",
  "EXCHANGE,Current,2026-11-04 10:00:00,2026-11-04 10:00:00,Exchanged to USD,-100.00,0.50,EUR,COMPLETED,1387.20",
  "CARD_PAYMENT,Current,2026-11-05 19:30:00,,Glovo,-18.90,0.00,EUR,PENDING,",
  "CARD_PAYMENT,Current,2026-11-06 13:00:00,2026-11-06 13:00:00,Amazon,-35.00,0.00,EUR,REVERTED,1387.20",
  "CARD_PAYMENT,Current,2026-11-07 21:00:00,,Steam,-59.99,0.00,EUR,DECLINED,",
  "",
].join("\n");

const N26 = [
  '"Booking Date","Value Date","Partner Name","Partner Iban","Type","Payment Reference","Account Name","Amount (EUR)","Original Amount","Original Currency","Exchange Rate"',
  '"2026-11-08","2026-11-08","Spotify AB","","Presentment","","Main Account","-7.99","","",""',
  '"2026-11-10","2026-11-10","Empresa Exemplo Lda","PT50000201231234567890154","Credit Transfer","Salário outubro","Main Account","2350.00","","",""',
  '"2026-11-11","2026-11-11","=HYPERLINK(""http://evil"")","","Presentment","","Main Account","-5.00","","",""',
].join("\n");

const WISE = [
  '"TransferWise ID",Date,Amount,Currency,Description,"Payment Reference","Running Balance","Exchange From","Exchange To","Exchange Rate","Payer Name","Payee Name","Payee Account Number",Merchant,"Card Last Four Digits","Card Holder Full Name",Attachment,Note,"Total fees"',
  'TRANSFER-123456789,12-11-2026,-250.00,EUR,"Sent money to Maria Santos",renda,1250.00,,,,,"Maria Santos",PT50123,,,,,,1.20',
  'CARD-987654321,13-11-2026,-9.80,EUR,"Card transaction of 9.80 EUR issued by Lidl Lisboa",,1240.20,,,,,,,"Lidl Lisboa",1234,"Ana Costa",,,0.00',
].join("\n");

describe("bank and app exports, as their bytes", () => {
  it("CGD: Windows-1252, title and account lines, debit/credit columns, a balance line after", () => {
    const report = read(cp1252(CGD));
    expect(report.mapping).toMatchObject({ encoding: "windows-1252", delimiter: ";", headerLine: 7, date: 0, description: 2, debit: 3, credit: 4, amount: null, category: 7, dateFormat: "dmy", decimal: "," });
    expect(brief(report.items)).toEqual([
      [8, "2026-11-02", "expense", 4590, "COMPRA CONTINENTE LISBOA"],
      [9, "2026-11-05", "income", 150000, "TRF SEPA+ SALARIO NOVEMBRO"],
      [10, "2026-11-06", "expense", 6237, "PAG SERV EDP COMERCIAL"],
      [11, "2026-11-09", "expense", 120000, "LEVANTAMENTO ATM"],
    ]);
    // The bank's own category labels map to the default keys; a blank one is guessed from the words.
    expect(report.items.map((i) => i.category)).toEqual(["groceries", "salary", "home", "other"]);
    expect(report.skipped).toEqual([]);
    expect(report.errors).toEqual([]);
  });

  it("Millennium bcp: Windows-1252, one amount column whose sign is set by the Tipo column", () => {
    const report = read(cp1252(MILLENNIUM));
    expect(report.mapping).toMatchObject({ encoding: "windows-1252", headerLine: 5, amount: 3, type: 4 });
    expect(brief(report.items)).toEqual([
      [6, "2026-11-22", "expense", 2345, "COMPRA 4512 PINGO DOCE LISBOA"],
      [7, "2026-11-21", "income", 15000, "TRANSFERENCIA DE JOÃO SILVA"],
      [8, "2026-11-20", "expense", 1399, "DD NETFLIX INTERNATIONAL"],
    ]);
    expect(report.items.map((i) => i.category)).toEqual(["groceries", "other", "subscriptions"]);
    expect(report.errors).toEqual([]);
  });

  it("Santander: UTF-8 with BOM, DD/MM/YYYY, a signed amount with thousands points", () => {
    const report = read(utf8(SANTANDER, true));
    expect(report.mapping).toMatchObject({ encoding: "utf-8-bom", headerLine: 3, amount: 3, dateFormat: "dmy" });
    expect(brief(report.items)).toEqual([
      [4, "2026-11-15", "expense", 4995, "COMPRA ZARA PORTUGAL"],
      [5, "2026-11-14", "expense", 125000, "TRF. P/ CONDOMÍNIO"],
      [6, "2026-11-13", "income", 43210, "REEMBOLSO IRS"],
    ]);
  });

  it("Novo Banco: UTF-16 LE with BOM, tab-separated, a final balance line", () => {
    const report = read(utf16le(NOVO_BANCO));
    expect(report.mapping).toMatchObject({ encoding: "utf-16le", delimiter: "\t", headerLine: 3, debit: 3, credit: 4 });
    expect(brief(report.items)).toEqual([
      [4, "2026-11-03", "expense", 1240, "FARMACIA ESTACAO"],
      [5, "2026-11-04", "income", 20000, "DEPOSITO NUMERARIO"],
    ]);
    expect(report.items[0].category).toBe("health");
    expect(report.errors).toEqual([]);
  });

  it("BPI: Windows-1252, two identical rows on a day are two movements", () => {
    const report = read(cp1252(BPI));
    expect(report.mapping).toMatchObject({ headerLine: 2, amount: 3, description: 2 });
    expect(brief(report.items)).toEqual([
      [3, "2026-11-18", "expense", 1235, "COMPRA ELEC 1234 VIA VERDE"],
      [4, "2026-11-17", "expense", 120, "COMPRA ELEC 1234 CAFÉ CENTRAL"],
      [5, "2026-11-17", "expense", 120, "COMPRA ELEC 1234 CAFÉ CENTRAL"],
    ]);
    expect(new Set(report.items.map((i) => i.importKey)).size).toBe(3);
    expect(report.items.every((i) => !i.duplicate)).toBe(true);
  });

  it("Revolut: UTF-8, commas, instants with time, fees apart, pending/reverted/declined skipped", () => {
    const report = read(utf8(REVOLUT), {}, { language: "pt" });
    expect(report.mapping).toMatchObject({ encoding: "utf-8", delimiter: ",", headerLine: 1, date: 3, description: 4, amount: 5, fee: 6, status: 8, dateFormat: "ymd", decimal: "." });
    expect(brief(report.items)).toEqual([
      [2, "2026-11-02", "expense", 1230, "Uber"],
      [3, "2026-11-03", "income", 50000, "Top-Up by *1234"],
      [4, "2026-11-04", "expense", 10000, "Exchanged to USD"],
      [4, "2026-11-04", "expense", 50, "Comissão: Exchanged to USD"],
    ]);
    expect(report.skipped).toEqual([
      { line: 5, reason: "pending" },
      { line: 6, reason: "reverted" },
      { line: 7, reason: "declined" },
    ]);
    expect(report.items[0].category).toBe("transport");
  });

  it("N26: UTF-8, every cell quoted, the partner as description, a formula kept as inert text", () => {
    const report = read(utf8(N26));
    expect(report.mapping).toMatchObject({ date: 0, description: 2, amount: 7, dateFormat: "ymd", decimal: "." });
    expect(brief(report.items)).toEqual([
      [2, "2026-11-08", "expense", 799, "Spotify AB"],
      [3, "2026-11-10", "income", 235000, "Empresa Exemplo Lda"],
      [4, "2026-11-11", "expense", 500, '=HYPERLINK("http://evil")'],
    ]);
    expect(report.items[0].category).toBe("subscriptions");
  });

  it("Wise: DD-MM-YYYY, the bank's id as the fingerprint, total fees as their own expense", () => {
    const report = read(utf8(WISE), {}, { language: "en" });
    expect(report.mapping).toMatchObject({ date: 1, amount: 2, description: 4, reference: 0, fee: 18, dateFormat: "dmy" });
    expect(brief(report.items)).toEqual([
      [2, "2026-11-12", "expense", 25000, "Sent money to Maria Santos"],
      [2, "2026-11-12", "expense", 120, "Fee: Sent money to Maria Santos"],
      [3, "2026-11-13", "expense", 980, "Card transaction of 9.80 EUR issued by Lidl Lisboa"],
    ]);
    expect(report.items[0].importKey).toMatch(/^v1:ref:/);
    expect(report.items[2].category).toBe("groceries");
  });

  it("reads UTF-16 LE without a BOM by its zero bytes", () => {
    const report = read(utf16le(SANTANDER, false));
    expect(report.mapping.encoding).toBe("utf-16le");
    expect(report.items).toHaveLength(3);
    expect(report.items[1].description).toBe("TRF. P/ CONDOMÍNIO");
  });
});

describe("duplicates", () => {
  it("flags rows already imported (same fingerprint) and rows with the same date, amount and description", () => {
    const first = read(cp1252(CGD));
    const again = read(cp1252(CGD), {}, { existingKeys: new Set(first.items.map((i) => i.importKey)) });
    expect(again.items.every((i) => i.duplicate)).toBe(true);
    const typedByHand = new Map([[contentKey({ date: "2026-11-06", type: "expense", amountCents: 6237, description: "pag serv edp comercial" }), 1]]);
    expect(read(cp1252(CGD), {}, { existingContent: typedByHand }).items.map((i) => i.duplicate)).toEqual([false, false, true, false]);
  });

  it("counts identical rows: one existing coffee makes only one of the two rows a duplicate", () => {
    const existing = new Map([[contentKey({ date: "2026-11-17", type: "expense", amountCents: 120, description: "COMPRA ELEC 1234 CAFÉ CENTRAL" }), 1]]);
    expect(read(cp1252(BPI), {}, { existingContent: existing }).items.map((i) => i.duplicate)).toEqual([false, true, false]);
  });
});

describe("what cannot be read", () => {
  it("reports a row with a bad date or amount by its line, keeping the others", () => {
    const text = crlf(["Data;Descrição;Montante", "01-11-2026;Café;-1,20", "31-02-2026;Pão;-0,90", "02-11-2026;Jornal;um euro", "03-11-2026;Nada;"]);
    const report = read(utf8(text));
    expect(report.items).toHaveLength(1);
    expect(report.errors).toEqual([
      { line: 3, reason: "invalid_date" },
      { line: 4, reason: "invalid_amount" },
      { line: 5, reason: "missing_amount" },
    ]);
  });

  it("refuses files that are not CSV: a PDF, binary bytes, prose, a table without date and amount", () => {
    expect(readImport(utf8("%PDF-1.7\n1 0 obj\n"))).toEqual({ ok: false, reason: "not_csv" });
    expect(readImport(Uint8Array.from([0x50, 0x4b, 3, 4, 20, 0, 6, 0]))).toEqual({ ok: false, reason: "not_csv" });
    expect(readImport(Uint8Array.from({ length: 512 }, (_, i) => (i * 37) % 256))).toEqual({ ok: false, reason: "not_csv" });
    expect(readImport(utf8("Olá, isto é uma carta.\nNão tem tabela nenhuma.\n"))).toEqual({ ok: false, reason: "no_header" });
    expect(readImport(utf8("nome;idade\nAna;30\n"))).toEqual({ ok: false, reason: "no_header" });
    expect(readImport(new Uint8Array())).toEqual({ ok: false, reason: "not_csv" });
  });

  it("refuses more than 20,000 rows", () => {
    const rows = Array.from({ length: 20_001 }, (_, i) => `2026-01-01;Linha ${i};-1,00`);
    expect(readImport(utf8(["Data;Descrição;Montante", ...rows].join("\n")))).toEqual({ ok: false, reason: "too_many_rows" });
    expect(readImport(utf8(["Data;Descrição;Montante", ...rows.slice(1)].join("\n"))).ok).toBe(true);
    // Generous: the machine running the tests is shared.
  }, 30_000);
});

describe("mapping", () => {
  it("lets the user point at other columns, date format and decimal mark", () => {
    const text = crlf(["Data;Quando;Descrição;Montante;Outro", "01/02/2026;02/03/2026;Café;-1.20;x"]);
    expect(read(utf8(text)).items[0]).toMatchObject({ date: "2026-02-01", amountCents: 120 });
    expect(read(utf8(text), { date: 1, dateFormat: "mdy", description: 4 }).items[0]).toMatchObject({ date: "2026-02-03", description: "x" });
  });

  it("reads our own export back (round trip), formula-neutralised cells restored", () => {
    const rows = [
      { date: "2026-11-02", type: "expense" as const, amountCents: 4590, description: "Continente", category: "groceries" },
      { date: "2026-11-03", type: "income" as const, amountCents: 150000, description: "-Salário; \"novembro\"", category: "salary" },
      { date: "2026-11-04", type: "expense" as const, amountCents: 5, description: "=1+1", category: "own-1" },
    ];
    for (const language of ["pt", "en"] as const) {
      const csv = transactionsToCsv(rows, language, (id) => (id === "own-1" ? "Presentes" : undefined));
      const report = read(utf8(csv), {}, { ownCategories: new Map([["presentes", "own-1"]]) });
      expect(report.items.map(({ date, type, amountCents, description, category }) => ({ date, type, amountCents, description, category }))).toEqual(rows);
    }
  });
});

describe("categories", () => {
  it("files rows the way the user filed similar entries before, over the default words", () => {
    const history = [
      { description: "Via Verde portagens", category: "own-car" },
      { description: "café central", category: "own-coffee" },
      { description: "CAFÉ CENTRAL", category: "own-coffee" },
    ];
    const report = read(cp1252(BPI), {}, { history });
    expect(report.items.map((i) => i.category)).toEqual(["own-car", "own-coffee", "own-coffee"]);
    expect(read(cp1252(BPI)).items.map((i) => i.category)).toEqual(["transport", "restaurants", "restaurants"]);
  });
});

describe("cells", () => {
  it("reads the money formats banks use", () => {
    expect(readCents("-1.234,56", ",")).toBe(-123456);
    expect(readCents("1,234.56 EUR", ".")).toBe(123456);
    expect(readCents("45,90-", ",")).toBe(-4590);
    expect(readCents("(12.00)", ".")).toBe(-1200);
    expect(readCents("+ 3,5 €", ",")).toBe(350);
    expect(readCents("", ",")).toBeNull();
    expect(readCents("1,2,3", ",")).toBeUndefined();
    expect(readCents("12.345", ".")).toBeUndefined();
  });

  it("reads dates with or without time and refuses impossible ones", () => {
    expect(readDate("2026-11-02 09:12:10", "ymd")).toBe("2026-11-02");
    expect(readDate("02.11.2026", "dmy")).toBe("2026-11-02");
    expect(readDate("11/02/2026", "mdy")).toBe("2026-11-02");
    expect(readDate("30/02/2026", "dmy")).toBeUndefined();
    expect(readDate("ontem", "dmy")).toBeUndefined();
  });

  it("decodes Windows-1252's euro sign and quotes", () => {
    expect(decodeBytes(Uint8Array.from([0x80, 0x20, 0x93, 0x61, 0x94, 0xe7]))).toEqual({ text: "€ “a”ç", encoding: "windows-1252" });
  });
});

describe("long descriptions", () => {
  it("keeps as much of a description as the API edits, never half an emoji, and fingerprints the bank's whole text", () => {
    const long = `${"x".repeat(199)}💶 resto`;
    const [row] = read(utf8(`Data;Descrição;Montante\n2026-11-02;${long};-1,00\n`)).items;
    expect(row.description).toBe("x".repeat(199));
    // Two lines that differ only after the cut are still two movements.
    const items = read(utf8(`Data;Descrição;Montante\n2026-11-02;${"y".repeat(200)} A;-1,00\n2026-11-02;${"y".repeat(200)} B;-1,00\n`)).items;
    expect(items.map((i) => i.description)).toEqual(["y".repeat(200), "y".repeat(200)]);
    expect(new Set(items.map((i) => i.importKey)).size).toBe(2);
  });
});
