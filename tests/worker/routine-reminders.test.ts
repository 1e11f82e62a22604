import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { EVERY_MINUTE, runSchedule } from "@worker/cron/registry";
import { startOfDate, zonedParts } from "@worker/lib/time-zone";
import { database } from "@worker/db/client";
import { claimRoutineReminder, dueRoutineReminders, nextReminderOf } from "@worker/modules/selfCare/queries";
import { reminderDay } from "@worker/modules/selfCare/reminder-times";
import { addDays, isoWeekday } from "@worker/modules/selfCare/streaks";
import { endTrial, userIdOf } from "./billing-helpers";
import { api, json, signUpAndLogIn } from "./helpers";

// Routine reminders (docs/decisions/0099): the API's `reminderTime`, and the minute job.
const LISBON = "Europe/Lisbon";
const NEW_YORK = "America/New_York";
const HOUR_MS = 3_600_000;

const as = (cookie: string) => ({
  post: (body: unknown) => api("/routines", { body, headers: { cookie } }),
  patch: (id: string, body: unknown) => api(`/routines/${id}`, { method: "PATCH", body, headers: { cookie } }),
  del: (id: string) => api(`/routines/${id}`, { method: "DELETE", headers: { cookie } }),
  me: (body: unknown) => api("/me", { method: "PATCH", body, headers: { cookie } }),
});
const at = (iso: number) => runSchedule(EVERY_MINUTE, env, new Date(iso), { inline: true });
const nextOf = async (id: string) => (await env.DB.prepare("select next_reminder_at as at from routines where id = ?").bind(id).first<{ at: number | null }>())?.at;
const rowOf = (id: string) => env.DB.prepare("select title, reminder_time, next_reminder_at, updated_at from routines where id = ?").bind(id).first();
type Sent = { title: string; message: string; type: string; category: string; action_url: string; expires_at: number; metadata: string };
const sentTo = async (userId: string) =>
  (await env.DB.prepare("select title, message, type, category, action_url, expires_at, metadata from notifications where user_id = ? and type = 'reminder' order by created_at").bind(userId).all<Sent>()).results;
const clock = (ms: number, zone: string) => {
  const p = zonedParts(new Date(ms), zone);
  return `${String(p.hour).padStart(2, "0")}:${String(p.minute).padStart(2, "0")}`;
};

describe("reminderTime on /routines", () => {
  let ana: string;
  let rui: string;
  beforeAll(async () => {
    ana = await signUpAndLogIn("ana@routine-reminders.test");
    rui = await signUpAndLogIn("rui@routine-reminders.test");
  });

  it("is taken on create and update, answered, and plans the next reminder in the account's zone", async () => {
    const before = Date.now();
    const created = await as(ana).post({ title: "Meditar", reminderTime: "08:30" });
    expect(created.status).toBe(201);
    const { routine } = await json(created);
    expect(routine).toMatchObject({ title: "Meditar", reminderTime: "08:30" });
    // Derived and internal: not in the answer.
    expect(routine).not.toHaveProperty("nextReminderAt");
    const next = (await nextOf(routine.id))!;
    expect(clock(next, LISBON)).toBe("08:30");
    expect(next).toBeGreaterThan(before);
    expect(next - before).toBeLessThanOrEqual(25 * HOUR_MS);

    const changed = await json(await as(ana).patch(routine.id, { reminderTime: "21:05" }));
    expect(changed.routine.reminderTime).toBe("21:05");
    expect(clock((await nextOf(routine.id))!, LISBON)).toBe("21:05");
    expect((await json(await api(`/routines/${routine.id}`, { headers: { cookie: ana } }))).routine.reminderTime).toBe("21:05");

    // Cleared: no reminder pending.
    expect((await json(await as(ana).patch(routine.id, { reminderTime: null }))).routine.reminderTime).toBeNull();
    expect(await nextOf(routine.id)).toBeNull();

    // Without the field, no reminder.
    const plain = (await json(await as(ana).post({ title: "Beber água" }))).routine;
    expect(plain.reminderTime).toBeNull();
    expect(await nextOf(plain.id)).toBeNull();
  });

  it("refuses a time that is not HH:MM with a localised 400 and writes nothing", async () => {
    const message = "Indique uma hora válida (HH:MM) ou nenhuma.";
    const count = async () => (await env.DB.prepare("select count(*) as n from routines where user_id = ?").bind(await userIdOf("ana@routine-reminders.test")).first<{ n: number }>())!.n;
    const before = await count();
    for (const reminderTime of ["8:30", "24:00", "12:60", "08:30:00", "", 830, true]) {
      const response = await as(ana).post({ title: "Alongar", reminderTime });
      expect(response.status, String(reminderTime)).toBe(400);
      expect((await json(response)).error).toMatchObject({ code: "validation_failed", fields: { reminderTime: message } });
    }
    expect(await count()).toBe(before);

    const { routine } = await json(await as(ana).post({ title: "Ler", reminderTime: "22:00" }));
    const stored = await rowOf(routine.id);
    const refused = await as(ana).patch(routine.id, { reminderTime: "25:00" });
    expect(refused.status).toBe(400);
    expect((await json(refused)).error.fields.reminderTime).toBe(message);
    expect(await rowOf(routine.id)).toEqual(stored);
    // In English for an English account.
    await as(ana).me({ language: "en" });
    expect((await json(await as(ana).patch(routine.id, { reminderTime: "7pm" }))).error.fields.reminderTime).toBe("Enter a valid time (HH:MM) or none.");
    await as(ana).me({ language: "pt" });
  });

  it("another user's routine answers 404 and is left as it was", async () => {
    const { routine } = await json(await as(ana).post({ title: "Caminhar", reminderTime: "07:00" }));
    const stored = await rowOf(routine.id);
    expect((await as(rui).patch(routine.id, { reminderTime: "09:00" })).status).toBe(404);
    expect((await as(rui).patch(routine.id, { reminderTime: null })).status).toBe(404);
    expect(await rowOf(routine.id)).toEqual(stored);
  });

  it("is in the data export, without the derived next reminder", async () => {
    const exported = await json(await api("/me/export", { headers: { cookie: rui } }));
    expect(exported.routines).toEqual([]);
    const { routine } = await json(await as(rui).post({ title: "Respirar", reminderTime: "12:00" }));
    const again = await json(await api("/me/export", { headers: { cookie: rui } }));
    expect(again.routines).toEqual([expect.objectContaining({ id: routine.id, reminderTime: "12:00" })]);
    expect(again.routines[0]).not.toHaveProperty("nextReminderAt");
  });
});

describe("the routine reminders' minute job", () => {
  it("sends once at the reminder's minute, then plans the next day", async () => {
    const cookie = await signUpAndLogIn("once@routine-reminders.test");
    const userId = await userIdOf("once@routine-reminders.test");
    const { routine } = await json(await as(cookie).post({ title: "Meditar 10 minutos", reminderTime: "08:15" }));
    const due = (await nextOf(routine.id))!;
    const day = reminderDay(due, LISBON);

    await at(due - 60_000);
    expect(await sentTo(userId)).toEqual([]);
    await at(due);
    const sent = await sentTo(userId);
    expect(sent).toEqual([
      {
        title: "Meditar 10 minutos",
        message: "Está na hora da sua rotina de hoje (08:15). Marque-a como feita quando terminar.",
        type: "reminder",
        category: "selfCare",
        action_url: "/app/autocuidado",
        // Gone at the end of the user's day.
        expires_at: startOfDate(addDays(day, 1), LISBON).getTime(),
        metadata: expect.any(String),
      },
    ]);
    expect(JSON.parse(sent[0].metadata)).toMatchObject({ routineId: routine.id, date: day });
    // A rerun of the same minute (a retry, a second consumer) sends nothing more.
    await at(due);
    await at(due + 60_000);
    expect(await sentTo(userId)).toHaveLength(1);
    // Next: the following day at 08:15 Lisbon.
    const next = (await nextOf(routine.id))!;
    expect(reminderDay(next, LISBON)).toBe(addDays(day, 1));
    expect(clock(next, LISBON)).toBe("08:15");
    await at(next);
    expect(await sentTo(userId)).toHaveLength(2);
  });

  // Decision 0099 promised one reminder per routine and day "even if the user changes the time
  // after one was sent", with the notification's dedupe key as the only record: once the user had
  // deleted the reminder, the new time sent a second one that day (decision 0103).
  it("does not remind a second time that day once the user deleted the reminder and moved the time", async () => {
    const email = "deleted-reminder@routine-reminders.test";
    const cookie = await signUpAndLogIn(email);
    const userId = await userIdOf(email);
    const tomorrow = addDays(reminderDay(Date.now(), LISBON), 1);
    const { routine } = await json(await as(cookie).post({ title: "Ler 20 páginas", frequency: "weekdays", weekdays: [isoWeekday(tomorrow)], reminderTime: "08:00" }));
    const due = (await nextOf(routine.id))!;
    expect(reminderDay(due, LISBON)).toBe(tomorrow);
    await at(due);
    const [sent] = (await env.DB.prepare("select id from notifications where user_id = ? and type = 'reminder'").bind(userId).all<{ id: string }>()).results;
    expect(sent).toBeDefined();
    expect((await api(`/notifications/${sent.id}`, { method: "DELETE", headers: { cookie } })).status).toBe(204);
    expect((await as(cookie).patch(routine.id, { reminderTime: "09:00" })).status).toBe(200);
    const later = (await nextOf(routine.id))!;
    expect(reminderDay(later, LISBON)).toBe(tomorrow);
    await at(later);
    expect(await sentTo(userId)).toEqual([]);
  });

  it("a weekday routine moves on to its next due day", async () => {
    const cookie = await signUpAndLogIn("weekdays@routine-reminders.test");
    const userId = await userIdOf("weekdays@routine-reminders.test");
    // Due on tomorrow's weekday and the one two days after it (whatever today is).
    const tomorrow = addDays(reminderDay(Date.now(), LISBON), 1);
    const days = [isoWeekday(tomorrow), isoWeekday(addDays(tomorrow, 2))];
    const { routine } = await json(await as(cookie).post({ title: "Alongamentos", frequency: "weekdays", weekdays: days, reminderTime: "18:00" }));
    const due = (await nextOf(routine.id))!;
    expect(reminderDay(due, LISBON)).toBe(tomorrow);
    await at(due);
    expect(await sentTo(userId)).toHaveLength(1);
    const next = (await nextOf(routine.id))!;
    expect(reminderDay(next, LISBON)).toBe(addDays(tomorrow, 2));
    expect(clock(next, LISBON)).toBe("18:00");
  });

  it("does not remind of a day already checked in, and moves on", async () => {
    const cookie = await signUpAndLogIn("done@routine-reminders.test");
    const userId = await userIdOf("done@routine-reminders.test");
    const { routine } = await json(await as(cookie).post({ title: "Caminhada", reminderTime: "19:30" }));
    const due = (await nextOf(routine.id))!;
    const day = reminderDay(due, LISBON);
    // Checked in on that day (the API takes only today: written as the user's check-in of that day would be).
    await env.DB.prepare("insert into routine_check_ins (id, user_id, routine_id, date, created_at) values (?, ?, ?, ?, ?)").bind(crypto.randomUUID(), userId, routine.id, day, due - HOUR_MS).run();
    await at(due);
    expect(await sentTo(userId)).toEqual([]);
    expect(reminderDay((await nextOf(routine.id))!, LISBON)).toBe(addDays(day, 1));
  });

  it("never reminds of a deleted routine", async () => {
    const cookie = await signUpAndLogIn("deleted@routine-reminders.test");
    const userId = await userIdOf("deleted@routine-reminders.test");
    const { routine } = await json(await as(cookie).post({ title: "Diário de gratidão", reminderTime: "22:00" }));
    const due = (await nextOf(routine.id))!;
    expect((await as(cookie).del(routine.id)).status).toBe(204);
    await at(due);
    await at(due + 60_000);
    expect(await sentTo(userId)).toEqual([]);
  });

  it("follows a change of the account's zone: 08:00 where the user now is", async () => {
    const cookie = await signUpAndLogIn("travel@routine-reminders.test");
    const userId = await userIdOf("travel@routine-reminders.test");
    const { routine } = await json(await as(cookie).post({ title: "Vitaminas", reminderTime: "08:00" }));
    const lisbon = (await nextOf(routine.id))!;
    expect(clock(lisbon, LISBON)).toBe("08:00");
    expect((await as(cookie).me({ timeZone: NEW_YORK })).status).toBe(200);
    const newYork = (await nextOf(routine.id))!;
    expect(clock(newYork, NEW_YORK)).toBe("08:00");
    expect(newYork).not.toBe(lisbon);
    // Lisbon's 08:00 is no longer a reminder (when it comes first: run after New York's, that
    // one would be due too); New York's is, with the time as the user reads it there.
    if (lisbon < newYork) {
      await at(lisbon);
      expect(await sentTo(userId)).toEqual([]);
    }
    await at(newYork);
    expect((await sentTo(userId)).map((n) => n.message)).toEqual(["Está na hora da sua rotina de hoje (08:00). Marque-a como feita quando terminar."]);
    expect(reminderDay((await nextOf(routine.id))!, NEW_YORK)).toBe(addDays(reminderDay(newYork, NEW_YORK), 1));
  });

  // A reminder due and not sent yet (the minute job had not run) was planned again from now in the
  // new zone: moving east, today's time there was already past, so the next one was tomorrow's and
  // today's was never sent (decision 0099, revised).
  it("keeps a reminder due in the minute the account's zone changes: sent once, then planned in the new zone", async () => {
    const journeys = [
      { email: "east@routine-reminders.test", zone: "Europe/Madrid" },
      { email: "west@routine-reminders.test", zone: "Atlantic/Azores" },
    ];
    for (const { email, zone } of journeys) {
      const cookie = await signUpAndLogIn(email);
      const userId = await userIdOf(email);
      // Due this very minute in Lisbon, the job not run yet.
      const due = Math.floor(Date.now() / 60_000) * 60_000;
      const { routine } = await json(await as(cookie).post({ title: "Alongar", reminderTime: clock(due, LISBON) }));
      await env.DB.prepare("update routines set next_reminder_at = ? where id = ?").bind(due, routine.id).run();
      expect((await as(cookie).me({ timeZone: zone })).status).toBe(200);
      expect(await nextOf(routine.id)).toBe(due);

      await at(Date.now());
      expect((await sentTo(userId)).map((n) => n.title)).toEqual(["Alongar"]);
      // Then the routine's time where the user now is, after this one.
      const next = (await nextOf(routine.id))!;
      expect(next).toBeGreaterThan(due);
      expect(clock(next, zone)).toBe(clock(due, LISBON));
      // Moving west, today's time there is still to come: not a second reminder for the same day.
      if (reminderDay(next, zone) === reminderDay(due, zone)) {
        await at(next);
        expect(await sentTo(userId)).toHaveLength(1);
      }
    }
  });

  it("a run that read the zone before it changed claims nothing: the next run sends it, planned in the new zone", async () => {
    const email = "in-flight@routine-reminders.test";
    const cookie = await signUpAndLogIn(email);
    const userId = await userIdOf(email);
    const due = Math.floor(Date.now() / 60_000) * 60_000;
    const { routine } = await json(await as(cookie).post({ title: "Beber água", reminderTime: clock(due, LISBON) }));
    await env.DB.prepare("update routines set next_reminder_at = ? where id = ?").bind(due, routine.id).run();
    const db = database(env.DB);
    const [row] = await dueRoutineReminders(db, userId, new Date());
    // The run read Lisbon; the zone changes before its claim.
    const plannedInLisbon = nextReminderOf(row, LISBON, new Date(due));
    expect((await as(cookie).me({ timeZone: "Europe/Madrid" })).status).toBe(200);
    expect(await claimRoutineReminder(db, userId, routine.id, due, plannedInLisbon, LISBON)).toBe(false);
    expect(await nextOf(routine.id)).toBe(due);
    await at(Date.now());
    expect((await sentTo(userId)).map((n) => n.title)).toEqual(["Beber água"]);
    expect(clock((await nextOf(routine.id))!, "Europe/Madrid")).toBe(clock(due, LISBON));
  });

  it("does not remind without the plan (routines are read-only), but moves on", async () => {
    const cookie = await signUpAndLogIn("free@routine-reminders.test");
    const userId = await userIdOf("free@routine-reminders.test");
    const { routine } = await json(await as(cookie).post({ title: "Respirar", reminderTime: "10:00" }));
    const due = (await nextOf(routine.id))!;
    await endTrial(userId);
    await at(due);
    expect(await sentTo(userId)).toEqual([]);
    expect((await nextOf(routine.id))!).toBeGreaterThan(due);
  });
});
