/** The shell's rules as pure functions (unit-tested): breadcrumb, back button, swipes, searches, tours. */
import { MODULES } from "~/modules";
import type { CrumbKey, ModuleManifest } from "~/modules/types";
import { swipeOrder } from "./navigation";

// Breadcrumb ----------------------------------------------------------------------------------

/** Platform segments with a catalogue label (shell:crumbs.*); modules add their screens' own. */
const PLATFORM_CRUMB_SEGMENTS = [
  "app",
  "meu-impacto",
  "dashboard",
  "criativo",
  "desafios",
  "ciclo",
  // A redirect to the cycle (a discreet reminder's link, decision 0107): labelled like every segment.
  "lembrete",
  "agentes",
  "ceo",
  "blog-management",
  "email-management",
  "premium",
  "onboarding",
  "library",
  "mastermind",
  "support",
  "reports",
  "perfil",
  "profile",
  "settings",
  "configuracoes",
  "notificacoes",
  "roadmap",
  "analytics",
  "user-management",
  "admin",
  "audit",
  "system-health",
  "launch-readiness",
  "feature-flags",
  "feedback",
  "incidents",
] as const;

/** Segment → catalogue key of its breadcrumb label, platform first, then each module screen's. */
export function crumbLabels(modules: readonly ModuleManifest[]): Record<string, CrumbKey> {
  const labels: Record<string, CrumbKey> = Object.fromEntries(PLATFORM_CRUMB_SEGMENTS.map((segment) => [segment, `shell:crumbs.${segment}` as const]));
  for (const screen of modules.flatMap((m) => m.screens)) labels[screen.path.split("/").at(-1)!] = screen.crumbKey;
  return labels;
}

export const CRUMB_LABELS = crumbLabels(MODULES);

export type Crumb = { href: string; segment: string; labelKey: CrumbKey | null; fallback: string; current: boolean };

export const capitalise = (segment: string) => {
  const text = decodeURIComponentSafe(segment).replace(/-/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
};

function decodeURIComponentSafe(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}


/** Crumbs after the home link; empty (breadcrumb hidden) when the path has one segment or fewer. */
export function breadcrumbs(pathname: string, labels: Record<string, CrumbKey> = CRUMB_LABELS): Crumb[] {
  const segments = pathname.split("/").filter(Boolean);
  if (segments.length <= 1) return [];
  return segments.map((segment, index) => ({
    href: `/${segments.slice(0, index + 1).join("/")}`,
    segment,
    labelKey: Object.hasOwn(labels, segment) ? labels[segment] : null,
    fallback: capitalise(segment),
    current: index === segments.length - 1,
  }));
}

// Back button -----------------------------------------------------------------------------------

export const showBackButton = (pathname: string) => !["/app", "/app/", "/app/meu-impacto"].includes(pathname.replace(/\/+$/, "") || "/");

/** Where "back" goes: browser history when this tab has in-app history, else the impact dashboard. */
export const backTarget = (hasHistory: boolean): "history" | "/app/meu-impacto" => (hasHistory ? "history" : "/app/meu-impacto");

// Gestures --------------------------------------------------------------------------------------

export const SWIPE_THRESHOLD = 80;
export const DRAWER_EDGE = 24;
export const DRAWER_MIN_MOVE = 50;
export const DRAWER_MAX_DRIFT = 20;
export const HAPTIC_MS = 10;
export const HAPTIC_DEBOUNCE_MS = 200;
export const MOBILE_BREAKPOINT = 900;

type Touch = { x: number; y: number };

/** A modal dialog on the page: Headless UI's (the drawer, a form, the search), a confirmation, an open <dialog>, the guided tour. */
export const MODAL_DIALOG = '[aria-modal="true"], [role="alertdialog"], dialog[open]';

/** A page swipe: at least 80 px and more horizontal than vertical. */
export function swipeDirection(start: Touch, end: Touch): "left" | "right" | null {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (Math.abs(dx) < SWIPE_THRESHOLD || Math.abs(dx) <= Math.abs(dy)) return null;
  return dx < 0 ? "left" : "right";
}

/** Opening the drawer: starts within 24 px of the left edge, moves right over 50 px, drifts under 20 px. */
export const opensDrawer = (start: Touch, end: Touch) => start.x <= DRAWER_EDGE && end.x - start.x > DRAWER_MIN_MOVE && Math.abs(end.y - start.y) < DRAWER_MAX_DRIFT;

/** Closing it: a leftward move over 50 px with the same drift limit. */
export const closesDrawer = (start: Touch, end: Touch) => start.x - end.x > DRAWER_MIN_MOVE && Math.abs(end.y - start.y) < DRAWER_MAX_DRIFT;

/** The page a swipe leads to from `pathname` (mobile swipe order), or null at either end or off the list. */
export function swipeTarget(pathname: string, direction: "left" | "right", order: readonly string[] = swipeOrder): string | null {
  const current = pathname.replace(/^\/app\//, "").replace(/\/$/, "");
  const index = order.indexOf(current);
  if (index === -1) return null;
  const next = index + (direction === "left" ? 1 : -1);
  return next >= 0 && next < order.length ? `/app/${order[next]}` : null;
}

/** Mobile shell on a mobile user agent or below 900 px. */
export const isMobileUserAgent = (userAgent: string) => /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i.test(userAgent);

// Search -----------------------------------------------------------------------------------------

export const MIN_SEARCH_LENGTH = 2;
export const MAX_RECENT_SEARCHES = 5;

/** One result of GET /api/v1/search (../shared/API.md). */
export type SearchResultItem = { id: string; title: string; description: string; type: string; module: string; url: string; metadata: { date?: string; amountCents?: number; status?: string } };

/**
 * Results grouped by type: groups in the order of their best result (the API answers by relevance),
 * each group in the API's order. Flattened, the groups give the keyboard order.
 */
export function groupResults<R extends { type: string }>(results: readonly R[]): { type: string; items: R[] }[] {
  const groups = new Map<string, R[]>();
  for (const result of results) {
    const items = groups.get(result.type) ?? [];
    items.push(result);
    groups.set(result.type, items);
  }
  return [...groups].map(([type, items]) => ({ type, items }));
}

/** The query goes to the front when new and longer than one character; five at most. */
export function addRecentSearch(recent: readonly string[], query: string): string[] {
  const trimmed = query.trim();
  if (trimmed.length <= 1 || recent.includes(trimmed)) return [...recent];
  return [trimmed, ...recent].slice(0, MAX_RECENT_SEARCHES);
}

// Tours ------------------------------------------------------------------------------------------

export const clampPercent = (value: number) => Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0));

/** 'Passo X de N' and the percentage for step index `step` of `total`. */
export function tourProgress(step: number, total: number) {
  if (total <= 0) return { current: 0, total: 0, percent: 0 };
  const current = Math.min(Math.max(step, 0), total - 1) + 1;
  return { current, total, percent: clampPercent(Math.round((current / total) * 100)) };
}
