/**
 * /app/assistant (= /app/assistente-ia, /app/chat), issue 17: the chat with the assistant. Replies
 * stream in (SSE from POST /assistant/messages), every write arrives as a draft card the user
 * confirms, edits or discards, and the history can be cleared. Other plans see the Pro upsell.
 */
import type { I18nHandle } from "~/i18n/route-namespaces";
import { ChatBubbleLeftRightIcon, SparklesIcon, TrashIcon } from "@heroicons/react/24/outline";
import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLoaderData, useRouteLoaderData } from "react-router";
import { useMobileLayout } from "~/components/shell/app-shell";
import { toast } from "~/components/shell/toast-store";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { MaskedAmounts } from "~/components/ui/masked-amounts";
import { TextArea } from "~/components/ui/field";
import { serverI18n } from "~/i18n/i18n.server";
import { apiFetch, PREMIUM_REQUIRED_EVENT } from "~/lib/api";
import { requireUser } from "~/lib/auth.server";
import { hasEntitlement } from "~/lib/plans";
import { entitlementsOfAuth } from "@worker/billing/entitlements";
import { database } from "@worker/db/client";
import { history } from "@worker/modules/assistant/queries";
import { DraftCard, type Draft } from "../components/draft-card";
import type { Route } from "./+types/assistant";
import { intlLocale } from "~/i18n/language";
import { dateTimeFormat } from "~/lib/intl";

export const handle: I18nHandle = { i18n: ["assistant", "ui", "finances"] };

const MESSAGE_MAX = 4000;

type Source = { module: string; from: string; to: string };
type Message = { id: string; role: "user" | "assistant"; content: string; sources: Source[]; actions: Draft[]; pending?: boolean; failed?: boolean };

export async function loader(args: Route.LoaderArgs) {
  const auth = requireUser(args);
  const { user } = auth;
  const env = args.context.cloudflare.env;
  const { subscription } = entitlementsOfAuth(auth);
  const page = await history(database(env.DB), user.id, { limit: 50 });
  const messages: Message[] = page.items
    .map((m) => ({
      id: m.id,
      role: m.role,
      content: m.content,
      sources: (m.sources as Source[]) ?? [],
      actions: page.drafts.filter((d) => d.messageId === m.id).map((d) => ({ id: d.id, type: d.type, fields: d.fields, status: d.status, resultId: d.resultId })),
    }))
    .reverse();
  return {
    title: serverI18n(args.context.lang).t("assistant:title"),
    allowed: hasEntitlement(subscription, "assistant"),
    messages,
    timeZone: user.timeZone,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex, nofollow" }];
}

/** Reads a text/event-stream body: `delta` pieces as they come, then the `done` answer or an `error`. */
async function readEvents(body: ReadableStream<Uint8Array>, on: (event: string, data: string) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
      const data = block
        .split("\n")
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).trimStart())
        .join("\n");
      on(event, data);
    }
  }
}

const SUGGESTIONS = ["task", "event", "expense", "spending", "agenda", "plan"] as const;

/**
 * The mobile shell's bottom tab bar (app-shell.tsx: an icon, a label and py-2), without the safe area.
 * Above it the composer keeps a row free (pb-16) for the shell's Feedback button (bottom-20), which
 * otherwise sits on "Enviar".
 */
const MOBILE_TAB_BAR = "3.75rem";

export default function AssistantScreen() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("assistant");
  // Finances' 'Ocultar valores' masks amounts everywhere, the conversation included.
  const shell = useRouteLoaderData<{ hideFinanceValues?: boolean; mobileUserAgent?: boolean; rememberedLayout?: string | null }>("routes/app/layout");
  const hideValues = shell?.hideFinanceValues === true;
  // The same answer as the shell's: with the mobile shell, its tab bar is fixed at the bottom and the
  // composer has to stop above it (sticky at bottom-0 left "Enviar" under the bar).
  const mobile = useMobileLayout(shell?.mobileUserAgent === true, shell?.rememberedLayout ?? null);
  const [messages, setMessages] = useState<Message[]>(data.messages);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [clearing, setClearing] = useState<"closed" | "open" | "pending">("closed");
  const endRef = useRef<HTMLDivElement>(null);

  // A block body: an effect must return nothing or a cleanup function.
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: "end" });
  }, [messages]);

  const patch = (id: string, change: Partial<Message>) => setMessages((list) => list.map((m) => (m.id === id ? { ...m, ...change } : m)));

  async function send(raw: string) {
    const message = raw.trim();
    if (!message) return setError(t("errors.empty"));
    if (raw.length > MESSAGE_MAX) return setError(t("errors.tooLong"));
    setError(null);
    setBusy(true);
    const localId = `local-${Date.now()}`;
    const replyId = `${localId}-reply`;
    setMessages((list) => [
      ...list,
      { id: localId, role: "user", content: message, sources: [], actions: [] },
      { id: replyId, role: "assistant", content: "", sources: [], actions: [], pending: true },
    ]);
    setText("");
    try {
      const response = await fetch("/api/v1/assistant/messages", {
        method: "POST",
        headers: { accept: "text/event-stream", "content-type": "application/json" },
        body: JSON.stringify({ message }),
        credentials: "same-origin",
      });
      if (!response.ok || !response.body) {
        if (response.status === 402) window.dispatchEvent(new CustomEvent(PREMIUM_REQUIRED_EVENT));
        const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
        throw new Error(body?.error?.message || t("errors.processing"));
      }
      let streamed = "";
      let finished = false;
      await readEvents(response.body, (event, payload) => {
        if (event === "reset") streamed = "";
        if (event === "delta") {
          streamed += (JSON.parse(payload) as { text: string }).text;
          patch(replyId, { content: streamed });
        }
        if (event === "done") {
          const answer = JSON.parse(payload) as { reply: string; actions: Draft[]; sources: Source[]; messageId: string };
          finished = true;
          patch(replyId, { id: answer.messageId, content: answer.reply, actions: answer.actions, sources: answer.sources, pending: false });
        }
        if (event === "error") throw new Error((JSON.parse(payload) as { error: { message: string } }).error.message);
      });
      if (!finished) throw new Error(t("errors.processing"));
    } catch (failure) {
      const reason = failure instanceof Error && failure.message ? failure.message : t("errors.processing");
      patch(replyId, { content: reason, pending: false, failed: true });
      // What was typed comes back, so it can be sent again.
      setText(message);
    } finally {
      setBusy(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (!busy) void send(text);
    }
  }

  async function clearHistory() {
    setClearing("pending");
    const result = await apiFetch("/assistant/messages", { method: "DELETE" });
    setClearing("closed");
    if (!result.ok) return toast({ tone: "error", title: { key: "assistant:errors.processing" } });
    setMessages([]);
    toast({ tone: "success", title: { key: "assistant:clear.done" } });
  }

  const updateDraft = (messageId: string, draft: Draft) =>
    setMessages((list) => list.map((m) => (m.id === messageId ? { ...m, actions: m.actions.map((a) => (a.id === draft.id ? draft : a)) } : m)));

  const language = i18n.language === "en" ? "en" : "pt";
  const formatDay = (date: string) => dateTimeFormat(intlLocale(language), { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));

  return (
    <div className="mx-auto flex h-full max-w-3xl flex-col gap-4 px-4 py-6 sm:px-6" data-testid="assistant-screen">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
            <SparklesIcon className="h-6 w-6 text-brand-600" aria-hidden />
            {t("title")}
          </h1>
          <p className="mt-1 text-sm text-slate-600">{t("subtitle")}</p>
        </div>
        {messages.length > 0 && (
          <Button variant="ghost" onClick={() => setClearing("open")} data-tour="assistant-clear">
            <TrashIcon className="h-4 w-4" aria-hidden />
            {t("clear.action")}
          </Button>
        )}
      </header>

      {!data.allowed && (
        <section className="rounded-2xl border border-amber-200 bg-amber-50 p-4" data-testid="assistant-upsell">
          <h2 className="font-semibold text-amber-900">{t("upsell.title")}</h2>
          <p className="mt-1 text-sm text-amber-800">{t("upsell.description")}</p>
          <Link to="/app/premium" className="mt-3 inline-flex rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
            {t("upsell.action")}
          </Link>
        </section>
      )}

      <section aria-live="polite" className="flex flex-1 flex-col gap-3" data-testid="assistant-messages" data-tour="assistant-messages">
        {messages.length === 0 ? (
          <EmptyState icon={ChatBubbleLeftRightIcon} title={t("empty.title")} text={t("empty.description")} />
        ) : (
          messages.map((message) => (
            <article
              key={message.id}
              className={`max-w-[90%] rounded-2xl px-4 py-3 text-sm shadow-sm sm:max-w-[80%] ${
                message.role === "user" ? "self-end bg-brand-600 text-white" : message.failed ? "self-start border border-red-200 bg-red-50 text-red-800" : "self-start border border-slate-200 bg-white text-slate-800"
              }`}
              data-testid={`message-${message.role}`}
              aria-busy={message.pending || undefined}
            >
              <p className="sr-only">{message.role === "user" ? t("you") : t("assistant")}</p>
              <p className="whitespace-pre-wrap break-words">{message.content ? <MaskedAmounts text={message.content} hidden={hideValues} /> : message.pending ? t("input.sending") : ""}</p>
              {message.sources.length > 0 && (
                <ul className="mt-2 space-y-0.5 text-xs text-slate-500">
                  {message.sources.map((source, index) => (
                    <li key={index}>{t("source", { module: t(`modules.${source.module}` as "modules.finances", { defaultValue: source.module }), from: formatDay(source.from), to: formatDay(source.to) })}</li>
                  ))}
                </ul>
              )}
              {message.actions.map((draft) => (
                <DraftCard key={draft.id} draft={draft} timeZone={data.timeZone} hideValues={hideValues} onChange={(next) => updateDraft(message.id, next)} />
              ))}
            </article>
          ))
        )}
        <div ref={endRef} />
      </section>

      {data.allowed && (
        <div
          className={`sticky flex flex-col gap-2 border-t border-slate-200 bg-slate-50/95 pt-3 backdrop-blur ${mobile ? "bottom-[calc(var(--assistant-tab-bar)+env(safe-area-inset-bottom))] pb-16" : "bottom-0 pb-2"}`}
          style={{ "--assistant-tab-bar": MOBILE_TAB_BAR } as CSSProperties}
          data-testid="assistant-composer"
        >
          {/* On a phone the suggestions are one row that scrolls sideways, so the conversation keeps the screen. */}
          <div className={`flex gap-2 ${mobile ? "-mx-1 overflow-x-auto px-1 pb-1" : "flex-wrap"}`} aria-label={t("suggestions.title")}>
            {SUGGESTIONS.map((key) => (
              <Button key={key} variant="secondary" className="shrink-0 whitespace-nowrap !px-3 !py-1 text-xs" disabled={busy} onClick={() => void send(t(`suggestions.${key}`))}>
                {t(`suggestions.${key}`)}
              </Button>
            ))}
          </div>
          <form
            className="flex items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              void send(text);
            }}
          >
            <TextArea
              className="flex-1"
              label={t("input.label")}
              hideLabel
              hint={text.length > MESSAGE_MAX ? undefined : t("input.hint")}
              error={error ?? (text.length > MESSAGE_MAX ? t("input.tooLong", { count: text.length }) : undefined)}
              placeholder={t("input.placeholder")}
              rows={2}
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={onKeyDown}
              data-testid="assistant-input"
            />
            <Button type="submit" loading={busy} disabled={text.length > MESSAGE_MAX} className="mb-6">
              {t("input.send")}
            </Button>
          </form>
        </div>
      )}

      <ConfirmDialog
        open={clearing !== "closed"}
        title={t("clear.title")}
        description={t("clear.description")}
        confirmLabel={t("clear.confirm")}
        destructive
        pending={clearing === "pending"}
        onConfirm={() => void clearHistory()}
        onCancel={() => setClearing("closed")}
      />
    </div>
  );
}
