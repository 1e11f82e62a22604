import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DEMO_EMAIL, seedDemoAccount } from "@worker/db/seed";
import { database } from "@worker/db/client";
import { listRoutines } from "@worker/modules/selfCare/queries";
import { localDate } from "@worker/modules/selfCare/streaks";

const count = async (sql: string, ...values: unknown[]) => (await env.DB.prepare(sql).bind(...values).first<{ n: number }>())!.n;

describe("the demo account's seed (npm start, and the benches started with it)", () => {
  it("answers every caller when several ask at once, and seeds once", async () => {
    // What this test is about: no demo account yet, as on a fresh start.
    expect(await count("select count(*) as n from users where email = ?", DEMO_EMAIL)).toBe(0);
    // `npm start` seeds as soon as the server answers; Lighthouse and the benches ask at the same
    // time (in the pool, requests through SELF do not overlap, so the seed is called directly).
    // Each caller signs in as soon as it has its answer: the sample data must be there by then.
    const seedAndLook = () => seedDemoAccount(env).then(async (s) => ({ ...s, tasksThen: await count("select count(*) as n from tasks where user_id = ?", s.userId) }));
    const answers = await Promise.allSettled([seedAndLook(), seedAndLook(), seedAndLook()]);
    expect(answers.map((a) => a.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
    const seeded = answers.map((a) => (a as PromiseFulfilledResult<{ email: string; userId: string; tasksThen: number }>).value);
    for (const s of seeded) expect(s.tasksThen).toBeGreaterThan(0);
    expect(new Set(seeded.map((s) => s.userId)).size).toBe(1);
    expect(seeded[0].email).toBe(DEMO_EMAIL);
    expect(await count("select count(*) as n from users where email = ?", DEMO_EMAIL)).toBe(1);
    const tasks = await count("select count(*) as n from tasks where user_id = ?", seeded[0].userId);
    expect(tasks).toBeGreaterThan(0);
    // Later calls leave the account as it is.
    expect((await seedDemoAccount(env)).userId).toBe(seeded[0].userId);
    expect(await count("select count(*) as n from tasks where user_id = ?", seeded[0].userId)).toBe(tasks);
  });

  it("gives a demo task steps, the first ticked, found by their text in search (decision 0114)", async () => {
    const { userId } = await seedDemoAccount(env);
    const { results } = await env.DB.prepare("select s.text, s.done_at is not null as done from task_steps s join tasks t on t.id = s.task_id where s.user_id = ? and t.title = 'Preparar apresentação trimestral' order by s.position")
      .bind(userId)
      .all<{ text: string; done: number }>();
    expect(results).toEqual([
      { text: "Reunir os números do trimestre", done: 1 },
      { text: "Fazer os slides", done: 0 },
      { text: "Ensaiar em voz alta", done: 0 },
    ]);
    expect(await count("select count(*) as n from search_docs where user_id = ? and type = 'task' and body like '%Ensaiar em voz alta%'", userId)).toBe(1);
  });

  it("gives the demo routines steps in Portuguese, with the walk's first one ticked today (decision 0112, revised)", async () => {
    const { userId } = await seedDemoAccount(env);
    const today = localDate(new Date(), "Europe/Lisbon");
    const { items } = await listRoutines(database(env.DB), userId, { limit: 50 }, today);
    const walk = items.find((r) => r.title === "Caminhada de 20 minutos")!;
    const stretch = items.find((r) => r.title === "Alongamentos")!;
    expect(walk.steps.map((s) => s.text)).toEqual(["Calçar os ténis", "Caminhar 20 minutos sem olhar para o telemóvel", "Beber um copo de água ao voltar"]);
    expect(walk.stepsTickedToday).toEqual([walk.steps[0].id]);
    expect(walk.checkedInToday).toBe(false);
    expect(stretch.steps.map((s) => s.text)).toEqual(["Pescoço e ombros", "Costas", "Pernas"]);
  });

  it("gives the demo a routine counted in a day: water, 8 times a day, 3 today, the last days done (decision 0117)", async () => {
    const { userId } = await seedDemoAccount(env);
    const today = localDate(new Date(), "Europe/Lisbon");
    const { items } = await listRoutines(database(env.DB), userId, { limit: 50 }, today);
    const water = items.find((r) => r.title === "Beber água")!;
    expect(water).toMatchObject({ timesPerDay: 8, countToday: 3, checkedInToday: false, steps: [], streakDays: 4 });
  });
});
