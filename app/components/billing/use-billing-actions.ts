import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiFetch } from "~/lib/api";
import type { PaidPlanId } from "~/lib/plans";

/** The portal's two ways in: its home ("Gerir subscrição") or the plan change ("Mudar para o Pro", decision 0083). */
export type PortalFlow = "manage" | "plan_change";

type Status = { kind: "idle" } | { kind: "busy" } | { kind: "info"; message: string } | { kind: "error"; message: string };

/** Opens `url` in a new tab; the tab is opened before the request so popup blockers allow it. */
async function inNewTab(request: () => Promise<string | null>): Promise<void> {
  const tab = window.open("", "_blank");
  try {
    const url = await request();
    if (!url) {
      tab?.close();
      return;
    }
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/**
 * Through apiFetch, so the request names the page's user (decision 0057): a page left open while
 * another account signed in elsewhere in this browser must not open a checkout or the portal for
 * that other account (checkout takes visitors too, so without it the other session would simply be
 * used). A 401 also takes the page to sign-in, as every other call of the signed-in app does.
 * No answer at all throws, for the actions' "unexpected" messages.
 */
async function postJson(path: string, body?: unknown): Promise<{ ok: boolean; data: Record<string, unknown> }> {
  const result = await apiFetch<Record<string, unknown>>(`/billing${path}`, { method: "POST", body });
  if (result.ok) return { ok: true, data: result.data ?? {} };
  if (result.status === 0) throw new Error(result.error.code);
  return { ok: false, data: { error: result.error } };
}

/** Checkout, customer portal and coupon checks with the specification's messages (point 8). */
export function useBillingActions() {
  const { t } = useTranslation("billing");
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  // The portal being opened, which flow: its button shows progress, every billing button takes no
  // clicks until the answer (a double click opened two portal sessions). The ref also holds back a
  // second call made before the screen has re-rendered.
  const [opening, setOpening] = useState<PortalFlow | null>(null);
  const openingNow = useRef(false);

  const checkout = async (plan: PaidPlanId, coupon?: string) => {
    setStatus({ kind: "busy" });
    try {
      let failure: string | null = null;
      await inNewTab(async () => {
        const { ok, data } = await postJson("/checkout", { plan, ...(coupon ? { coupon } : {}) });
        if (ok && typeof data.url === "string") return data.url;
        const error = data.error as { code?: string; message?: string } | undefined;
        failure = error?.code?.startsWith("coupon_") || error?.code === "already_subscribed" ? (error.message ?? null) : `${t("errors.checkoutTitle")} – ${t("errors.checkout")}`;
        return null;
      });
      setStatus(failure ? { kind: "error", message: failure } : { kind: "idle" });
    } catch {
      setStatus({ kind: "error", message: t("errors.unexpected") });
    }
  };

  /** Opens Stripe's customer portal; at the plan change with "plan_change" (docs/decisions/0083). One at a time. */
  const portal = async (flow: PortalFlow = "manage") => {
    if (openingNow.current) return;
    openingNow.current = true;
    setOpening(flow);
    setStatus({ kind: "info", message: t("portalOpening") });
    try {
      let failure: string | null = null;
      await inNewTab(async () => {
        const { ok, data } = await postJson("/portal", flow === "plan_change" ? { flow } : undefined);
        if (ok && typeof data.url === "string") return data.url;
        failure = ok || (data.error as { code?: string } | undefined)?.code === "portal_unavailable" ? t("errors.portalNoUrl") : t("errors.portal");
        return null;
      });
      setStatus(failure ? { kind: "error", message: failure } : { kind: "info", message: t("portalOpening") });
    } catch {
      setStatus({ kind: "error", message: t("errors.portalUnexpected") });
    } finally {
      openingNow.current = false;
      setOpening(null);
    }
  };

  /** Checks a coupon; returns its percent off, or null with the outcome message shown. */
  const checkCoupon = async (code: string): Promise<number | null> => {
    try {
      const { ok, data } = await postJson("/coupon", { code });
      if (ok) {
        setStatus({ kind: "info", message: t("coupon.applied", { percent: data.percentOff }) });
        return Number(data.percentOff);
      }
      setStatus({ kind: "error", message: String((data.error as { message?: string } | undefined)?.message ?? t("errors.couponInvalid")) });
    } catch {
      setStatus({ kind: "error", message: t("errors.unexpected") });
    }
    return null;
  };

  /** Forgets the last outcome shown (the coupon it named is no longer the one typed). */
  const clearStatus = () => setStatus({ kind: "idle" });

  /** Whether a checkout or the portal is being opened: the billing buttons take no clicks meanwhile. */
  const busy = status.kind === "busy" || opening !== null;

  return { status, busy, opening, checkout, portal, checkCoupon, clearStatus };
}
