// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "~/components/ui/test-utils";
import { NotificationsTab } from "./notifications-tab";

const TYPES = ["system", "achievement", "task", "social", "security", "budget_alert"] as const;

const answerItem = (type: string, overrides: Record<string, unknown> = {}) => ({
  id: null,
  notificationType: type,
  inAppEnabled: true,
  emailEnabled: type === "security",
  pushEnabled: false,
  frequency: "instant",
  quietHoursStart: null,
  quietHoursEnd: null,
  createdAt: null,
  updatedAt: null,
  ...overrides,
});

/** A fake API keeping the preferences as the real one does; `putAnswer` can stand in for its answer. */
let stored: ReturnType<typeof answerItem>[] = [];
let puts: { items: Record<string, unknown>[] }[] = [];
let putAnswer: (() => Response) | null = null;
beforeEach(() => {
  stored = TYPES.map((type) => answerItem(type));
  puts = [];
  putAnswer = null;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url !== "/api/v1/notification-preferences") throw new Error(`unexpected ${url}`);
      if ((init?.method ?? "GET") === "GET") return Response.json({ items: stored, nextCursor: null });
      const body = JSON.parse(String(init!.body));
      puts.push(body);
      if (putAnswer) return putAnswer();
      for (const item of body.items) stored = stored.map((s) => (s.notificationType === item.notificationType ? { ...s, ...item, id: "p1" } : s));
      return Response.json({ items: stored, nextCursor: null });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = (type: string) => screen.getByTestId(`notification-type-${type}`);

describe("Perfil → Notificações", () => {
  it("lists the types Rumo sends, named in Portuguese with what sends them, with their switches, and the e-mail frequency when e-mail is on (no push switch)", async () => {
    renderInApp(<NotificationsTab />);
    await screen.findByText("Tipos de notificação");
    // Nothing in Rumo sends "Conquista" or "Social": no switches that could never matter.
    expect(screen.getAllByRole("listitem").map((li) => within(li).getByRole("heading").textContent)).toEqual(["Sistema", "Tarefa", "Segurança", "Alerta de orçamento"]);
    expect(within(row("system")).getByText("Avisos do Rumo: o fim do período experimental e as novas funcionalidades.")).toBeTruthy();
    expect(within(row("task")).getByText("Quando uma tarefa agendada está prestes a começar.")).toBeTruthy();
    expect(within(row("budget_alert")).getByText(/chegam a 80 % e a 100 % do limite/)).toBeTruthy();
    const budget = row("budget_alert");
    fireEvent.click(within(budget).getByRole("switch", { name: "Alerta de orçamento: Email" }));
    expect(within(budget).getByDisplayValue("Imediato")).toBe(await within(budget).findByRole("combobox", { name: "Alerta de orçamento: Frequência do email" }));
    // E-mail off: no frequency to choose.
    expect(within(row("task")).queryByRole("combobox")).toBeNull();
    expect(screen.queryByRole("switch", { name: /push/i })).toBeNull();
  });

  it("says security notices always arrive, with no switch to turn them off", async () => {
    renderInApp(<NotificationsTab />);
    await screen.findByText("Tipos de notificação");
    const security = row("security");
    expect(within(security).getByText("Novos inícios de sessão e alterações à senha ou à verificação em dois passos.")).toBeTruthy();
    expect(within(security).getByText(/Chegam sempre, na app e por email/)).toBeTruthy();
    expect(within(security).queryByRole("switch")).toBeNull();
    expect(within(security).queryByRole("combobox")).toBeNull();
  });

  it("sends a change at once as the type's whole item, says it is saved, and keeps it", async () => {
    renderInApp(<NotificationsTab />);
    await screen.findByText("Tipos de notificação");
    fireEvent.click(within(row("system")).getByRole("switch", { name: /Email/ }));
    await waitFor(() => expect(within(row("system")).getByRole("status").textContent).toContain("Guardado"));
    expect(puts).toEqual([
      { items: [{ notificationType: "system", inAppEnabled: true, emailEnabled: true, pushEnabled: false, frequency: "instant", quietHoursStart: null, quietHoursEnd: null }] },
    ]);
    expect(within(row("system")).getByRole("switch", { name: /Email/ }).getAttribute("aria-checked")).toBe("true");

    fireEvent.click(within(row("task")).getByRole("switch", { name: /Email/ }));
    fireEvent.change(await within(row("task")).findByRole("combobox", { name: "Tarefa: Frequência do email" }), { target: { value: "daily" } });
    await waitFor(() => expect(puts).toHaveLength(3));
    expect(puts[2].items).toEqual([{ notificationType: "task", inAppEnabled: true, emailEnabled: true, pushEnabled: false, frequency: "daily", quietHoursStart: null, quietHoursEnd: null }]);
  });

  it("shows the API's error beside the type and puts the switch back", async () => {
    putAnswer = () => Response.json({ error: { code: "validation_failed", message: "Valor inválido.", fields: { "items.0.frequency": "Valor inválido." } } }, { status: 400 });
    renderInApp(<NotificationsTab />);
    await screen.findByText("Tipos de notificação");
    fireEvent.click(within(row("system")).getByRole("switch", { name: /Na app/ }));
    expect((await within(row("system")).findByRole("alert")).textContent).toContain("Valor inválido.");
    expect(within(row("system")).getByRole("switch", { name: /Na app/ }).getAttribute("aria-checked")).toBe("true");
  });

  it("asks for both ends of the quiet hours, then saves them on every type", async () => {
    renderInApp(<NotificationsTab />);
    await screen.findByText("Tipos de notificação");
    fireEvent.click(screen.getByRole("switch", { name: "Horas de silêncio" }));
    const end = screen.getByRole("textbox", { name: "Fim" });
    fireEvent.change(end, { target: { value: "" } });
    fireEvent.blur(end);
    fireEvent.click(screen.getByRole("button", { name: "Guardar horas de silêncio" }));
    expect(await screen.findByText("Indique o início e o fim, ou desligue as horas de silêncio.")).toBeTruthy();
    expect(puts).toHaveLength(0);

    fireEvent.change(end, { target: { value: "07:30" } });
    fireEvent.blur(end);
    fireEvent.click(screen.getByRole("button", { name: "Guardar horas de silêncio" }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].items).toHaveLength(TYPES.length);
    expect(puts[0].items.every((item) => item.quietHoursStart === "22:00" && item.quietHoursEnd === "07:30")).toBe(true);
    expect(await within(screen.getByTestId("quiet-hours")).findByText("Guardado")).toBeTruthy();

    // Off is saved at once, on every type.
    fireEvent.click(screen.getByRole("switch", { name: "Horas de silêncio" }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1].items.every((item) => item.quietHoursStart === null && item.quietHoursEnd === null)).toBe(true);
  });

  it("shows the API's message when the preferences cannot be read, with a retry", async () => {
    const fetchMock = vi.fn(async () => Response.json({ error: { code: "forbidden", message: "Sem acesso." } }, { status: 403 }));
    vi.stubGlobal("fetch", fetchMock);
    renderInApp(<NotificationsTab />);
    expect((await screen.findByRole("alert")).textContent).toContain("Sem acesso.");
    fireEvent.click(screen.getByRole("button", { name: "Tentar novamente" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });
});
