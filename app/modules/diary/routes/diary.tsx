/**
 * /app/diario: the emotional diary. A calm writing screen that keeps a draft as the user types,
 * the list of entries, the overview (charts, loaded only here) with its analysis, and insights.
 * Entries are intimate data: nothing here is logged or sent anywhere but the user's own API.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { useLoaderData, useLocation, useNavigate, useRevalidator, useRouteLoaderData, type LoaderFunctionArgs } from "react-router";
import { PremiumNotice } from "~/components/billing/premium-notice";
import { useQueuedWriteNotice } from "~/components/offline/use-queued-write";
import { toast } from "~/components/shell/toast-store";
import { Button } from "~/components/ui/button";
import { DateField } from "~/components/ui/date-picker";
import { EmptyState } from "~/components/ui/empty-state";
import { TextArea, TextField, useFieldIds } from "~/components/ui/field";
import { Notice } from "~/components/ui/form";
import { Loading } from "~/components/ui/skeleton";
import { Tabs } from "~/components/ui/tabs";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { apiFetch, asPageLeaves } from "~/lib/api";
import { requireUser } from "~/lib/auth.server";
import { formatLongDate } from "~/lib/dates";
import type { QueuedChange } from "~/lib/offline/queue";
import { onDemand, useOnDemand } from "~/lib/on-demand";
import { deletePending } from "~/lib/offline/pending-fields";
import { offlineSnapshot, useQueuedChanges } from "~/lib/offline/state";
import { isOfflineId, isQueued, replaceQueued, writeOrQueue, type OfflineWrite } from "~/lib/offline/write";
import { useEntityChanges } from "~/lib/use-entity-changes";
import { useRevalidateOnNewDay } from "~/lib/use-revalidate-on-new-day";
import type { loader as layoutLoader } from "~/routes/app/layout";
import { database } from "@worker/db/client";
import { entryOr404, listEntries, publicEntry } from "@worker/modules/diary/queries";
import { cutText } from "@worker/lib/cut-text";
import { CONTENT_MAX, EMOTIONS, MOOD_KEYS, TITLE_MAX, type Emotion } from "@worker/modules/diary/vocabulary";
import { localDate } from "@worker/modules/selfCare/streaks";
import { matchTerms } from "@worker/search/query";
import { apiQuery, filtersOf, isFiltered, wordsToFind } from "../entry-filters";
import { useEntryPages, type EntryPages } from "../entry-pages";
import { todaysDraft } from "../resume";
import { closingWordsOf, forgetClosingWords, keepClosingWords, sameWords } from "../closing-words";
import { entryTitle, useFocusAfterSave } from "../save-focus";
import { EntryText } from "../components/entry-text";

export const handle: I18nHandle = { i18n: ["diary", "ui", "billing"] };

// The overview and insights tabs (and, through them, the charts) are not the first view: they load
// with the first of them opened, or once the page has settled (decision 0042).
const analysisTabs = onDemand(() => import("../components/analysis-tabs"));
// The entries' filter bar and "Neste dia" likewise: with the entries tab, or once the page has settled (decision 0115).
const entryTools = onDemand(() => import("../components/entry-tools"));
// The list of changes made offline: only with some (the queue is read after hydration anyway), or once the page has settled.
const queuedChanges = onDemand(() => import("~/components/offline/queued-changes"));
// Deleting with undo: with the first "Eliminar" (or once the page has settled), not in the first load.
const undo = onDemand(() => import("~/components/ui/undo"));

export async function loader(args: LoaderFunctionArgs) {
  const auth = requireUser(args);
  const db = database(args.context.cloudflare.env.DB);
  // A global-search result opens its entry (`?entrada=<id>`); another user's or a missing id opens nothing.
  const search = new URL(args.request.url).searchParams;
  const focusId = search.get("entrada");
  // The filters in the address (decision 0115): the first page is the filtered list's.
  const filters = filtersOf(search);
  const words = wordsToFind(filters.words);
  const [page, focus] = await Promise.all([
    listEntries(db, auth.user.id, { moods: filters.moods, emotion: filters.emotion ?? undefined, words: words ? matchTerms(words) : undefined }, { limit: 30 }),
    focusId ? entryOr404(db, auth.user.id, focusId).catch(() => null) : null,
  ]);
  // Dates serialise as strings over the wire; the screen only shows the entry's own `date`.
  // `list`: which list the first page is, so older pages of another filter are not kept beside it.
  return { entries: page.items.map(publicEntry), nextCursor: page.nextCursor, list: apiQuery(filters), focus: focus && publicEntry(focus), today: localDate(new Date(), auth.user.timeZone) };
}

type Entry = Awaited<ReturnType<typeof loader>>["entries"][number];
const TABS = ["write", "entries", "overview", "insights"] as const;
type Tab = (typeof TABS)[number];
/** What the user writes in an entry (every save sends all of it). */
type Words = { title: string; content: string; mood: number | null; emotions: Emotion[]; date: string };
/** `base`: the version (updatedAt) of the entry the writer opened; null for a new one. */
type Draft = Words & { id: string | null; draft: boolean; base: string | null };

const blank = (today: string): Draft => ({ id: null, title: "", content: "", mood: null, emotions: [], date: today, draft: true, base: null });
const dateOf = (iso: string) => new Date(`${iso}T12:00:00`);

/** An entry's version as the API writes it (a Date from the loader, a string from an answer). */
const versionOf = (entry: { updatedAt?: string | Date | null }) => (entry.updatedAt ? new Date(entry.updatedAt).toISOString() : null);

/** The title of a conflict copy: the entry's own with the suffix, within the title's limit. */
function conflictCopyTitle(tr: TFunction<["diary", "ui"]>, title: string) {
  const own = title.trim();
  if (!own) return tr("form.conflictCopyUntitled");
  const suffix = tr("form.conflictCopyTitle", { title: "" }).length;
  // Cut between characters as a reader sees them: never half an emoji at the end of the title.
  return tr("form.conflictCopyTitle", { title: cutText(own, Math.max(0, TITLE_MAX - suffix)).trim() });
}

const UPDATES = ["diary.update"] as const;
const QUEUED = ["diary.create", "diary.update", "diary.delete"] as const;
const DELETES = ["diary.delete"] as const;
const entryPath = (entryId: string) => `/diary/${entryId}`;
/** The ids of the entries whose queued delete has this status, as a key for an effect. */
const idsOf = (changes: readonly QueuedChange[], status: QueuedChange["status"]) =>
  changes
    .filter((change) => change.status === status && change.method === "DELETE")
    .map((change) => change.path.split("/").pop())
    .join(" ");

/** A queued edit the server refused because the entry changed since on another device. */
const isConflict = (change: QueuedChange) => change.status === "failed" && change.error?.status === 409 && change.error.code === "conflict";

export default function DiaryScreen() {
  const { t, i18n } = useTranslation(["diary", "ui"]);
  const data = useLoaderData<typeof loader>();
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/app/layout");
  const canWrite = layout?.entitlements.includes("diary") ?? false;
  const canInsights = layout?.entitlements.includes("aiInsights") ?? false;
  const draftOf = (entry: Entry): Draft => ({
    id: entry.id,
    title: entry.title,
    content: entry.content,
    mood: entry.mood,
    emotions: entry.emotions,
    date: entry.date,
    draft: entry.draft,
    base: versionOf(entry),
  });
  const location = useLocation();
  // The list's filters live in the address (decision 0115): back/forward and a reload keep them.
  const filters = filtersOf(new URLSearchParams(location.search));
  const filtered = isFiltered(filters);
  const navigate = useNavigate();
  // Without filters: the whole list, and no `?entrada=` (a filter is another list: entry-filters.ts).
  const clearFilters = () => navigate(location.pathname, { preventScrollReset: true });
  // An address with filters (a reload, a link, back/forward) opens on the filtered list.
  const [tab, setTab] = useState<Tab>(canWrite && !filtered ? "write" : "entries");
  // Entries deleted offline whose delete waits in the queue: the loader (or the cached page) still
  // has them until it is sent, and a reload must not bring them back, to the list or the writer.
  const queuedDeletes = useQueuedChanges(DELETES);
  const [queued, requestQueued] = useOnDemand(queuedChanges);
  const anyQueued = useQueuedChanges(QUEUED).length > 0;
  useEffect(() => {
    if (anyQueued) requestQueued();
  }, [anyQueued, requestQueued]);
  const deleting = (entryId: string) => deletePending(queuedDeletes, entryPath(entryId));
  // Coming back to the diary: the writer reopens today's unfinished draft (the one edited last), so
  // the next keystroke goes on with it instead of beginning another draft beside it (0108 "Revised").
  // Found in the first page the loader reads anyway (newest day first): no extra query.
  const [editing, setEditing] = useState<Draft | null>(() => {
    if (!canWrite) return null;
    if (data.focus && !deleting(data.focus.id)) return draftOf(data.focus);
    const resumed = todaysDraft(
      data.entries.filter((e) => !deleting(e.id)),
      data.today,
    );
    return resumed ? draftOf(resumed) : null;
  });
  // The writer is remade (a new key) only for another entry or after a save: it stays mounted while
  // another tab shows, so a look at the list neither loses its text nor brings back an older copy.
  const [writerKey, setWriterKey] = useState(0);
  // The entry the writer holds (null until a new one's first draft is stored), and whether it wrote since the list was loaded.
  const held = useRef<string | null>(editing?.id ?? null);
  const wrote = useRef(false);
  const { revalidate } = useRevalidator();
  useEntityChanges(["diary"]);
  // Words a page closing here kept on this device without seeing them answered (closing-words.ts):
  // sent again now, or kept as a new draft when refused (0108 "Revised 3"). Loaded only when there are some.
  const userId = layout?.user.id;
  useEffect(() => {
    if (!canWrite || !userId || closingWordsOf(userId).length === 0) return;
    void import("../closing-words-replay").then(async ({ replayClosingWords }) => {
      const { copies, changed } = await replayClosingWords(userId, (title) => conflictCopyTitle(t, title));
      for (const title of copies) toast({ tone: "info", title: { key: "diary:form.closingCopyTitle" }, description: { key: "diary:form.closingCopyText", values: { title } }, durationMs: 10_000 });
      if (changed) revalidate();
    });
    // Once per visit to the diary (the user's): not again on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [canWrite, userId]);
  // A page left open overnight (the installed app resumed in the morning) loads the new day: a new
  // entry is about today, and today can be picked as its date.
  useRevalidateOnNewDay(data.today, layout?.user.timeZone ?? "Europe/Lisbon", revalidate);
  const pages = useEntryPages(data);
  // Entries deleted and still within their undo window: here, not in the list, which another tab
  // unmounts — coming back to "Entradas" must not show an entry whose delete is on its way.
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  // What the list leaves out: those, and the entries whose delete waits in the offline queue.
  const gone = { has: (entryId: string) => hidden.has(entryId) || deleting(entryId) };
  // A delete the queue sent leaves it; the entry stays hidden until the loader no longer lists it
  // (no flash of it in between). One the server refused shows again, beside its card saying why.
  const waitingIds = idsOf(queuedDeletes, "pending");
  const refusedIds = idsOf(queuedDeletes, "failed");
  useEffect(() => {
    const waiting = waitingIds ? waitingIds.split(" ") : [];
    const refused = refusedIds ? refusedIds.split(" ") : [];
    setHidden((current) => {
      const next = new Set([...current, ...waiting].filter((entryId) => !refused.includes(entryId)));
      return next.size === current.size && [...next].every((entryId) => current.has(entryId)) ? current : next;
    });
  }, [waitingIds, refusedIds]);
  const tabsBox = useRef<HTMLDivElement>(null);
  const saveFocus = useFocusAfterSave(tabsBox);
  const [analysis, requestAnalysis] = useOnDemand(analysisTabs);
  const [tools, requestTools] = useOnDemand(entryTools);
  useEffect(() => {
    if (tab === "entries") requestTools();
  }, [tab, requestTools]);
  // The overview's range, kept here: "365 dias" stays chosen after a look at the entries.
  const [overviewDays, setOverviewDays] = useState("90");
  useEffect(() => {
    if (tab === "overview" || tab === "insights") requestAnalysis();
  }, [tab, requestAnalysis]);
  // "Editar" (or the empty list's button) leaves with its list: the writer's heading takes the focus, not the page.
  const [focusWriter, setFocusWriter] = useState(false);
  useEffect(() => {
    if (!focusWriter || tab !== "write") return;
    setFocusWriter(false);
    tabsBox.current?.querySelector<HTMLElement>("[data-writer-heading]")?.focus();
  }, [focusWriter, tab, writerKey]);

  /** The empty list's "write one" button: to the writer, whose heading takes the focus the button had. */
  const writeNew = () => {
    showTab("write");
    setFocusWriter(true);
  };

  const showTab = (key: Tab) => {
    saveFocus.cancel();
    // The list shows what the writer stored since it was loaded.
    if (key === "entries" && wrote.current) {
      wrote.current = false;
      revalidate();
    }
    setTab(key);
  };
  // An entry deleted while the writer holds it: the writer starts afresh instead of saving into nothing.
  const removed = (entryId: string) => {
    if (held.current !== entryId) return;
    held.current = null;
    setEditing(null);
    setWriterKey((k) => k + 1);
  };
  // The writer resumed an entry (today's draft) before the queue was read, and its delete waits there.
  useEffect(() => {
    if (held.current && deleting(held.current)) removed(held.current);
  });
  const openEntry = (entry: Entry) => {
    saveFocus.cancel();
    if (held.current !== entry.id) {
      held.current = entry.id;
      setEditing(draftOf(entry));
      setWriterKey((k) => k + 1);
    }
    setTab("write");
    setFocusWriter(true);
  };
  /** "Nova entrada" in the writer: the entry it holds stays as it is (its last words are stored as the writer goes), and a blank one opens. */
  const startNew = () => {
    saveFocus.cancel();
    held.current = null;
    setEditing(null);
    setWriterKey((k) => k + 1);
    setFocusWriter(true);
  };
  // A search result opened while the diary shows (the same screen, a new `?entrada=`): that entry
  // opens too, not only on the diary's first load. Each navigation once; a reload of the data is none.
  const openedAt = useRef(location.key);
  useEffect(() => {
    if (openedAt.current === location.key) return;
    openedAt.current = location.key;
    if (data.focus && canWrite) openEntry(data.focus);
    else if (data.focus) showTab("entries");
    // Back/forward to a filtered list from another tab: the list it filters.
    else if (filtered && tab !== "entries") showTab("entries");
  });

  // Each tab's panel. The kit renders the selected one only; the writer comes first in every panel,
  // at the same place in the tree, so React keeps it mounted (hidden) across tabs (see writerKey).
  const panel = (key: Tab) => (
    <div data-tour="diary-panel">
      {canWrite && (
        <div hidden={key !== "write"}>
          <Writer
            key={writerKey}
            initial={editing ?? blank(data.today)}
            today={data.today}
            onNew={startNew}
            onSaved={(entryId) => {
              held.current = null;
              wrote.current = false;
              setEditing(null);
              setWriterKey((k) => k + 1);
              // Queued offline (no id): there is no fresh list to load (the entry shows among the queued changes).
              if (entryId) revalidate();
              setTab("entries");
              saveFocus.focusAfterSave(entryId);
            }}
            onDraftCreated={(entryId) => {
              held.current = entryId;
              revalidate();
            }}
            onStored={(entry) => {
              wrote.current = true;
              pages.replace(entry);
            }}
          />
        </div>
      )}
      {key === "write" && !canWrite && <PremiumNotice entitlement="diary" />}
      {key === "entries" && (
        <>
          {/* Without the plan the entries stay readable, and the screen says why nothing can be written. */}
          {!canWrite && <PremiumNotice entitlement="diary" />}
          {tools && <tools.OnThisDay language={i18n.language === "en" ? "en" : "pt"} />}
          {tools && <tools.FilterBar filters={filters} />}
          <EntryList
            pages={pages}
            focus={canWrite ? null : data.focus}
            hidden={gone}
            setHidden={setHidden}
            canWrite={canWrite}
            onOpen={openEntry}
            onRemoved={removed}
            onWrite={writeNew}
            language={i18n.language === "en" ? "en" : "pt"}
            filter={filtered ? apiQuery(filters) : ""}
            onClearFilters={clearFilters}
          />
        </>
      )}
      {/* Until their code is there, the skeletons the tabs show while their figures load. */}
      {key === "overview" && (!canWrite ? <PremiumNotice entitlement="diary" /> : analysis ? <analysis.Overview today={data.today} days={overviewDays} onDays={setOverviewDays} /> : <Loading lines={5} />)}
      {key === "insights" && (!canInsights ? <PremiumNotice entitlement="aiInsights" /> : analysis ? <analysis.Insights /> : <Loading lines={3} />)}
    </div>
  );

  return (
    <section className="mx-auto max-w-3xl space-y-5">
      <header>
        <h1 className="text-2xl font-bold">{t("name")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("subtitle")}</p>
      </header>
      {/* Entries written offline, at once: waiting ones, and refused ones with the reason. */}
      {queued && <queued.QueuedChanges kinds={QUEUED} />}
      {/* The kit's tabs (arrow keys, one Tab stop, each panel labelled by its tab). The tour's target:
          the kit's tab list takes no attributes of its own, so the first tab's label carries it. */}
      <div ref={tabsBox}>
        <Tabs
          selectedIndex={TABS.indexOf(tab)}
          onChange={(index) => showTab(TABS[index])}
          listClassName="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1 sm:flex"
          tabClassName="inline-flex flex-1 items-center justify-center whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-white/60 data-[selected]:bg-white data-[selected]:shadow-sm"
          panelsClassName="mt-5"
          tabs={TABS.map((key) => ({ label: key === "write" ? <span data-tour="diary-tabs">{t("tabs.write")}</span> : t(`tabs.${key}`), panel: panel(key) }))}
        />
      </div>
    </section>
  );
}

/** A save on its way: its Idempotency-Key, its base, its words and the entry it changes (null: it creates it). */
type Sending = { key: string; base: string | null; words: Words; entryId: string | null };

/** The API's answer to a write, or where the offline queue kept it. */
type Answer = Awaited<ReturnType<typeof writeOrQueue<{ entry: Entry }>>>;
/** What a save came to: an answer, or (the entry changed on another device) a new entry keeping the words. */
type Saved = Answer | { conflictCopy: string; copyQueued: boolean };

/**
 * The writing screen: every change is kept as a draft after a short pause; "Guardar" saves the
 * entry. Each edit names the version it started from; when the entry changed since on another
 * device, the words written here are kept as a new draft entry, never written over the newer ones
 * and never lost (docs/decisions/0091).
 */
function Writer({
  initial,
  today,
  onNew,
  onSaved,
  onDraftCreated,
  onStored,
}: {
  initial: Draft;
  today: string;
  /** Leaves the entry held here (kept as it is) for a blank one. */
  onNew: () => void;
  /** The entry saved, or null when it was kept offline (the list does not show it). */
  onSaved: (entryId: string | null) => void;
  onDraftCreated: (entryId: string) => void;
  onStored: (entry: Entry) => void;
}) {
  const { t } = useTranslation(["diary", "ui"]);
  const [entry, setEntry] = useState(initial);
  const [status, setStatus] = useState<"idle" | "saving" | "saved" | "queued" | "error">("idle");
  const [conflictNotice, setConflictNotice] = useState<string | null>(null);
  const queuedNotice = useQueuedWriteNotice();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  // Each group's error is read with the group (aria-describedby).
  const moodIds = useFieldIds(undefined, null, errors.mood);
  const emotionsIds = useFieldIds(undefined, null, errors.emotions);
  const id = useRef(initial.id);
  // The version this writer last loaded or got back from a save: the base of its next edit.
  const base = useRef(initial.base);
  // The words of this writer's last edit kept in the offline queue and not answered yet: a newer
  // version on the server with exactly these words is this writer's own, sent late by the queue.
  const queuedWords = useRef<Words | null>(null);
  // This writer, named in its queued edits: each holds all the words of the one before (queue.ts `repeats`).
  const origin = useRef<string | undefined>(undefined);
  const dirty = useRef(false);
  // Whether the user has changed anything here yet.
  const begun = useRef(false);
  const mounted = useRef(true);
  // Saves run one after another, so a first POST and a quick second change never make two drafts.
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  // No save is under way (the chain has settled).
  const idle = useRef(true);
  // This writer's save on its way, while it is: its key, its base and its words. The words sent as
  // the page closes go at once beside it, naming it (`baseSaveKey`), not after its answer (the page
  // is gone by then, and it may be cut off): 0108 "Revised (2)"; a creation (POST) too, "Revised 3".
  const sending = useRef<Sending | null>(null);
  // The words last sent beside a running edit as the page closed: that edit, refused because they
  // landed first, is overtaken by the writer's own later words, not by another device's.
  const closingWords = useRef<Words | null>(null);

  // The parent's callback changes on every render; a ref keeps the autosave effect from re-running.
  const created = useRef(onDraftCreated);
  created.current = onDraftCreated;
  const stored = useRef(onStored);
  stored.current = onStored;
  const latest = useRef(entry);
  latest.current = entry;
  const translate = useRef(t);
  translate.current = t;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const copyTitleOf = useCallback((title: string) => conflictCopyTitle(translate.current, title), []);

  /** From now on the writer holds the copy: its title shows, and the notice says why. */
  const holdCopy = useCallback((copyId: string, version: string | null, title: string, notice: string) => {
    id.current = copyId;
    base.current = version;
    queuedWords.current = null;
    setEntry((e) => ({ ...e, title }));
    setConflictNotice(notice);
  }, []);

  const persist = useCallback(
    (e: Draft, extra: { draft?: boolean } = {}, leaving = false) => {
      /**
       * `beside`: the save still on its way that these words, sent as the page closes, follow.
       * `closing`: sent as the page closes (in that call): kept on this device until answered.
       */
      const send = async (beside: Sending | null = null, closing = false): Promise<Saved> => {
        const words: Words = { title: e.title, content: e.content, mood: e.mood, emotions: e.emotions, date: e.date };
        const payload = { ...words, ...extra };
        // The queue's label: what the user will recognise in the list of changes made offline.
        const label = e.title.trim() || cutText(e.content.trim(), 60) || e.date;
        const userId = offlineSnapshot().userId;
        // The key of the closing request kept on this device (closing-words.ts), once started.
        let kept: string | null = null;
        /** Sends a save now; a closing one is kept first (the page may be gone before any answer). */
        const start = (request: Omit<OfflineWrite, "key">) => {
          const key = crypto.randomUUID();
          if (closing && userId && request.method !== "DELETE") {
            keepClosingWords({ userId, key, method: request.method, path: request.path, body: request.body, label: request.label, keptAt: Date.now() });
            kept = key;
          }
          return { key, request: writeOrQueue<{ entry: Entry }>({ ...request, key }) };
        };
        /** Remembers a save on its way while it is, for closing words to name (`beside`). */
        const track = (own: Sending, request: Promise<Answer>) => {
          sending.current = own;
          const done = () => {
            if (sending.current === own) sending.current = null;
          };
          request.then(done, done);
        };
        // Offline the save is queued (an entry created offline keeps its temporary id, and the next
        // autosaves fold into that one creation: docs/decisions/0044-offline-queue-rules.md).
        const update = (after: Sending | null = null) => {
          // Beside a running edit: from the same base, naming it (the version it writes is this writer's own).
          const from = after ? after.base : base.current;
          const { key, request } = start({
            kind: "diary.update",
            method: "PATCH",
            path: `/diary/${id.current}`,
            body: { ...payload, ...(from ? { baseUpdatedAt: from } : {}), ...(after ? { baseSaveKey: after.key } : {}) },
            label,
            origin: (origin.current ??= crypto.randomUUID()),
          });
          // An entry kept on this device only (a temporary id) has no request on its way to name.
          if (after || !id.current || isOfflineId(id.current)) return request;
          track({ key, base: from, words, entryId: id.current }, request);
          return request;
        };
        // A new entry's first save, or (`after`: beside that save still on its way, as the page
        // closes) the same entry's newer words naming it: the server writes them to the entry that
        // creation makes, once it has, not to a second one (0108 "Revised 3").
        const create = (after: Sending | null = null) => {
          const { key, request } = start({
            kind: "diary.create",
            method: "POST",
            path: "/diary",
            body: { ...payload, draft: extra.draft ?? true, ...(after ? { baseSaveKey: after.key } : {}) },
            label,
          });
          if (!after) track({ key, base: null, words, entryId: null }, request);
          return request;
        };
        const isRefused = (result: Answer) => !isQueued(result) && !result.ok && result.error.code === "conflict";

        const settled = await (beside && beside.entryId === null ? create(beside) : id.current ? update(beside) : create());
        // Answered while the page lives on (a phone app only hidden): the words are stored, queued,
        // or (refused) kept below as a copy; the screen holds them meanwhile.
        if (kept) forgetClosingWords(kept);
        let result = settled;
        // Refused because the words sent beside it as the page closed (newer ones, this writer's)
        // landed first: the entry holds them, and this save is overtaken, not a conflict.
        if (isRefused(result) && !beside && closingWords.current) {
          const current = await apiFetch<{ entry: Entry }>(`/diary/${id.current}`);
          if (current.ok && sameWords(current.data.entry, closingWords.current)) {
            closingWords.current = null;
            result = current;
          }
        }
        // The newer version may be this writer's own edit, sent by the queue after it came back
        // online, or the edit the closing words were sent beside: then it goes on from that
        // version. Any other is another device's words.
        const ownWords = queuedWords.current ?? beside?.words;
        // (A creation's closing words refused before its answer came have no entry to look at: a copy.)
        if (isRefused(result) && ownWords && id.current) {
          const current = await apiFetch<{ entry: Entry }>(`/diary/${id.current}`);
          if (current.ok && sameWords(current.data.entry, ownWords)) {
            base.current = versionOf(current.data.entry);
            queuedWords.current = null;
            result = await update();
          }
        }
        if (isRefused(result)) {
          // A new draft: it repeats most of the other version, so it stays out of the overview
          // until the user saves it.
          const title = copyTitleOf(e.title);
          const copy = await writeOrQueue<{ entry: Entry }>({ kind: "diary.create", method: "POST", path: "/diary", body: { ...words, title, draft: true }, label: title });
          const tr = translate.current;
          const notice = tr("form.conflictText", { title });
          if (isQueued(copy) && copy.queued) holdCopy(copy.tempId, null, title, notice);
          else if (!isQueued(copy) && copy.ok) {
            holdCopy(copy.data.entry.id, versionOf(copy.data.entry), title, notice);
            if (mounted.current) created.current(copy.data.entry.id);
          }
          // Not kept either way: the words are still on the screen, and the error says so.
          else return copy;
          // Keys: the toaster translates them as it renders. The copy's title is the entry's own (kept as stored).
          toast({ tone: "info", title: { key: "diary:form.conflictTitle" }, description: { key: "diary:form.conflictText", values: { title } }, durationMs: 10_000 });
          return { conflictCopy: title, copyQueued: isQueued(copy) };
        }
        if (isQueued(result)) {
          // A creation's closing words queued: the queue sends them after the creation, and the
          // writer goes on with the creation's entry, not this request's.
          if (beside && beside.entryId === null) return result;
          if (result.queued && !id.current) id.current = result.tempId;
          else if (result.queued) queuedWords.current = words;
          return result;
        }
        if (result.ok) {
          if (!id.current) {
            id.current = result.data.entry.id;
            created.current(id.current);
          }
          // The next edit starts from this version (successive autosaves chain on the answers). Only
          // forward: the closing words and the edit they were sent beside may answer in either order.
          const version = versionOf(result.data.entry);
          queuedWords.current = null;
          // Landed (first, or alone): no closing words can have overtaken it.
          if (!beside) closingWords.current = null;
          if (!(version && base.current && version < base.current)) {
            base.current = version ?? base.current;
            stored.current(result.data.entry);
          }
        }
        return result;
      };
      // With no save under way the request starts now, in this call (before any await): a save as
      // the page goes away is then a keepalive request (asPageLeaves). Otherwise after the one running,
      // except the words of a page closing while a save is on its way: those go now, beside it
      // (after its answer the page would be gone), naming it. A creation on its way is named by its
      // key too: the server writes the closing words to the entry it makes (0108 "Revised 3").
      const running = sending.current;
      const beside = leaving && !idle.current && running && id.current === running.entryId ? running : null;
      if (beside) closingWords.current = { title: e.title, content: e.content, mood: e.mood, emotions: e.emotions, date: e.date };
      const run = beside || idle.current ? send(beside, leaving) : chain.current.then(() => send());
      idle.current = false;
      const settled = beside ? Promise.all([chain.current, run.catch(() => undefined)]).then(() => undefined) : run.catch(() => undefined);
      chain.current = settled;
      void settled.then(() => {
        if (chain.current === settled) idle.current = true;
      });
      return run;
    },
    [copyTitleOf, holdCopy],
  );

  // An edit kept offline that the server refused on replay (the entry changed on another device
  // meanwhile): its words become a new draft entry, queued in its place, and the user is told.
  const refused = useQueuedChanges(UPDATES).filter(isConflict);
  const handling = useRef(new Set<string>());
  useEffect(() => {
    for (const change of refused) {
      if (handling.current.has(change.key)) continue;
      handling.current.add(change.key);
      chain.current = chain.current.then(async () => {
        const { baseUpdatedAt: _base, draft: _draft, ...words } = change.body as Partial<Words> & { baseUpdatedAt?: string; draft?: boolean };
        const title = copyTitleOf(words.title ?? "");
        // This writer's own queued words, and its state still holds them (and what came after): it goes on in the copy.
        const own = id.current !== null && change.path === `/diary/${id.current}` && queuedWords.current !== null && sameWords(words, queuedWords.current);
        const replaced = await replaceQueued(change, { kind: "diary.create", method: "POST", path: "/diary", body: { ...words, title, draft: true }, label: title }).catch(() => null);
        // Another tab did it, or storage refused: the refused change (with its words) stays listed,
        // and is tried again at the next visit (not at once: storage that refuses would loop).
        if (!replaced) return;
        const tr = translate.current;
        const notice = tr("form.conflictQueuedText", { entry: change.label, title });
        if (own && replaced.tempId) holdCopy(replaced.tempId, null, title, notice);
        toast({ tone: "info", title: { key: "diary:form.conflictTitle" }, description: { key: "diary:form.conflictQueuedText", values: { entry: change.label, title } }, durationMs: 10_000 });
      });
    }
  });

  // A pause of 800 ms in typing saves the draft (only after a change by the user, never on mount).
  useEffect(() => {
    if (!dirty.current) return;
    const timer = window.setTimeout(async () => {
      // Already sent as the page was hidden.
      if (!dirty.current) return;
      dirty.current = false;
      setStatus("saving");
      const result = await persist(entry);
      if ("conflictCopy" in result) {
        setStatus(result.copyQueued ? "queued" : "saved");
        setErrors({});
        return;
      }
      if (isQueued(result)) {
        setStatus(result.queued ? "queued" : "error");
        if (!result.queued) queuedNotice(result);
        return;
      }
      setStatus(result.ok ? "saved" : "error");
      setErrors(result.ok ? {} : (result.error.fields ?? {}));
    }, 800);
    return () => window.clearTimeout(timer);
  }, [entry, persist]);

  // Opening another entry or leaving the page within the pause still keeps the last words typed.
  useEffect(
    () => () => {
      if (dirty.current) void persist(latest.current);
    },
    [persist],
  );

  // Closing the tab or the app (or switching away from it on a phone, which may then end it) within
  // the pause: the last words are sent at once, as a keepalive request that outlives the page. The
  // same save as the pause's, so a new entry is still created once (later saves PATCH it).
  useEffect(() => {
    const flush = () => {
      if (!dirty.current) return;
      dirty.current = false;
      asPageLeaves(() => void persist(latest.current, {}, true));
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") flush();
    };
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.removeEventListener("pagehide", flush);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [persist]);

  // A new entry not begun yet is about the user's day: on a page left open overnight, the new one.
  useEffect(() => {
    if (!initial.id && !begun.current) setEntry((e) => (e.date === today ? e : { ...e, date: today }));
  }, [today, initial.id]);

  const change = (patch: Partial<Draft>) => {
    dirty.current = true;
    begun.current = true;
    setEntry((e) => ({ ...e, ...patch }));
  };
  const toggleEmotion = (emotion: Emotion) =>
    change({ emotions: entry.emotions.includes(emotion) ? entry.emotions.filter((e) => e !== emotion) : [...entry.emotions, emotion] });

  const save = async () => {
    setSaving(true);
    dirty.current = false;
    const result = await persist(entry, { draft: false });
    setSaving(false);
    // Kept as a new draft: the writer stays on it, and the notice says why ("Guardar" saves it).
    if ("conflictCopy" in result) return;
    if (isQueued(result)) {
      queuedNotice(result);
      if (result.queued) onSaved(null);
      return;
    }
    if (!result.ok) {
      setErrors(result.error.fields ?? {});
      if (!result.error.fields) toast({ title: { key: "diary:form.draftFailed" }, tone: "error" });
      return;
    }
    toast({ title: { key: "diary:form.saved" }, tone: "success" });
    onSaved(result.data.entry.id);
  };

  return (
    <form
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      // Ctrl/⌘+Enter anywhere in the writer saves the entry, as in other journals ("Guardar entrada").
      onKeyDown={(event) => {
        if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey) || saving) return;
        event.preventDefault();
        void save();
      }}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 data-writer-heading tabIndex={-1} className="text-lg font-semibold">{initial.id ? (initial.draft ? t("form.continueDraft") : t("form.editEntry")) : t("form.newEntry")}</h2>
        {/* Every autosave shows here; only a draft kept offline or not kept is announced (a live
            region saying "Rascunho guardado" at each pause in typing would talk over the writing). */}
        <p className="text-xs text-slate-500" data-testid="draft-status">
          {status === "saving" ? t("form.draftSaving") : status === "saved" ? t("form.draftSaved") : ""}
          <span role="status">{status === "queued" ? t("form.draftQueued") : status === "error" ? t("form.draftFailed") : ""}</span>
        </p>
        {/* An opened entry: the way to a new one without saving it or leaving the page (there from the start: no shift while typing). */}
        {initial.id && (
          <Button variant="secondary" onClick={onNew}>
            {t("form.newEntry")}
          </Button>
        )}
      </div>
      {conflictNotice && (
        <Notice tone="info">
          <strong>{t("form.conflictTitle")}.</strong> {conflictNotice}
        </Notice>
      )}
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <TextField label={t("form.title")} placeholder={t("form.titlePlaceholder")} value={entry.title} maxLength={200} error={errors.title} onChange={(e) => change({ title: e.target.value })} />
        <DateField label={t("form.date")} value={entry.date} max={today} error={errors.date} onChange={(date) => date && change({ date })} />
      </div>
      <fieldset aria-describedby={moodIds.errorId}>
        <legend className="mb-2 text-sm font-medium text-slate-800">{t("form.mood")}</legend>
        <div className="flex flex-wrap gap-2">
          {MOOD_KEYS.map((key, i) => (
            <Button key={key} variant="secondary" aria-pressed={entry.mood === i + 1} className={entry.mood === i + 1 ? "!border-brand-600 !bg-brand-50 text-brand-800" : ""} onClick={() => change({ mood: entry.mood === i + 1 ? null : i + 1 })}>
              <span aria-hidden="true">{["😞", "🙁", "😐", "🙂", "😄"][i]}</span> {t(`moods.${key}`)}
            </Button>
          ))}
        </div>
        {errors.mood && (
          <p id={moodIds.errorId} className="mt-1 text-sm text-red-700">
            {errors.mood}
          </p>
        )}
      </fieldset>
      <fieldset aria-describedby={emotionsIds.errorId}>
        <legend className="mb-2 text-sm font-medium text-slate-800">{t("form.emotions")}</legend>
        <div className="flex flex-wrap gap-2">
          {EMOTIONS.map((emotion) => (
            <Button
              key={emotion}
              variant="secondary"
              aria-pressed={entry.emotions.includes(emotion)}
              className={`!rounded-full !px-3 !py-1 ${entry.emotions.includes(emotion) ? "!border-brand-600 !bg-brand-50 text-brand-800" : ""}`}
              onClick={() => toggleEmotion(emotion)}
            >
              {t(`emotions.${emotion}`)}
            </Button>
          ))}
        </div>
        {errors.emotions && (
          <p id={emotionsIds.errorId} className="mt-1 text-sm text-red-700">
            {errors.emotions}
          </p>
        )}
      </fieldset>
      <TextArea
        label={t("form.content")}
        placeholder={t("form.contentPlaceholder")}
        rows={10}
        value={entry.content}
        maxLength={CONTENT_MAX}
        error={errors.content}
        hint={t("form.characters", { count: entry.content.length })}
        className="leading-relaxed"
        onChange={(e) => change({ content: e.target.value })}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="submit" loading={saving}>
          {t("form.save")}
        </Button>
      </div>
    </form>
  );
}

function EntryList({
  pages,
  focus,
  hidden,
  setHidden,
  canWrite,
  onOpen,
  onRemoved,
  onWrite,
  language,
  filter,
  onClearFilters,
}: {
  pages: EntryPages<Entry>;
  /** The entry a search result opened, for a reader without the plan: shown first, whole. */
  focus: Entry | null;
  hidden: { has: (entryId: string) => boolean };
  setHidden: (change: (hidden: ReadonlySet<string>) => Set<string>) => void;
  canWrite: boolean;
  onOpen: (e: Entry) => void;
  onRemoved: (id: string) => void;
  onWrite: () => void;
  language: "pt" | "en";
  /** The list's filters as the API's query ("" for the whole list): "Carregar mais" continues that list. */
  filter: string;
  onClearFilters: () => void;
}) {
  const { t } = useTranslation(["diary", "ui"]);
  const queuedNotice = useQueuedWriteNotice();
  const [loadingMore, setLoadingMore] = useState(false);
  const [failed, setFailed] = useState(false);
  // What 'Carregar mais' brought, said politely ("3 entradas carregadas"), and its first entry, whose
  // title takes the focus: the button may be gone (the last page), and focus must not fall to the page.
  const [loaded, setLoaded] = useState<{ count: number; first: string | null } | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const { entries, cursor, append } = pages;
  const listed = entries.filter((e) => !hidden.has(e.id));
  const visible = focus && !hidden.has(focus.id) && !listed.some((e) => e.id === focus.id) ? [focus, ...listed] : listed;
  // The entry a search result named takes the focus (its text shows whole); once per entry, not at each reload of the data.
  const focusId = focus?.id;
  useEffect(() => {
    if (focusId && list.current) entryTitle(list.current, focusId)?.focus();
  }, [focusId]);

  const more = async () => {
    if (!cursor) return;
    setLoadingMore(true);
    // Emptied first, so that a second page of the same size is announced again.
    setLoaded(null);
    const result = await apiFetch<{ items: Entry[]; nextCursor: string | null }>(`/diary?limit=30&cursor=${encodeURIComponent(cursor)}${filter ? `&${filter}` : ""}`);
    setLoadingMore(false);
    setFailed(!result.ok);
    if (!result.ok) return;
    append(result.data);
    const added = result.data.items.filter((entry) => !hidden.has(entry.id) && !visible.some((shown) => shown.id === entry.id));
    // Nothing new (all shown already): the last entry takes the focus, near where the button was.
    setLoaded({ count: added.length, first: (added[0] ?? visible.at(-1))?.id ?? null });
  };
  useEffect(() => {
    if (loaded?.first && list.current) entryTitle(list.current, loaded.first)?.focus();
  }, [loaded]);
  useOnDemand(undo);
  const remove = async (entry: Entry) =>
    (await undo.load()).deleteWithUndo({
      title: { key: "diary:list.removed" },
      undoLabel: { key: "diary:list.undo" },
      failedTitle: { key: "diary:list.removeFailed" },
      hide: () => setHidden((s) => new Set(s).add(entry.id)),
      restore: () => setHidden((s) => new Set([...s].filter((id) => id !== entry.id))),
      commit: async () => {
        // Offline the delete waits in the queue like the diary's other writes (its route takes a key: 0108 "Revised").
        const label = entry.title || cutText(entry.content.trim().split("\n")[0], 60) || formatLongDate(dateOf(entry.date), language);
        const result = await writeOrQueue({ kind: "diary.delete", method: "DELETE", path: `/diary/${entry.id}`, body: {}, label });
        if (isQueued(result)) {
          queuedNotice(result);
          if (result.queued) onRemoved(entry.id);
          return result.queued;
        }
        // Already deleted on another device: what the user asked for is done.
        const gone = result.ok || result.status === 404;
        if (gone) onRemoved(entry.id);
        return gone;
      },
    });

  // A filtered list says how many entries match once it holds them all (no count query: decision 0115),
  // politely, so a screen reader hears what a filter changed.
  const count = filter ? (
    <p role="status" className={visible.length && !cursor ? "text-sm text-slate-600" : "sr-only"} data-testid="diary-count">
      {cursor ? "" : t("filters.count", { count: visible.length })}
    </p>
  ) : null;
  if (!visible.length && filter) {
    // Nothing matches: not the same as no entries at all, and the way out is to clear the filters.
    return (
      <div className="space-y-3">
        {count}
        <EmptyState title={t("filters.noMatchTitle")} text={t("filters.noMatchBody")} action={<Button onClick={onClearFilters}>{t("filters.clear")}</Button>} />
      </div>
    );
  }
  if (!visible.length) {
    return <EmptyState title={t("list.emptyTitle")} text={t("list.emptyBody")} action={canWrite ? <Button onClick={onWrite}>{t("form.newEntry")}</Button> : undefined} />;
  }
  return (
    <div className="space-y-3">
      {count}
      <ul ref={list} className="space-y-3" data-testid="diary-entries">
        {visible.map((entry) => (
          <li key={entry.id} data-entry-id={entry.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              {/* Focused after a save or 'Carregar mais' (entryTitle). Wrapped anywhere: a pasted link must not widen the list (and the page). */}
              <h3 tabIndex={-1} className="min-w-0 font-semibold wrap-anywhere text-slate-900">
                {/* Untitled (as many diaries are written): the first words, as the global search shows it. */}
                <span dir="auto">{entry.title || cutText(entry.content.trim().split("\n")[0], 60) || t("list.untitled")}</span>
                {entry.draft && <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">{t("list.draft")}</span>}
              </h3>
              <time dateTime={entry.date} className="text-sm text-slate-500">
                {formatLongDate(dateOf(entry.date), language)}
              </time>
            </div>
            <div className="mt-2 flex flex-wrap gap-1.5 text-xs">
              {entry.mood !== null && <span className="rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-800">{t(`moods.${MOOD_KEYS[entry.mood - 1]}`)}</span>}
              {entry.emotions.map((emotion) => (
                <span key={emotion} className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">
                  {t(`emotions.${emotion}`)}
                </span>
              ))}
            </div>
            {entry.content && <EntryText text={entry.content} open={focus?.id === entry.id} />}
            <div className="mt-3 flex gap-2">
              {canWrite && (
                <Button variant="secondary" onClick={() => onOpen(entry)}>
                  {t("list.edit")}
                </Button>
              )}
              <Button variant="ghost" className="text-red-700" onClick={() => void remove(entry)}>
                {t("list.remove")}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {failed && <Notice tone="error">{t("list.loadFailed")}</Notice>}
      {cursor && (
        <Button variant="secondary" loading={loadingMore} onClick={more} className="w-full">
          {t("list.more")}
        </Button>
      )}
      <p role="status" className="sr-only">
        {loaded ? t("list.loaded", { count: loaded.count }) : ""}
      </p>
    </div>
  );
}
