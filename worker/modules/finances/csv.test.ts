import { describe, expect, it } from "vitest";
import en from "~/locales/en/financesIo";
import pt from "~/locales/pt/financesIo";
import { CSV_BOM, csvCell, formatCents, neutraliseFormula, parseCsv, transactionsToCsv, type ExportRow } from "./csv";

const rows: ExportRow[] = [
  { date: "2026-11-02", type: "expense", amountCents: 4590, description: "Continente", category: "groceries" },
  { date: "2026-11-03", type: "income", amountCents: 150000, description: "Salário; novembro", category: "salary" },
  { date: "2026-11-04", type: "expense", amountCents: 5, description: 'Livro "Os Maias", 2.ª edição', category: "cat-1" },
  { date: "2026-11-05", type: "expense", amountCents: 1999, description: "linha um\nlinha dois", category: "other" },
  { date: "2026-11-06", type: "expense", amountCents: 100, description: "=HYPERLINK(\"http://x\")", category: "other" },
  { date: "2026-11-07", type: "expense", amountCents: 100, description: "-2+3", category: "@cat" },
  { date: "2026-11-08", type: "expense", amountCents: 100, description: "+351 chamada", category: "other" },
  { date: "2026-11-09", type: "expense", amountCents: 100, description: "@utilizador", category: "other" },
];

describe("CSV export", () => {
  it("writes pt with a BOM, `;`, decimal comma, a header row and CRLF", () => {
    const csv = transactionsToCsv(rows.slice(0, 2), "pt");
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.slice(1).split("\r\n")).toEqual([
      "Data;Tipo;Descrição;Categoria;Valor",
      "2026-11-02;Despesa;Continente;Alimentação/Supermercado;45,90",
      '2026-11-03;Receita;"Salário; novembro";Salário;1500,00',
      "",
    ]);
  });

  it("writes en with `,` and a decimal point, quoting cells with commas", () => {
    const csv = transactionsToCsv(rows.slice(0, 3), "en", (id) => (id === "cat-1" ? "Books, mine" : undefined));
    expect(csv.slice(1).split("\r\n")).toEqual([
      "Date,Type,Description,Category,Amount",
      "2026-11-02,Expense,Continente,Groceries,45.90",
      "2026-11-03,Income,Salário; novembro,Salary,1500.00",
      '2026-11-04,Expense,"Livro ""Os Maias"", 2.ª edição","Books, mine",0.05',
      "",
    ]);
  });

  it("takes the header row and the type words from the financesIo catalogue", () => {
    for (const [language, catalogue] of [["pt", pt], ["en", en]] as const) {
      const { headers, types } = catalogue.export;
      const [header, expense, income] = parseCsv(transactionsToCsv(rows.slice(0, 2), language).slice(1), language === "pt" ? ";" : ",").map((row) => row.cells);
      expect(header).toEqual([headers.date, headers.type, headers.description, headers.category, headers.amount]);
      expect([expense[1], income[1]]).toEqual([types.expense, types.income]);
    }
  });

  it("quotes line breaks and neutralises formulas in text cells", () => {
    const csv = transactionsToCsv(rows.slice(3), "pt");
    const lines = csv.slice(1).split("\r\n");
    expect(lines[1]).toBe('2026-11-05;Despesa;"linha um\nlinha dois";Outros;19,99');
    expect(lines[2]).toBe(`2026-11-06;Despesa;"'=HYPERLINK(""http://x"")";Outros;1,00`);
    expect(lines[3]).toBe("2026-11-07;Despesa;'-2+3;'@cat;1,00");
    expect(lines[4]).toBe("2026-11-08;Despesa;'+351 chamada;Outros;1,00");
    expect(lines[5]).toBe("2026-11-09;Despesa;'@utilizador;Outros;1,00");
    expect(neutraliseFormula("\tcmd")).toBe("'\tcmd");
    expect(neutraliseFormula("Café")).toBe("Café");
  });

  it("formats cents without drift", () => {
    expect(formatCents(0, ",")).toBe("0,00");
    expect(formatCents(7, ".")).toBe("0.07");
    expect(formatCents(123456789, ",")).toBe("1234567,89");
    expect(csvCell("a;b", ";")).toBe('"a;b"');
    expect(csvCell("a;b", ",")).toBe("a;b");
  });
});

describe("CSV reading", () => {
  it("reads back what the export writes, line numbers included", () => {
    const csv = transactionsToCsv(rows, "pt").slice(1);
    const parsed = parseCsv(csv, ";");
    expect(parsed[0]).toEqual({ line: 1, cells: ["Data", "Tipo", "Descrição", "Categoria", "Valor"] });
    expect(parsed[4]).toEqual({ line: 5, cells: ["2026-11-05", "Despesa", "linha um\nlinha dois", "Outros", "19,99"] });
    // The quoted line break makes the next row start one physical line later.
    expect(parsed[5].line).toBe(7);
    expect(parsed[3].cells[2]).toBe('Livro "Os Maias", 2.ª edição');
    expect(parsed).toHaveLength(9);
  });

  it("keeps empty cells and reads LF, CR and a last line without a break", () => {
    expect(parseCsv("a;;c\nd;e;\r\nf", ";").map((r) => r.cells)).toEqual([["a", "", "c"], ["d", "e", ""], ["f"]]);
    expect(parseCsv("x\ry", ",").map((r) => r.line)).toEqual([1, 2]);
  });
});
