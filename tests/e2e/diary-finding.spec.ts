import { expect, test } from "@playwright/test";
import { createUser, dismissCookieBanner, lisbonDate, lisbonDay, originOf, untilHydrated } from "./support";

// Finding entries in the diary: filters in the address, and "Neste dia" (decision 0115).
test.describe("finding entries in the diary", () => {
  test.setTimeout(120_000);

  test("filters by mood, emotion and words, keeps them across a reload and back, and shows 'Neste dia'", async ({ page, context }) => {
    await createUser(context.request, `e2e-diary-find-${Date.now()}@example.com`, { toursDone: true });
    const today = lisbonDate();
    const lastYear = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
    const post = async (data: Record<string, unknown>) =>
      expect((await context.request.post("/api/v1/diary", { data, headers: originOf(context.request) })).status()).toBe(201);
    await post({ title: "Praia com a Rita", content: "Água fria e café no fim.", mood: 5, emotions: ["happy"], date: lisbonDay(-1) });
    await post({ title: "Reunião longa", content: "Saí cansada.", mood: 2, emotions: ["tired"], date: lisbonDay(-2) });
    await post({ title: "Manhã calma", content: "Café na varanda.", mood: 4, emotions: ["calm"], date: lisbonDay(-3) });
    // 29 February of a leap year has no day of its own next year: the rule's unit tests cover it.
    if (!today.endsWith("02-29")) await post({ title: "Há um ano", content: "O que escrevi então.", mood: 3, emotions: [], date: lastYear });

    await dismissCookieBanner(page);
    await page.goto("/app/diario");
    await untilHydrated(page);
    await page.getByRole("tab", { name: "Entradas" }).click();
    const entries = page.getByTestId("diary-entries");
    await expect(entries.locator("li")).toHaveCount(today.endsWith("02-29") ? 3 : 4);

    if (!today.endsWith("02-29")) {
      const onThisDay = page.getByRole("region", { name: "Neste dia" });
      await expect(onThisDay.getByRole("heading", { name: /Há 1 ano/ })).toBeVisible();
      await expect(onThisDay.getByText("Há um ano", { exact: true })).toBeVisible();
    }

    const filters = page.getByRole("search", { name: "Filtrar entradas" });
    await filters.getByRole("button", { name: "Muito bem" }).click();
    await expect(page).toHaveURL(/[?&]humor=5/);
    await expect(entries.locator("li")).toHaveCount(1);
    await expect(entries.getByText("Praia com a Rita")).toBeVisible();
    await expect(page.getByTestId("diary-count")).toHaveText("1 entrada");

    // Words, case and accents aside, after a pause in typing; with the mood chip lifted.
    await filters.getByRole("button", { name: "Muito bem" }).click();
    await filters.getByLabel("Palavras").fill("CAFE");
    await expect(page).toHaveURL(/[?&]texto=CAFE/);
    await expect(entries.locator("li")).toHaveCount(2);

    await filters.getByLabel("Emoção").selectOption("calm");
    await expect(entries.locator("li")).toHaveCount(1);
    await expect(entries.getByText("Manhã calma")).toBeVisible();

    // A reload keeps the filters, on the entries tab.
    await page.reload();
    await untilHydrated(page);
    await expect(page.getByRole("tab", { name: "Entradas", selected: true })).toBeVisible();
    await expect(entries.locator("li")).toHaveCount(1);
    await expect(filters.getByLabel("Palavras")).toHaveValue("CAFE");

    // Nothing matches: said so, and not as an empty diary.
    await filters.getByLabel("Emoção").selectOption("nostalgic");
    await expect(page.getByRole("heading", { name: "Nenhuma entrada corresponde aos filtros" })).toBeVisible();
    await expect(page.getByText("Ainda não há entradas")).toHaveCount(0);

    // Back: the previous filters.
    await page.goBack();
    await expect(entries.getByText("Manhã calma")).toBeVisible();
    await expect(filters.getByLabel("Emoção")).toHaveValue("calm");

    await filters.getByRole("button", { name: "Limpar filtros" }).click();
    await expect(page).not.toHaveURL(/humor|emocao|texto/);
    await expect(entries.locator("li")).toHaveCount(today.endsWith("02-29") ? 3 : 4);
  });
});
