import { formatPrice } from "~/lib/plans";
import { notify } from "../notifications/notify";

/** A billing event the user should hear about. */
export type BillingNotice = { kind: "payment_failed"; invoiceId: string; amountDueCents: number; hostedInvoiceUrl: string | null };

/** How long a failed invoice's notice is not repeated: longer than Stripe's longest retry schedule (2 months) and its event redelivery. */
export const PAYMENT_FAILED_KEY_MS = 90 * 86_400_000;

export type NotifyBilling = (env: Env, userId: string, notice: BillingNotice) => Promise<void>;

/**
 * Tells the user about a billing event: a `financial`, high-priority notification (in-app,
 * realtime and e-mail by their preferences), once per invoice. notify() never throws.
 */
export const notifyBilling: NotifyBilling = async (env, userId, notice) => {
  await notify(env, userId, {
    type: "financial",
    category: "billing",
    priority: "high",
    template: "billing.paymentFailed",
    vars: (user) => ({ amount: formatPrice(notice.amountDueCents, user.language) }),
    actionUrl: "/app/premium",
    metadata: { invoiceId: notice.invoiceId },
    dedupeKey: `payment-failed:${notice.invoiceId}`,
    // Stripe retries an invoice's payment for at most two months (its retry schedules) and redelivers
    // an event for 3 days: past that, the same invoice's failure cannot come again.
    dedupeUntil: new Date(Date.now() + PAYMENT_FAILED_KEY_MS),
  });
};
