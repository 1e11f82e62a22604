/**
 * /app/financas: the dashboard (balance, the month's income against expense, spending by category,
 * recent transactions, the analysis for Light and Pro), the list grouped by day with the balance at
 * the end of each day, filters, budgets and savings goals. The loader reads everything in one go
 * from the module's queries; writes go through the JSON API and revalidate the loader.
 */
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useRevalidator, useSearchParams } from "react-router";
import { PremiumNotice } from "~/components/billing/premium-notice";
import { toast, type ToastText } from "~/components/shell/toast-store";
import { Button } from "~/components/ui/button";
import { onDemandDialog } from "~/components/ui/dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { FiguresTable } from "~/components/ui/figures-table";
import { Select, TextField } from "~/components/ui/field";
import { Loading } from "~/components/ui/skeleton";
import { Tabs } from "~/components/ui/tabs";
import { WhenVisible } from "~/components/ui/when-visible";
import { deleteWithUndo, sendPendingDelete } from "~/components/ui/undo";
import { sanitizeLanguage, intlLocale } from "~/i18n/language";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { apiFetch } from "~/lib/api";
import { QueuedChanges } from "~/components/offline/queued-changes";
import { requireUser } from "~/lib/auth.server";
import { formatDayRange, formatMonthYear, formatLongDate } from "~/lib/dates";
import { whenIdle } from "~/lib/on-demand";
import { useEntityChanges } from "~/lib/use-entity-changes";
import { hasEntitlement } from "~/lib/plans";
import { entitlementsOfAuth } from "@worker/billing/entitlements";
import { database } from "@worker/db/client";
import { addMonths, localToday, publicSavingsGoal, publicTransaction } from "@worker/modules/finances/logic";
import { known, readAll, run } from "@worker/db/reads";
import { listCategoriesRead, listSavingsGoalsRead, listTransactionsRead, TRANSACTION_TYPES, type TransactionFilters } from "@worker/modules/finances/queries";
import { budgetsWithProgressRead, monthSummaryRead, transactionsWithBalancesRead, yearAnalysisRead } from "@worker/modules/finances/reports";
import { DEFAULT_CATEGORIES } from "../categories";
import { changeText, comparedColumns } from "../analysis-text";
import { CategoryBars } from "../components/category-bars";
import { ExportLink, ImportButton } from "../components/io-slot";
import { InsightsPanel } from "../insights-panel";
import { SentenceEntry } from "../sentence-entry";
import { HiddenValues, Money } from "../money";
import type { CategoryOption, TransactionView } from "../types";
import type { Route } from "./+types/finances";
import { dateTimeFormat } from "~/lib/intl";

// The transaction form loads on first use or when the page is idle, not with the screen (decision 0042).
const TransactionForm = onDemandDialog(
  () => import("../components/transaction-form").then((m) => m.TransactionForm),
  (props) => props.open,
);

// "Movimentos fixos" (decision 0116): the list and its form load when first opened.
const RecurringDialog = onDemandDialog(
  () => import("../components/recurring-dialog").then((m) => m.RecurringDialog),
  (props) => props.open,
);

export const handle: I18nHandle = { i18n: ["finances", "financesIo", "ui", "billing"] };

const TABS = ["overview", "transactions", "budgets", "savings"] as const;
type Tab = (typeof TABS)[number];

const isDate = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** The screen's filters from the address (anything malformed is ignored, as if absent). */
function filtersOf(params: URLSearchParams): TransactionFilters {
  const type = params.get("type");
  return {
    from: isDate(params.get("from")) ? params.get("from")! : undefined,
    to: isDate(params.get("to")) ? params.get("to")! : undefined,
    type: (TRANSACTION_TYPES as readonly string[]).includes(type ?? "") ? (type as TransactionFilters["type"]) : undefined,
    category: params.get("category")?.slice(0, 64) || undefined,
    q: params.get("q")?.trim().slice(0, 100) || undefined,
  };
}

export async function loader(args: Route.LoaderArgs) {
  const auth = requireUser(args);
  const env = args.context.cloudflare.env;
  const db = database(env.DB);
  const userId = auth.user.id;
  const params = new URL(args.request.url).searchParams;
  const today = localToday(auth.user.timeZone);
  const askedMonth = params.get("month");
  const month = askedMonth && /^\d{4}-(0[1-9]|1[0-2])$/.test(askedMonth) ? askedMonth : today.slice(0, 7);
  const filters = filtersOf(params);
  const { subscription } = entitlementsOfAuth(auth);
  const advanced = hasEntitlement(subscription, "finances.advanced");
  // The insights are AI insights: Pro (DECISIONS.md), unlike the analysis (Light).
  const insights = hasEntitlement(subscription, "aiInsights");
  // One D1 round trip: every section's statements in one batch (the day balances follow the list's
  // own query as a subquery).
  const [summary, list, recent, own, budgets, goals, analysis] = await run(
    db,
    readAll([
      monthSummaryRead(db, userId, month, today),
      transactionsWithBalancesRead(db, userId, filters, { limit: 50 }),
      listTransactionsRead(db, userId, {}, { limit: 5 }),
      listCategoriesRead(db, userId),
      budgetsWithProgressRead(db, userId, month, today, { limit: 200 }),
      listSavingsGoalsRead(db, userId, { limit: 200 }),
      advanced ? yearAnalysisRead(db, userId, month, today) : known(null),
    ]),
  );
  return {
    today,
    month,
    filters,
    advanced,
    insights,
    hideValues: auth.user.preferences.hideFinanceValues === true,
    summary,
    transactions: list.items.map(publicTransaction),
    nextCursor: list.nextCursor,
    balances: list.balances,
    recent: recent.items.map(publicTransaction),
    ownCategories: own.map((row) => ({ id: row.id, name: row.name, type: row.type })),
    budgets: budgets.items,
    savingsGoals: goals.items.map((goal) => publicSavingsGoal(goal, today)),
    analysis,
  };
}

// The budgets and savings tabs load when opened (rendered on the server for a ?tab= link), not with
// the overview (decision 0042).
// The transactions tab (filters with date pickers, the list by day) loads with the tab (decision 0049).
const loadTransactions = () => import("../components/transactions-panel");
const Filters = lazy(() => loadTransactions().then((m) => ({ default: m.Filters })));
const TransactionList = lazy(() => loadTransactions().then((m) => ({ default: m.TransactionList })));
/** New transactions and edits made offline, listed while they wait. */
const TRANSACTION_CHANGES = ["transaction.create", "transaction.update"] as const;
/** Names a budget's pending delete by its category: one budget per category (see `beforeCreate`). */
const budgetDeleteKey = (category: string) => `budget:${category}`;
const BudgetsPanel = lazy(() => import("../components/budgets").then((m) => ({ default: m.BudgetsPanel })));
const SavingsPanel = lazy(() => import("../components/savings").then((m) => ({ default: m.SavingsPanel })));
const MonthChart = lazy(() => import("../components/charts").then((m) => ({ default: m.MonthChart })));

/** The chart's height in pixels, shared by the chart and its placeholder so nothing moves when it arrives. */
const MONTH_CHART_HEIGHT = 240;

/**
 * Charts only after hydration (recharts draws nothing on the server) and near the viewport, behind
 * a placeholder of their height (decision 0055).
 */
function ChartSlot({ height, children }: { height: number; children: ReactNode }) {
  const { t } = useTranslation("finances");
  return (
    <WhenVisible height={height} label={t("charts.loading")}>
      {children}
    </WhenVisible>
  );
}

function Card({ title, children, className = "" }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-2xl border border-slate-200 bg-white p-4 shadow-sm ${className}`}>
      <h2 className="text-sm font-semibold text-slate-600">{title}</h2>
      <div className="mt-2">{children}</div>
    </section>
  );
}

export default function Finances({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  const { t, i18n } = useTranslation("finances");
  const language = sanitizeLanguage(i18n.language) ?? "pt";
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  useEntityChanges(["transaction", "budget", "savings_goal", "finance_category"]);
  // The most used tab's code arrives while the overview is read, so switching to it is instant.
  useEffect(() => whenIdle(() => void loadTransactions()), []);

  const tab: Tab = (TABS as readonly string[]).includes(params.get("tab") ?? "") ? (params.get("tab") as Tab) : "overview";
  const setTab = (next: Tab) =>
    setParams(
      (p) => {
        p.set("tab", next);
        return p;
      },
      { preventScrollReset: true },
    );

  const [hidden, setHidden] = useState(data.hideValues);
  useEffect(() => setHidden(data.hideValues), [data.hideValues]);
  const toggleHidden = () => {
    const next = !hidden;
    setHidden(next);
    void apiFetch("/me", { method: "PATCH", body: { preferences: { hideFinanceValues: next } } });
  };

  // A category created in the form is usable at once, before the loader has been read again.
  const [extraCategories, setExtraCategories] = useState<CategoryOption[]>([]);
  const categories: CategoryOption[] = useMemo(() => {
    const own = [...data.ownCategories, ...extraCategories.filter((c) => !data.ownCategories.some((o) => o.id === c.id))];
    return [...DEFAULT_CATEGORIES.map((c) => ({ id: c.key, name: t(`categories.${c.key}`), type: c.type })), ...own];
  }, [data.ownCategories, extraCategories, t]);
  const categoryName = (id: string) => categories.find((c) => c.id === id)?.name ?? t("categories.other");

  // The form: a new transaction, or the one being edited (also opened by a search result's ?edit=).
  const [formOpen, setFormOpen] = useState(false);
  const [recurringOpen, setRecurringOpen] = useState(false);
  const [editing, setEditing] = useState<TransactionView | null>(null);
  const openNew = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const openEdit = (row: TransactionView) => {
    setEditing(row);
    setFormOpen(true);
  };
  const editId = params.get("edit");
  useEffect(() => {
    if (!editId) return;
    void apiFetch<{ transaction: TransactionView }>(`/transactions/${editId}`).then((result) => {
      if (result.ok) openEdit(result.data.transaction);
    });
    setParams(
      (p) => {
        p.delete("edit");
        return p;
      },
      { replace: true },
    );
  }, [editId, setParams]);

  // Deleting hides the row at once and offers "Anular" before the DELETE is sent.
  const [removed, setRemoved] = useState<Set<string>>(new Set());
  const hide = (id: string, on: boolean) =>
    setRemoved((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const remove = (path: string, id: string, title: ToastText, key?: string) =>
    deleteWithUndo({
      key,
      title,
      undoLabel: { key: "finances:deleted.undo" },
      failedTitle: { key: "finances:deleted.failed" },
      hide: () => hide(id, true),
      restore: () => hide(id, false),
      commit: async () => {
        const result = await apiFetch(path, { method: "DELETE" });
        // Already gone (deleted in another tab or device) is what the user wanted.
        if (!result.ok && result.status !== 404) return false;
        void revalidate();
        return true;
      },
    });
  const removeTransaction = (row: TransactionView) => remove(`/transactions/${row.id}`, row.id, { key: "finances:deleted.transaction" });

  const saved = (message: ToastText) => {
    toast({ title: message, tone: "success" });
    void revalidate();
  };

  const monthLabel = (month: string) => formatMonthYear(new Date(`${month}-15T12:00:00`), language);
  const goMonth = (delta: number) =>
    setParams(
      (p) => {
        p.set("month", addMonths(data.month, delta));
        return p;
      },
      { preventScrollReset: true },
    );

  const s = data.summary;
  // The running month (or one to come) counts up to today, and its cards say so (decision 0024).
  const cards = s.partial ? "cardsToday" : "cards";
  const budgetBasis = !s.partial ? undefined : s.to < s.from ? t("budgets.basisFuture") : t("budgets.basis", { days: formatDayRange(s.from, s.to, language) });
  const expenses = s.byCategory.filter((row) => row.type === "expense").map((row) => ({ id: row.category, label: categoryName(row.category), totalCents: row.totalCents }));
  const hasAny = data.recent.length > 0;

  // The overview and the budgets are of one month: each has the month's arrows at its top.
  const monthNav = (
    <div className="flex items-center gap-2">
      <Button variant="ghost" onClick={() => goMonth(-1)} aria-label={t("month.previous")}>
        ‹
      </Button>
      <span className="min-w-40 text-center font-semibold first-letter:uppercase" data-testid="finances-month">
        {monthLabel(data.month)}
      </span>
      <Button variant="ghost" onClick={() => goMonth(1)} aria-label={t("month.next")}>
        ›
      </Button>
    </div>
  );

  // Each tab's panel; only the selected one is rendered, so only its code loads.
  const panels: Record<Tab, ReactNode> = {
    overview: (
      <>
        {monthNav}
        <div className="space-y-4">
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="finances-summary">
            <Card title={t(`${cards}.balance`)}>
              <Money cents={s.balanceCents} className="text-2xl font-bold" />
            </Card>
            <Card title={t(`${cards}.income`)}>
              <Money cents={s.incomeCents} className="text-2xl font-bold text-emerald-700" />
            </Card>
            <Card title={t(`${cards}.expense`)}>
              <Money cents={s.expenseCents} className="text-2xl font-bold text-rose-700" />
            </Card>
            <Card title={t(`${cards}.net`)}>
              <Money cents={s.netCents} signed className="text-2xl font-bold" />
            </Card>
          </div>
          {/* Entered for later in the month: apart, so the cards and the budgets count the same days. */}
          {s.scheduled.count > 0 && (
            <p className="text-sm text-slate-600" data-testid="finances-scheduled">
              {t("scheduled", { days: formatDayRange(s.scheduled.from, s.scheduled.to, language) })} {t("charts.income")} <Money cents={s.scheduled.incomeCents} /> · {t("charts.expense")}{" "}
              <Money cents={s.scheduled.expenseCents} />
            </p>
          )}
          {!hasAny ? (
            <EmptyState title={t("empty.title")} text={t("empty.text")} action={<Button onClick={openNew}>{t("actions.add")}</Button>} />
          ) : (
            // One column of the screen's width on a phone, not of the longest description's.
            <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
              <Card title={t("charts.byCategory")}>
                {expenses.length ? (
                  <CategoryBars rows={expenses} hrefOf={(category) => `?${new URLSearchParams({ tab: "transactions", type: "expense", category, from: s.from, to: s.to })}`} />
                ) : (
                  <p className="text-sm text-slate-500">{t("charts.noExpenses")}</p>
                )}
              </Card>
              <Card title={t("recent.title")}>
                <ul className="divide-y divide-slate-100" data-testid="recent-transactions">
                  {data.recent
                    .filter((row) => !removed.has(row.id))
                    .map((row) => (
                      <li key={row.id} className="flex items-center justify-between gap-3 py-2">
                        <span className="min-w-0">
                          <span className="block truncate font-medium" title={row.description || categoryName(row.category)} dir="auto">
                            {row.description || categoryName(row.category)}
                          </span>
                          <span className="block text-xs wrap-anywhere text-slate-500">
                            {categoryName(row.category)} · {formatLongDate(new Date(`${row.date}T12:00:00`), language)}
                          </span>
                        </span>
                        <Money cents={row.type === "expense" ? -row.amountCents : row.amountCents} signed />
                      </li>
                    ))}
                </ul>
                <Button variant="link" className="mt-2" onClick={() => setTab("transactions")}>
                  {t("recent.all")}
                </Button>
              </Card>
            </div>
          )}
          {data.insights && <InsightsPanel month={data.month} refreshKey={data.summary} />}
          {data.analysis ? (
            <Analysis analysis={data.analysis} categoryName={categoryName} monthLabel={monthLabel} />
          ) : (
            <Card title={t("analysis.title")}>
              <PremiumNotice entitlement="finances.advanced" />
            </Card>
          )}
        </div>
      </>
    ),
    transactions: (
      <Suspense fallback={<Loading lines={4} />}>
        <Filters key={params.toString()} initial={data.filters} categories={categories} onApply={(next) => navigate(`?${next}`, { preventScrollReset: true })} />
        <TransactionList
          first={data.transactions}
          nextCursor={data.nextCursor}
          balances={data.balances}
          filters={data.filters}
          removed={removed}
          categoryName={categoryName}
          onEdit={openEdit}
          onDelete={removeTransaction}
          onAdd={openNew}
          anyAtAll={hasAny}
        />
      </Suspense>
    ),
    budgets: (
      <>
        {monthNav}
        <Suspense fallback={<Loading lines={4} />}>
          <BudgetsPanel
            budgets={data.budgets.filter((b) => !removed.has(b.id))}
            advanced={data.advanced}
            categories={categories.filter((c) => c.type !== "income")}
            categoryName={categoryName}
            basis={budgetBasis}
            onSaved={() => saved({ key: "finances:budgets.saved" })}
            onDelete={(budget) => remove(`/budgets/${budget.id}`, budget.id, { key: "finances:deleted.budget" }, budgetDeleteKey(budget.category))}
            // A category whose budget is being deleted is offered again at once; adding it sends
            // that DELETE first, or the server, still holding the old budget, answers a conflict.
            beforeCreate={(category) => sendPendingDelete(budgetDeleteKey(category))}
          />
        </Suspense>
      </>
    ),
    savings: (
      <Suspense fallback={<Loading lines={4} />}>
        <SavingsPanel
          goals={data.savingsGoals.filter((g) => !removed.has(g.id))}
          today={data.today}
          advanced={data.advanced}
          onSaved={() => saved({ key: "finances:savings.savedToast" })}
          onDelete={(id) => remove(`/savings-goals/${id}`, id, { key: "finances:deleted.savings" })}
        />
      </Suspense>
    ),
  };

  return (
    <HiddenValues.Provider value={hidden}>
      <section className="space-y-5" data-testid="finances-screen">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold">{t("title")}</h1>
            <p className="text-sm text-slate-600">{t("subtitle")}</p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="secondary" onClick={toggleHidden} aria-pressed={hidden} data-testid="toggle-values" data-tour="finances-values">
              {hidden ? t("values.show") : t("values.hide")}
            </Button>
            <ImportButton advanced={data.advanced} ownCategories={data.ownCategories} onImported={() => void revalidate()} />
            <ExportLink advanced={data.advanced} query={`?${new URLSearchParams(Object.entries(data.filters).filter(([, v]) => v) as [string, string][]).toString()}`} />
            <Button variant="secondary" onClick={() => setRecurringOpen(true)} data-testid="open-recurring" data-tour="finances-recurring">
              {t("recurring.open")}
            </Button>
            <Button onClick={openNew} data-testid="add-transaction" data-tour="finances-add">
              {t("actions.add")}
            </Button>
          </div>
        </header>

        <SentenceEntry ownCategories={data.ownCategories} onSaved={() => void revalidate()} />

        <QueuedChanges kinds={TRANSACTION_CHANGES} />

        {/* The kit's tabs (arrow keys, one Tab stop, each panel labelled by its tab); the address keeps
            the tab (?tab=), as links and the back button expect. */}
        <Tabs
          selectedIndex={TABS.indexOf(tab)}
          onChange={(index) => setTab(TABS[index])}
          listClassName="grid grid-cols-2 gap-x-1 border-b border-slate-200 sm:flex"
          tabClassName="inline-flex items-center justify-center rounded-lg rounded-b-none border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 data-[selected]:border-brand-600 data-[selected]:text-brand-700"
          panelsClassName="mt-5"
          tabs={TABS.map((key) => ({
            // The tour's target: the kit's tab list takes no attributes of its own, so the first tab's label carries it.
            label: key === "overview" ? <span data-tour="finances-tabs">{t("tabs.overview")}</span> : t(`tabs.${key}`),
            panel: panels[key],
            panelClassName: key === "transactions" ? "space-y-4" : "space-y-5",
          }))}
        />

        <RecurringDialog open={recurringOpen} today={data.today} categories={categories} onClose={() => setRecurringOpen(false)} onChanged={() => void revalidate()} />

        <TransactionForm
          open={formOpen}
          editing={editing}
          today={data.today}
          categories={categories}
          onClose={() => setFormOpen(false)}
          onCategoryCreated={(category) => {
            setExtraCategories((list) => [...list, category]);
            void revalidate();
          }}
          onSaved={() => {
            setFormOpen(false);
            saved({ key: "finances:form.saved" });
          }}
        />
      </section>
    </HiddenValues.Provider>
  );
}

function Analysis({
  analysis,
  categoryName,
  monthLabel,
}: {
  analysis: NonNullable<Route.ComponentProps["loaderData"]["analysis"]>;
  categoryName: (id: string) => string;
  monthLabel: (month: string) => string;
}) {
  const { t, i18n } = useTranslation("finances");
  const language = sanitizeLanguage(i18n.language) ?? "pt";
  const short = (month: string) => dateTimeFormat(intlLocale(language), { month: "short" }).format(new Date(`${month}-15T12:00:00`));
  const percent = (value: number | null) => (value === null ? t("analysis.new") : changeText(value, language));
  const columns = comparedColumns(analysis, language);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title={t("charts.byMonth")}>
        <ChartSlot height={MONTH_CHART_HEIGHT}>
          <MonthChart data={analysis.months.map((m) => ({ ...m, label: short(m.month) }))} height={MONTH_CHART_HEIGHT} label={t("charts.byMonth")} labels={{ income: t("charts.income"), expense: t("charts.expense") }} />
        </ChartSlot>
        {/* The chart's figures as text for screen readers (the chart is only an image), there before its
            code arrives; amounts masked like the rest when values are hidden. */}
        <FiguresTable
          caption={t("charts.byMonth")}
          headers={[t("charts.month"), t("charts.income"), t("charts.expense")]}
          rows={analysis.months.map((m) => ({ key: m.month, cells: [monthLabel(m.month), <Money key="income" cents={m.incomeCents} />, <Money key="expense" cents={m.expenseCents} />] }))}
        />
      </Card>
      <Card title={t("analysis.title")}>
        <p className="text-sm text-slate-500" data-testid="analysis-against">
          {analysis.compared.partial ? t("analysis.againstDays", { days: formatDayRange(analysis.compared.from, analysis.compared.to, language) }) : t("analysis.against", { month: monthLabel(analysis.previousMonth) })}
        </p>
        {analysis.byCategory.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">{t("analysis.none")}</p>
        ) : (
          <table className="mt-2 w-full text-sm">
            <thead>
              <tr className="text-left text-xs text-slate-500">
                <th className="py-1 font-medium">{t("analysis.category")}</th>
                <th className="py-1 text-right font-medium">{columns.current}</th>
                <th className="hidden py-1 text-right font-medium sm:table-cell">{columns.previous}</th>
                <th className="py-1 text-right font-medium">{t("analysis.change")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {analysis.byCategory.map((row) => (
                <tr key={row.category}>
                  {/* A category named in one long word wraps: the table stays the card's width on a phone. */}
                  <td className="py-1.5 wrap-anywhere">
                    {categoryName(row.category)}
                  </td>
                  <td className="py-1.5 text-right">
                    <Money cents={row.currentCents} />
                  </td>
                  <td className="hidden py-1.5 text-right sm:table-cell">
                    <Money cents={row.previousCents} />
                  </td>
                  <td className={`py-1.5 text-right ${row.changeCents > 0 ? "text-rose-700" : "text-emerald-700"}`}>{percent(row.changePercent)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </div>
  );
}
