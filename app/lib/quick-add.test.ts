import { describe, expect, it } from "vitest";
import { parseQuickAdd, type QuickAddDraft, type QuickAddLanguage } from "./quick-add";

// Monday 23 November 2026, 10:00 in Lisbon (WET = UTC+0).
const MONDAY_10H = new Date("2026-11-23T10:00:00Z");
const LISBON = "Europe/Lisbon";

const draft = (text: string, language: QuickAddLanguage = "pt", now = MONDAY_10H, timeZone = LISBON): QuickAddDraft => {
  const result = parseQuickAdd(text, { language, now, timeZone });
  if (!result.ok) throw new Error(`refused "${text}": ${result.reason}`);
  return result.draft;
};
const refusal = (text: string, language: QuickAddLanguage = "pt", now = MONDAY_10H, timeZone = LISBON) => {
  const result = parseQuickAdd(text, { language, now, timeZone });
  return result.ok ? `accepted as "${result.draft.title}"` : result.reason;
};

type Case = [text: string, expected: Partial<QuickAddDraft> & { rrule?: string | null }];
const check = (language: QuickAddLanguage, cases: Case[]) =>
  it.each(cases)("%s", (text, expected) => {
    const d = draft(text, language);
    const { rrule, ...fields } = expected;
    expect(d).toMatchObject(fields);
    if (rrule !== undefined) expect(d.recurrence?.rrule ?? null).toBe(rrule);
    if (fields.time !== undefined) expect(d.allDay).toBe(fields.time === null);
  });

describe("quick add — the issue's examples", () => {
  it("amanhã às 15h reunião com a Ana", () => {
    expect(draft("amanhã às 15h reunião com a Ana")).toEqual({
      title: "Reunião com a Ana", date: "2026-11-24", time: "15:00", dated: true, durationMinutes: null, allDay: false, recurrence: null,
    });
  });
  it("dentista sexta 9h30", () => {
    expect(draft("dentista sexta 9h30")).toMatchObject({ title: "Dentista", date: "2026-11-27", time: "09:30", recurrence: null });
  });
  it("todas as segundas às 8h ginásio (8h has passed this Monday → next Monday)", () => {
    expect(draft("todas as segundas às 8h ginásio")).toMatchObject({
      title: "Ginásio", date: "2026-11-30", time: "08:00", recurrence: { rrule: "FREQ=WEEKLY;BYDAY=MO" },
    });
  });
  it("pagar renda dia 1 de cada mês", () => {
    expect(draft("pagar renda dia 1 de cada mês")).toMatchObject({
      title: "Pagar renda", date: "2026-12-01", time: null, allDay: true, recurrence: { rrule: "FREQ=MONTHLY;BYMONTHDAY=1" },
    });
  });
  it("call mum tomorrow 6pm", () => {
    expect(draft("call mum tomorrow 6pm", "en")).toMatchObject({ title: "Call mum", date: "2026-11-24", time: "18:00", recurrence: null });
  });
});

describe("quick add — pt-PT", () => {
  check("pt", [
    ["depois de amanhã comprar pão", { title: "Comprar pão", date: "2026-11-25", time: null }],
    ["depois d'amanhã ligar ao banco", { title: "Ligar ao banco", date: "2026-11-25" }],
    ["amanha as 15h reuniao", { title: "Reuniao", date: "2026-11-24", time: "15:00" }],
    ["hoje à tarde estudar", { title: "Estudar", date: "2026-11-23", time: "15:00" }],
    ["correr de manhã", { title: "Correr", date: "2026-11-24", time: "09:00" }],
    ["amanhã de manhã correr", { title: "Correr", date: "2026-11-24", time: "09:00" }],
    ["jantar com amigos à noite", { title: "Jantar com amigos", date: "2026-11-23", time: "20:00" }],
    ["almoço ao meio-dia com o Rui", { title: "Almoço com o Rui", date: "2026-11-23", time: "12:00" }],
    ["almoço meio-dia e meia", { title: "Almoço", time: "12:30" }],
    ["backup à meia-noite", { title: "Backup", date: "2026-11-24", time: "00:00" }],
    ["ligar à Joana segunda 11h", { title: "Ligar à Joana", date: "2026-11-23", time: "11:00" }],
    ["reunião quarta-feira às 14h30", { title: "Reunião", date: "2026-11-25", time: "14:30" }],
    ["mercado no sábado", { title: "Mercado", date: "2026-11-28", time: null }],
    ["missa domingo às 11", { title: "Missa", date: "2026-11-29", time: "11:00" }],
    ["cortar cabelo 15h", { title: "Cortar cabelo", date: "2026-11-23", time: "15:00" }],
    ["café às 9h30", { title: "Café", date: "2026-11-24", time: "09:30" }],
    ["chamada 15h30", { title: "Chamada", time: "15:30" }],
    ["jantar às 8 da noite", { title: "Jantar", time: "20:00" }],
    ["lanche às 4 da tarde", { title: "Lanche", time: "16:00" }],
    ["entregar IRS dia 25", { title: "Entregar IRS", date: "2026-11-25", time: null }],
    ["pagar luz no dia 5", { title: "Pagar luz", date: "2026-12-05" }],
    ["na próxima terça ver o médico", { title: "Ver o médico", date: "2026-11-24" }],
    ["próxima segunda arrumar garagem", { title: "Arrumar garagem", date: "2026-11-30" }],
    ["daqui a 3 dias enviar fatura", { title: "Enviar fatura", date: "2026-11-26" }],
    ["daqui a duas semanas revisão do carro", { title: "Revisão do carro", date: "2026-12-07" }],
    ["ler relatório por 30 min", { title: "Ler relatório", durationMinutes: 30 }],
    ["reunião de equipa durante 1h às 10h", { title: "Reunião de equipa", time: "10:00", durationMinutes: 60, date: "2026-11-24" }],
    ["estudar durante 1h30 amanhã", { title: "Estudar", durationMinutes: 90, date: "2026-11-24" }],
    ["passear o cão por meia hora", { title: "Passear o cão", durationMinutes: 30 }],
    ["workshop amanhã das 14h às 16h30", { title: "Workshop", time: "14:00", durationMinutes: 150 }],
    ["natal 25 de dezembro", { title: "Natal", date: "2026-12-25", time: null }],
    ["consulta 3/12 às 10h", { title: "Consulta", date: "2026-12-03", time: "10:00" }],
    ["para amanhã preparar apresentação", { title: "Preparar apresentação", date: "2026-11-24" }],
    ["tomar vitamina todos os dias às 21h", { title: "Tomar vitamina", time: "21:00", rrule: "FREQ=DAILY", date: "2026-11-23" }],
    ["meditar diariamente de manhã", { title: "Meditar", rrule: "FREQ=DAILY", time: "09:00", date: "2026-11-24" }],
    ["stand-up dias úteis às 9h", { title: "Stand-up", rrule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", date: "2026-11-24" }],
    ["responder e-mails de segunda a sexta", { title: "Responder e-mails", rrule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", date: "2026-11-23" }],
    ["natação às terças e quintas às 19h", { title: "Natação", rrule: "FREQ=WEEKLY;BYDAY=TU,TH", date: "2026-11-24", time: "19:00" }],
    ["todos os sábados limpar a casa", { title: "Limpar a casa", rrule: "FREQ=WEEKLY;BYDAY=SA", date: "2026-11-28" }],
    ["reunião todas as semanas à sexta", { title: "Reunião", rrule: "FREQ=WEEKLY;BYDAY=FR", date: "2026-11-27" }],
    ["regar plantas de 15 em 15 dias", { title: "Regar plantas", rrule: "FREQ=DAILY;INTERVAL=15" }],
    ["mudar lençóis a cada 2 semanas", { title: "Mudar lençóis", rrule: "FREQ=WEEKLY;INTERVAL=2" }],
    ["pagar condomínio todo dia 8", { title: "Pagar condomínio", rrule: "FREQ=MONTHLY;BYMONTHDAY=8", date: "2026-12-08" }],
    ["rever orçamento todos os meses", { title: "Rever orçamento", rrule: "FREQ=MONTHLY" }],
    ["aniversário da mãe 2 de janeiro todos os anos", { title: "Aniversário da mãe", rrule: "FREQ=YEARLY", date: "2027-01-02" }],
    ["comprar as 3 prendas amanhã", { title: "Comprar as 3 prendas", date: "2026-11-24", time: null }],
    ["reunião às 10 amanhã", { title: "Reunião", date: "2026-11-24", time: "10:00" }],
    ["chamada às 3 horas da tarde", { title: "Chamada", time: "15:00" }],
    ["aula de inglês às quartas quinzenalmente", { title: "Aula de inglês", rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=WE", date: "2026-11-25" }],
    ["ir a Braga no fim de semana", { title: "Ir a Braga", date: "2026-11-28" }],
    ["caminhada aos fins de semana às 8h", { title: "Caminhada", rrule: "FREQ=WEEKLY;BYDAY=SA,SU", date: "2026-11-28", time: "08:00" }],
    ["dia da mãe 3 de maio", { title: "Dia da mãe", date: "2027-05-03" }],
    ["ligar a uma amiga amanhã", { title: "Ligar a uma amiga", date: "2026-11-24", time: null }],
    ["almoço com a avó à uma da tarde", { title: "Almoço com a avó", time: "13:00" }],
    ["dentista sexta 9h30 durante 45 minutos", { title: "Dentista", date: "2026-11-27", time: "09:30", durationMinutes: 45 }],
  ]);
});

describe("quick add — en", () => {
  check("en", [
    ["dentist March 3 at 5pm", { title: "Dentist", date: "2027-03-03", time: "17:00" }],
    ["buy milk today", { title: "Buy milk", date: "2026-11-23", time: null }],
    ["gym the day after tomorrow 7am", { title: "Gym", date: "2026-11-25", time: "07:00" }],
    ["lunch with Sam at noon", { title: "Lunch with Sam", time: "12:00", date: "2026-11-23" }],
    ["deploy at midnight", { title: "Deploy", time: "00:00", date: "2026-11-24" }],
    ["movie tonight", { title: "Movie", time: "20:00", date: "2026-11-23" }],
    ["run tomorrow morning", { title: "Run", time: "09:00", date: "2026-11-24" }],
    ["review PR this afternoon", { title: "Review PR", time: "15:00", date: "2026-11-23" }],
    ["call the bank on friday at 10:30", { title: "Call the bank", date: "2026-11-27", time: "10:30" }],
    ["next monday team sync", { title: "Team sync", date: "2026-11-30" }],
    ["renew passport in 3 days", { title: "Renew passport", date: "2026-11-26" }],
    ["write report for 45 minutes", { title: "Write report", durationMinutes: 45 }],
    ["yoga tomorrow 6:30 pm for an hour".replace("an hour", "1 hour"), { title: "Yoga", time: "18:30", durationMinutes: 60 }],
    ["workshop from 2pm to 4pm tomorrow", { title: "Workshop", time: "14:00", durationMinutes: 120, date: "2026-11-24" }],
    ["pay rent on the 1st of every month", { title: "Pay rent", rrule: "FREQ=MONTHLY;BYMONTHDAY=1", date: "2026-12-01" }],
    ["pay rent every month on the 1st", { title: "Pay rent", rrule: "FREQ=MONTHLY;BYMONTHDAY=1" }],
    ["every monday 8am gym", { title: "Gym", rrule: "FREQ=WEEKLY;BYDAY=MO", date: "2026-11-30", time: "08:00" }],
    ["every monday and wednesday 7am swim", { title: "Swim", rrule: "FREQ=WEEKLY;BYDAY=MO,WE", date: "2026-11-25" }],
    ["stretch every day at 7am", { title: "Stretch", rrule: "FREQ=DAILY", date: "2026-11-24" }],
    ["weekdays standup 9:15 for 15 minutes", { title: "Standup", rrule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", time: "09:15", durationMinutes: 15 }],
    ["water plants every 3 days", { title: "Water plants", rrule: "FREQ=DAILY;INTERVAL=3" }],
    ["one-on-one every other week on thursday", { title: "One-on-one", rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TH", date: "2026-11-26" }],
    ["hike this weekend", { title: "Hike", date: "2026-11-28" }],
    ["piano lessons every tuesday fortnightly", { title: "Piano lessons", rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU" }],
    ["visit grandma in a week", { title: "Visit grandma", date: "2026-11-30" }],
    ["every day review inbox", { title: "Review inbox", rrule: "FREQ=DAILY" }],
    ["dad's birthday dec 25 every year", { title: "Dad's birthday", rrule: "FREQ=YEARLY", date: "2026-12-25" }],
  ]);
});

describe("quick add — edge cases and decisions", () => {
  const friday = (hhmm: string) => new Date(`2026-11-27T${hhmm}:00Z`); // Friday, Lisbon = UTC in November
  it("a weekday that is today keeps today while its time is ahead", () => {
    expect(draft("dentista sexta 9h30", "pt", friday("08:00")).date).toBe("2026-11-27");
  });
  it("a weekday that is today goes to next week once its time has passed", () => {
    expect(draft("dentista sexta 9h30", "pt", friday("10:00")).date).toBe("2026-12-04");
  });
  it("a weekday that is today, without a time, is today", () => {
    expect(draft("sexta arrumar", "pt", friday("18:00")).date).toBe("2026-11-27");
  });
  it("próxima sexta said on a Friday is next week", () => {
    expect(draft("próxima sexta arrumar", "pt", friday("08:00")).date).toBe("2026-12-04");
  });
  it("dia 31 in a 30-day month goes to the next month that has a 31st", () => {
    expect(draft("dia 31 pagar seguro", "pt", new Date("2026-11-10T12:00:00Z")).date).toBe("2026-12-31");
  });
  it("dia 30 said in February goes to March", () => {
    expect(draft("dia 30 pagar seguro", "pt", new Date("2027-02-10T12:00:00Z")).date).toBe("2027-03-30");
  });
  it("2 de janeiro said in December rolls over to next year", () => {
    expect(draft("2 de janeiro ginásio", "pt", new Date("2026-12-15T12:00:00Z")).date).toBe("2027-01-02");
  });
  it("amanhã on 31 December is 1 January", () => {
    expect(draft("amanhã ano novo", "pt", new Date("2026-12-31T12:00:00Z")).date).toBe("2027-01-01");
  });
  it("29 de fevereiro without a year waits for a leap year", () => {
    expect(draft("aniversário 29 de fevereiro").date).toBe("2028-02-29");
  });
  it("an explicit year is kept", () => {
    expect(draft("casamento 12 de junho de 2027").date).toBe("2027-06-12");
  });
  it("a time with no date that has passed means tomorrow; hoje keeps today", () => {
    expect(draft("às 8h ginásio").date).toBe("2026-11-24");
    expect(draft("hoje às 8h ginásio").date).toBe("2026-11-23");
  });
  it("today is the user's local date, not UTC's", () => {
    const lateUtc = new Date("2026-11-23T23:30:00Z");
    expect(draft("ligar ao pai hoje", "pt", lateUtc, "Asia/Tokyo").date).toBe("2026-11-24");
    expect(draft("call dad today", "en", lateUtc, "America/New_York").date).toBe("2026-11-23");
    expect(draft("call dad tomorrow", "en", lateUtc, "America/New_York").date).toBe("2026-11-24");
  });
  it("'now' ahead is compared in the user's zone (Lisbon summer time)", () => {
    // 2026-07-01T13:30Z is 14:30 in Lisbon (WEST): 14h has passed, 15h has not.
    const summer = new Date("2026-07-01T13:30:00Z");
    expect(draft("às 14h chamada", "pt", summer).date).toBe("2026-07-02");
    expect(draft("às 15h chamada", "pt", summer).date).toBe("2026-07-01");
  });
  it("says whether a day or a time was said: without one, the date is only today's default", () => {
    expect(draft("estudar inglês durante 45 minutos")).toMatchObject({ date: "2026-11-23", dated: false, time: null });
    expect(draft("ginásio todas as segundas")).toMatchObject({ dated: false, recurrence: { rrule: "FREQ=WEEKLY;BYDAY=MO" } });
    for (const text of ["estudar hoje", "estudar amanhã", "estudar sexta", "estudar dia 3", "estudar às 15h", "estudar à tarde", "estudar a 2 de janeiro", "estudar na próxima semana"]) {
      expect(draft(text).dated, text).toBe(true);
    }
    expect(draft("call mum", "en").dated).toBe(false);
    expect(draft("call mum on March 3", "en").dated).toBe(true);
  });
  it("capitalises and drops leftover connectors", () => {
    expect(draft("  para   amanhã   de  comprar   pilhas ").title).toBe("Comprar pilhas");
  });
  it("keeps 'com' inside the title", () => {
    expect(draft("reunião com a Ana amanhã").title).toBe("Reunião com a Ana");
  });
});

describe("quick add — refusals", () => {
  it.each([
    ["", "pt", "empty"],
    ["   ", "pt", "empty"],
    ["amanhã", "pt", "no_title"],
    ["amanhã às 15h", "pt", "no_title"],
    ["sexta 9h30", "pt", "no_title"],
    ["todas as segundas às 8h", "pt", "no_title"],
    ["dia 25", "pt", "no_title"],
    ["tomorrow 6pm", "en", "no_title"],
    ["every monday", "en", "no_title"],
    ["!!! ??? 123", "pt", "no_title"],
    ["---", "en", "no_title"],
    ["x".repeat(501), "pt", "too_long"],
    ["consulta 30/2/2027", "pt", "invalid_date"],
    ["consulta 31 de abril", "pt", "invalid_date"],
    ["pagar dia 45", "pt", "invalid_date"],
    ["reunião às 25h", "pt", "invalid_time"],
    ["a".repeat(201) + " amanhã", "pt", "title_too_long"],
  ] as const)("%j (%s) → %s", (text, language, reason) => {
    expect(refusal(text, language)).toBe(reason);
  });
  it("refuses a time zone that is not IANA", () => {
    expect(refusal("dentista amanhã", "pt", MONDAY_10H, "Lisboa/Portugal")).toBe("invalid_time_zone");
  });
});
