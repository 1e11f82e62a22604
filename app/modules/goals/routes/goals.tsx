import type { I18nHandle } from "~/i18n/route-namespaces";
import { FlagIcon, PlusIcon } from "@heroicons/react/24/outline";
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLoaderData, useNavigation, useSearchParams } from "react-router";
import { ScreenLoadError } from "~/components/ui/screen-load-error";
import { Button } from "~/components/ui/button";
import { onDemandDialog } from "~/components/ui/dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { Skeleton } from "~/components/ui/skeleton";
import { deleteWithUndo } from "~/components/ui/undo";
import { serverI18n } from "~/i18n/i18n.server";
import { apiFetch } from "~/lib/api";
import { requireUser } from "~/lib/auth.server";
import { useEntityChanges } from "~/lib/use-entity-changes";
import { useOfflineSnapshot } from "~/lib/offline/state";
import { database } from "@worker/db/client";
import { known, readAll, run } from "@worker/db/reads";
import { findGoalRead, listGoalsRead, publicGoal, type PublicGoal } from "@worker/modules/goals/queries";
import { GOAL_STATUSES, type GoalStatus } from "@worker/modules/goals/rules";
import { focusIfLost } from "~/lib/focus-if-lost";
import { GoalCard, goalTitleId } from "../components/goal-card";
import type { Route } from "./+types/goals";

export const handle: I18nHandle = { i18n: ["goals", "ui"] };

const PAGE = 50;
/** The API's largest page (the goals read again after a refresh). */
const MAX_PAGE = 200;
const isStatus = (value: string | null): value is GoalStatus => GOAL_STATUSES.includes(value as GoalStatus);

/** Today's date (YYYY-MM-DD) in the user's zone: a deadline is overdue from the next local day. */
const localToday = (timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());

export async function loader(args: Route.LoaderArgs) {
  const { user } = requireUser(args);
  const url = new URL(args.request.url);
  const status = url.searchParams.get("status");
  const db = database(args.context.cloudflare.env.DB);
  // A search result opens /app/objetivos?goal=<id>: show that goal even when it is not on the first
  // page. It is read in the same D1 batch as the page (one round trip), and kept only when missing there.
  const wanted = url.searchParams.get("goal");
  const [page, found] = await run(
    db,
    readAll([listGoalsRead(db, user.id, { status: isStatus(status) ? status : undefined, page: { limit: PAGE } }), wanted ? findGoalRead(db, user.id, wanted) : known(undefined)]),
  );
  const focus: PublicGoal | null = wanted ? (page.items.find((g) => g.id === wanted) ?? (found ? publicGoal(found.goal, found.milestones) : null)) : null;
  return {
    title: serverI18n(args.context.lang).t("goals:title"),
    status: isStatus(status) ? status : null,
    items: focus && !page.items.some((g) => g.id === focus.id) ? [focus, ...page.items] : page.items,
    nextCursor: page.nextCursor,
    focusId: focus?.id ?? null,
    today: localToday(user.timeZone),
    timeZone: user.timeZone,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex, nofollow" }];
}

// Progress, status and milestone ticks made offline, listed while they wait: most visits have none,
// so the list's code loads when there are some (precached by the service worker, so offline too).
const QueuedChangeList = lazy(() => import("~/components/offline/queued-change-list").then((m) => ({ default: m.QueuedChangeList })));
const GOAL_CHANGES = ["goal.update"] as const;

type Editing = { mode: "create" } | { mode: "edit"; goal: PublicGoal } | null;

// The create and edit dialog is an editor: it loads on first use, or once the page has settled, as
// every screen's form (bundle budgets, docs/decisions/0042), not with the list.
const GoalForm = onDemandDialog(() => import("../components/goal-form").then((m) => m.GoalForm), ({ editing }) => editing !== null);

/** /app/objetivos: the user's goals with progress, milestones, filters, and the create/edit form. */
export default function GoalsScreen() {
  const { t } = useTranslation("goals");
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const [items, setItems] = useState(data.items);
  const [nextCursor, setNextCursor] = useState(data.nextCursor);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<Editing>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  // How many goals 'Carregar mais' brought after the loader's first page, and for which filter.
  const [more, setMore] = useState<{ status: GoalStatus | null; count: number } | null>(null);
  // The loader data the list is built on: a page read for older data is not added to a fresher list.
  const shown = useRef(data);
  // A goal just created, whose card's title takes the focus if the form's close left it nowhere: the
  // empty state's 'Novo objetivo' that opened the form goes with the first goal.
  const [justCreated, setJustCreated] = useState<string | null>(null);

  /** Reads `limit` goals of `base`'s filter from `cursor` (the API's), after `base`'s list. The number read, or null. */
  const readMore = async (cursor: string, limit: number, base: typeof data) => {
    const query = new URLSearchParams({ limit: String(limit), cursor, ...(base.status ? { status: base.status } : {}) });
    const result = await apiFetch<{ items: PublicGoal[]; nextCursor: string | null }>(`/goals?${query}`);
    if (!result.ok || shown.current !== base) return null;
    setItems((list) => [...list, ...result.data.items.filter((g) => !list.some((x) => x.id === g.id))]);
    setNextCursor(result.data.nextCursor);
    return result.data.items.length;
  };

  // Fresh loader data (a filter, a revalidation after a change elsewhere) replaces the list. For the
  // same filter, the goals shown after its first page are read again from its cursor (up to a page),
  // so none is stale, repeated or skipped; a new filter starts from its first page.
  useEffect(() => {
    const before = shown.current;
    shown.current = data;
    setItems(data.items);
    setNextCursor(data.nextCursor);
    if (before === data || !more) return;
    if (more.status !== data.status || !data.nextCursor) return setMore(null);
    void readMore(data.nextCursor, Math.min(more.count, MAX_PAGE), data).then((count) => count !== null && setMore({ status: data.status, count }));
  }, [data]);
  useEntityChanges(["goal"]);

  const visible = useMemo(() => items.filter((g) => !hidden.has(g.id) && (!data.status || g.status === data.status || g.id === data.focusId)), [items, hidden, data.status, data.focusId]);
  const replace = (goal: PublicGoal) => setItems((list) => list.map((g) => (g.id === goal.id ? goal : g)));

  useEffect(() => {
    if (!justCreated) return;
    setJustCreated(null);
    // After Headless UI's hand-back to the button that opened the form: the header's button is still
    // there and keeps it; the empty state's is gone, the focus is on <body>. Then the card's <h3>
    // (tabIndex -1): a screen reader says the new goal, and Tab goes on into its controls. The card
    // shows in the render that added it, or never (a filter that hides it).
    focusIfLost(() => document.getElementById(goalTitleId(justCreated)));
  }, [justCreated]);

  const loadMore = async () => {
    if (!nextCursor) return;
    setLoadingMore(true);
    const count = await readMore(nextCursor, PAGE, data);
    setLoadingMore(false);
    if (count !== null) setMore((m) => ({ status: data.status, count: (m?.count ?? 0) + count }));
  };

  const remove = (goal: PublicGoal) =>
    deleteWithUndo({
      title: { key: "goals:toast.deleted" },
      undoLabel: { key: "goals:toast.undo" },
      failedTitle: { key: "goals:toast.deleteFailed" },
      hide: () => setHidden((set) => new Set(set).add(goal.id)),
      restore: () =>
        setHidden((set) => {
          const next = new Set(set);
          next.delete(goal.id);
          return next;
        }),
      commit: async () => {
        const result = await apiFetch(`/goals/${goal.id}`, { method: "DELETE" });
        // Already gone (deleted in another tab or device) is what the user wanted.
        return result.ok || result.status === 404;
      },
    });

  const filters: { key: "all" | GoalStatus; to: string }[] = [{ key: "all", to: "?" }, ...GOAL_STATUSES.map((s) => ({ key: s, to: `?status=${s}` }))];
  const current = data.status ?? "all";
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/app/objetivos";

  return (
    <section className="space-y-5">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold">{t("title")}</h1>
          <p className="text-sm text-slate-600">{t("subtitle")}</p>
        </div>
        <Button onClick={() => setEditing({ mode: "create" })} data-tour="goals-new" className="self-start sm:self-auto">
          <PlusIcon className="h-4 w-4" aria-hidden="true" />
          {t("new")}
        </Button>
      </header>

      <nav aria-label={t("filters.label")} data-tour="goals-filters" className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1">
        {filters.map((filter) => (
          <Link
            key={filter.key}
            to={filter.to}
            preventScrollReset
            aria-current={current === filter.key ? "page" : undefined}
            className={`whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600 ${
              current === filter.key ? "bg-brand-600 text-white" : "bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50"
            }`}
          >
            {t(`filters.${filter.key}`)}
          </Link>
        ))}
      </nav>

      {useOfflineSnapshot().changes.some((change) => change.kind === "goal.update") && (
        <Suspense fallback={null}>
          <QueuedChangeList kinds={GOAL_CHANGES} />
        </Suspense>
      )}

      <div data-tour="goals-list" aria-busy={loading || undefined}>
        {loading ? (
          <div className="grid gap-4 lg:grid-cols-2" data-testid="goals-loading">
            {[0, 1].map((i) => (
              <div key={i} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
                <Skeleton className="h-5 w-2/3" />
                <Skeleton className="h-3 w-full" />
                <Skeleton className="h-2 w-full" />
              </div>
            ))}
          </div>
        ) : visible.length === 0 ? (
          <EmptyState
            icon={FlagIcon}
            title={current === "all" ? t("empty.title") : t("empty.filtered")}
            text={current === "all" ? t("empty.body") : undefined}
            action={current === "all" ? <Button onClick={() => setEditing({ mode: "create" })}>{t("new")}</Button> : undefined}
          />
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2">
            {visible.map((goal) => (
              <li key={goal.id}>
                <GoalCard goal={goal} today={data.today} timeZone={data.timeZone} focused={goal.id === (params.get("goal") ?? data.focusId)} onChange={replace} onEdit={() => setEditing({ mode: "edit", goal })} onDelete={() => remove(goal)} />
              </li>
            ))}
          </ul>
        )}
        {nextCursor && !loading && (
          <div className="mt-4 flex justify-center">
            <Button variant="secondary" loading={loadingMore} onClick={() => void loadMore()}>
              {t("loadMore")}
            </Button>
          </div>
        )}
      </div>

      <GoalForm
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(goal, created) => {
          setEditing(null);
          if (created) {
            setItems((list) => [goal, ...list]);
            setJustCreated(goal.id);
          } else replace(goal);
        }}
      />
    </section>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation("goals");
  return <ScreenLoadError title={t("title")} message={t("loadError")} />;
}
