import { describe, expect, it } from "vitest";
import { mentionsCrisis, mentionsHealth } from "./health-words";

describe("mentionsHealth", () => {
  it("finds health and feelings in Portuguese and English, accents or not", () => {
    for (const message of [
      "Estou deprimida e não consigo dormir",
      "sinto-me muito sozinha",
      "I feel depressed",
      "Tive um ataque de pânico no metro",
      "a minha menstruação está atrasada",
      "My period is 10 days late, could I be pregnant?",
      "tenho uma dor de cabeça enorme",
      "marquei consulta de psicologia",
    ]) {
      expect(mentionsHealth(message), message).toBe(true);
    }
  });

  it("leaves everyday requests alone, even with a health word inside another word", () => {
    for (const message of ["Quanto gastei em restaurantes este mês?", "tarefa: ligar ao vendedor amanhã às 10h", "Reunião com o corredor de seguros", "plan my day", "What is on my calendar on Friday?"]) {
      expect(mentionsHealth(message), message).toBe(false);
    }
  });
});

describe("mentionsCrisis", () => {
  it("finds talk of self-harm, and not ordinary sadness", () => {
    expect(mentionsCrisis("às vezes penso em suicídio")).toBe(true);
    expect(mentionsCrisis("I want to kill myself")).toBe(true);
    expect(mentionsCrisis("estou triste hoje")).toBe(false);
  });
});
