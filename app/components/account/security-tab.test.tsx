// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { Outlet, createRoutesStub, useLoaderData, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowserData, forgetServiceWorker } from "~/components/offline/browser-data.test-utils";
import { renderWithI18n } from "~/components/ui/test-utils";
import { idbStore } from "~/lib/offline/idb-store";
import { offlineSnapshot, setOfflineSnapshot } from "~/lib/offline/state";
import { announceSignOutAbandoned, signingOut } from "~/lib/session-user";
import { SecurityTab } from "./security-tab";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  forgetServiceWorker();
  localStorage.clear();
  announceSignOutAbandoned();
});

const session = (id: string, browser: string, current = false, createdAt?: string) => ({
  id,
  current,
  provider: "email",
  device: { browser, os: "Linux" },
  lastUsedAt: "2026-12-01T10:00:00Z",
  ...(createdAt ? { createdAt } : {}),
});

/**
 * A fake API: a Google-only account (no password yet) that sets the first password it is sent and,
 * as the real one does, ends the other sessions when the password changes.
 */
let hasPassword = false;
let sessions: ReturnType<typeof session>[] = [];
/** How many of the next session-list reads fail with a 500. */
let failingListReads = 0;
/** What POST /me/password answers instead of accepting, when set. */
let passwordAnswer: (() => Response) | null = null;
/** What GET /me answers. */
let meAnswer: () => Response = () => Response.json({ user: { id: "u1" } });
/** What DELETE /me answers. */
let deletion: () => Response = () => new Response(null, { status: 204 });
beforeEach(() => {
  hasPassword = false;
  sessions = [];
  failingListReads = 0;
  passwordAnswer = null;
  meAnswer = () => Response.json({ user: { id: "u1" } });
  deletion = () => new Response(null, { status: 204 });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === "/api/v1/me/password" && init?.method === "POST") {
        if (passwordAnswer) return passwordAnswer();
        hasPassword = true;
        sessions = sessions.filter((s) => s.current);
        return new Response(null, { status: 204 });
      }
      if (url === "/api/v1/me/sessions" && (init?.method ?? "GET") === "GET") {
        if (failingListReads > 0) {
          failingListReads--;
          return Response.json({ error: { code: "internal_error", message: "Erro interno do sistema." } }, { status: 500 });
        }
        return Response.json({ items: sessions, nextCursor: null });
      }
      if (url === "/api/v1/me" && init?.method === "DELETE") return deletion();
      if (url === "/api/v1/me" && (init?.method ?? "GET") === "GET") return meAnswer();
      if (url === "/api/v1/me/two-factor/setup" && init?.method === "POST") return Response.json({ secret: "JBSWY3DPEHPK3PXP", uri: "otpauth://totp/Rumo:ana" });
      if (url === "/api/v1/me/two-factor/enable" && init?.method === "POST") return Response.json({ recoveryCodes: ["aaaa-bbbb", "cccc-dddd"] });
      return Response.json({ error: { code: "not_found", message: "Não encontrado." } }, { status: 404 });
    }),
  );
});

function renderTab(timeZone = "Europe/Lisbon", home: (search: string) => void = () => undefined) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => {
        const { search } = useLocation();
        home(search);
        return <p>Página inicial</p>;
      },
    },
    {
      // The signed-in layout, whose user carries the account's time zone.
      id: "routes/app/layout",
      path: "/app",
      loader: () => ({ user: { timeZone } }),
      Component: Outlet,
      children: [
        {
          path: "perfil",
          // The profile's loader, which the profile's tabs read.
          loader: () => ({ hasPassword }),
          Component: () => {
            const data = useLoaderData() as { hasPassword: boolean };
            return <SecurityTab hasPassword={data.hasPassword} twoFactorEnabled={false} />;
          },
        },
      ],
    },
  ]);
  renderWithI18n(<Stub initialEntries={["/app/perfil"]} />);
}

describe("the security tab", () => {
  it("asks for the new password, where it is needed, once a Google-only account has set its first one", async () => {
    renderTab();
    const newPassword = await screen.findByLabelText("Nova senha");
    expect(screen.queryByLabelText("Senha atual")).toBeNull();
    fireEvent.change(newPassword, { target: { value: "primeira-senha-1" } });
    fireEvent.click(screen.getByRole("button", { name: "Alterar senha" }));
    expect(await screen.findByText("Senha alterada. As outras sessões foram terminadas.")).toBeTruthy();
    // Changing it again asks for the current one, and deleting the account asks for it too.
    expect(await screen.findByLabelText("Senha atual")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Eliminar a minha conta" }));
    expect(await screen.findByLabelText("Senha")).toBeTruthy();
  });

  it("no longer lists the sessions a password change ended", async () => {
    sessions = [session("s-here", "Firefox", true), session("s-phone", "Safari")];
    renderTab();
    const list = await screen.findByTestId("sessions");
    expect(await within(list).findByText(/Safari/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Nova senha"), { target: { value: "primeira-senha-1" } });
    fireEvent.click(screen.getByRole("button", { name: "Alterar senha" }));
    expect(await screen.findByText("Senha alterada. As outras sessões foram terminadas.")).toBeTruthy();
    await vi.waitFor(() => expect(within(screen.getByTestId("sessions")).queryByText(/Safari/)).toBeNull());
    expect(within(screen.getByTestId("sessions")).getByText(/Firefox/)).toBeTruthy();
  });

  it("says when each session was last used in the account's time zone, not the browser's", async () => {
    // Last used at 10:00 UTC: 07:00 in São Paulo.
    sessions = [session("s-here", "Firefox", true)];
    renderTab("America/Sao_Paulo");
    const list = await screen.findByTestId("sessions");
    expect(await within(list).findByText(/07:00/)).toBeTruthy();
    expect(within(list).queryByText(/10:00/)).toBeNull();
  });

  it("says when each session signed in, so two sessions of the same browser and system can be told apart", async () => {
    sessions = [
      session("s-here", "Firefox", true, "2026-11-20T09:15:00Z"),
      session("s-other", "Firefox", false, "2026-11-28T18:40:00Z"),
    ];
    renderTab();
    const list = await screen.findByTestId("sessions");
    const [here, other] = await within(list).findAllByRole("listitem");
    expect(here.textContent).toMatch(/Sessão iniciada: 20\/11\/2026.*09:15/);
    expect(other.textContent).toMatch(/Sessão iniciada: 28\/11\/2026.*18:40/);
  });

  it("says so when a session cannot be ended, and shows the list as it is now", async () => {
    sessions = [session("s-here", "Firefox", true), session("s-phone", "Safari")];
    renderTab();
    const list = await screen.findByTestId("sessions");
    await within(list).findByText(/Safari/);
    // Ended meanwhile elsewhere: the API answers 404 and no longer lists it.
    sessions = sessions.filter((s) => s.current);
    fireEvent.click(within(list).getByRole("button", { name: "Terminar" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Não foi possível terminar a sessão.");
    await vi.waitFor(() => expect(within(screen.getByTestId("sessions")).queryByText(/Safari/)).toBeNull());
  });

  it("says so when the sessions cannot be loaded, and loads them again on request", async () => {
    sessions = [session("s-here", "Firefox", true)];
    failingListReads = 1;
    renderTab();
    expect((await screen.findByRole("alert")).textContent).toContain("Não foi possível carregar as sessões.");
    expect(screen.queryByText("A carregar...")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Tentar novamente" }));
    expect(await within(await screen.findByTestId("sessions")).findByText(/Firefox/)).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("turning two-factor on", () => {
  it("moves the focus to the recovery codes, named by their heading, once the setup form is gone", async () => {
    renderTab();
    fireEvent.click(await screen.findByRole("button", { name: "Ativar" }));
    const code = await screen.findByLabelText("Código de verificação");
    code.focus();
    fireEvent.change(code, { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Verificar" }));
    const box = await screen.findByRole("region", { name: "Códigos de recuperação" });
    await vi.waitFor(() => expect(document.activeElement).toBe(box));
    expect(box.getAttribute("tabindex")).toBe("-1");
    expect(within(box).getByText("aaaa-bbbb")).toBeTruthy();
    expect(box.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(box.getAttribute("aria-describedby")!)?.textContent).toContain("Guarde estes códigos de recuperação");
    expect(screen.queryByLabelText("Código de verificação")).toBeNull();
  });
});

describe("deleting the account", () => {
  const queued = {
    key: "k1",
    userId: "ana",
    kind: "diary.update" as const,
    method: "PATCH" as const,
    path: "/diary/e1",
    body: { content: "Hoje chorei" },
    label: "Manhã",
    createdAt: 0,
    attempts: 0,
    nextAttemptAt: Number.MAX_SAFE_INTEGER,
    status: "pending" as const,
  };

  async function deleteAccount() {
    fireEvent.click(await screen.findByRole("button", { name: "Eliminar a minha conta" }));
    fireEvent.click(await screen.findByRole("button", { name: "Eliminar definitivamente" }));
  }

  it("leaves nothing of the account in this browser (caches, the worker's record, unsent changes, recent searches) before going home", async () => {
    const browser = fakeBrowserData(["rumo-user-ana-v1", "critical-v1"]);
    localStorage.setItem("rumo-recent-searches:ana", JSON.stringify(["terapia"]));
    await idbStore().add(queued);
    setOfflineSnapshot({ userId: "ana", changes: [] });
    const atHome: unknown[] = [];
    renderTab("Europe/Lisbon", (search) => {
      atHome.push({ search, caches: browser.cacheNames(), toWorker: [...browser.toWorker], searches: localStorage.getItem("rumo-recent-searches:ana"), queueFor: offlineSnapshot().userId });
    });
    await deleteAccount();
    expect(await screen.findByText("Página inicial", {}, { timeout: 5000 })).toBeTruthy();
    // The queue's user is let go only once its changes are deleted; the home page is told to say
    // the account was deleted (its `?notice=`).
    expect(atHome[0]).toEqual({ search: "?notice=account-deleted", caches: ["critical-v1"], toWorker: [{ type: "CLEAR_USER" }], searches: null, queueFor: null });
    expect(await idbStore().list("ana")).toEqual([]);
  });

  // The round trip came back to /app/perfil, on the profile's first tab: the person had to find
  // Segurança and the deletion again.
  it("offers a Google account a new Google sign-in that comes back to the security tab", async () => {
    deletion = () => Response.json({ error: { code: "reauthentication_required", message: "Por segurança, entre novamente com o Google para confirmar a sua identidade." } }, { status: 403 });
    renderTab();
    await deleteAccount();
    const link = await screen.findByRole("link", { name: "Entrar novamente com o Google" });
    expect(link.getAttribute("href")).toBe(`/api/v1/auth/google?next=${encodeURIComponent("/app/perfil?tab=security")}`);
  });

  it("keeps everything when the deletion is refused, and the page is an ordinary signed-in page again", async () => {
    const browser = fakeBrowserData(["rumo-user-ana-v1"]);
    deletion = () => Response.json({ error: { code: "invalid_credentials", message: "Senha incorreta." } }, { status: 400 });
    renderTab();
    await deleteAccount();
    expect(await screen.findByText("Senha incorreta.")).toBeTruthy();
    expect(browser.cacheNames()).toEqual(["rumo-user-ana-v1"]);
    expect(browser.toWorker).toEqual([]);
    expect(signingOut()).toBe(false);
  });
});

describe("changing the password and exporting the data", () => {
  it("shows each refusal of 'Alterar senha' next to its field, not as one line above the button", async () => {
    hasPassword = true;
    passwordAnswer = () =>
      Response.json(
        {
          error: {
            code: "validation_failed",
            message: "Verifique os campos assinalados.",
            fields: { currentPassword: "A senha atual está incorreta", newPassword: "A senha deve ter pelo menos 6 caracteres" },
          },
        },
        { status: 400 },
      );
    renderTab();
    fireEvent.change(await screen.findByLabelText("Senha atual"), { target: { value: "errada-1" } });
    fireEvent.change(screen.getByLabelText("Nova senha"), { target: { value: "curta-123" } });
    fireEvent.click(screen.getByRole("button", { name: "Alterar senha" }));
    const current = screen.getByLabelText("Senha atual");
    await vi.waitFor(() => expect(current.getAttribute("aria-invalid")).toBe("true"));
    const describedBy = (input: HTMLElement) => document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent;
    expect(describedBy(current)).toContain("A senha atual está incorreta");
    expect(describedBy(screen.getByLabelText("Nova senha"))).toContain("A senha deve ter pelo menos 6 caracteres");
    // Not also as a general line.
    expect(screen.queryByText("Verifique os campos assinalados.")).toBeNull();
  });

  it("says the session has ended, with the way back in, instead of downloading the 401 as the export", async () => {
    meAnswer = () => Response.json({ error: { code: "unauthenticated", message: "Precisa de iniciar sessão." } }, { status: 401 });
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.href);
    });
    renderTab();
    const exportLink = await screen.findByRole("link", { name: "Exportar dados" });
    const event = new MouseEvent("click", { bubbles: true, cancelable: true });
    exportLink.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(await screen.findByText(/A sua sessão terminou: entre novamente para exportar os seus dados\./)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Entrar" }).getAttribute("href")).toBe(`/auth?next=${encodeURIComponent("/app/perfil?tab=security")}`);
    expect(clicks).toEqual([]);

    // Signed in, the same click downloads the export.
    meAnswer = () => Response.json({ user: { id: "u1" } });
    exportLink.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    await vi.waitFor(() => expect(clicks).toHaveLength(1));
    expect(new URL(clicks[0]).pathname).toBe("/api/v1/me/export");
    expect(screen.queryByText(/A sua sessão terminou/)).toBeNull();
    click.mockRestore();
  });
});
