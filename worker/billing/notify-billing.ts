import { log } from "../lib/log";

/** A billing event the user should hear about. */
export type BillingNotice = { kind: "payment_failed"; invoiceId: string; amountDueCents: number; hostedInvoiceUrl: string | null };

export type NotifyBilling = (env: Env, userId: string, notice: BillingNotice) => Promise<void>;

/**
 * Tells the user about a billing event.
 * TODO(notifications): replaced by notify() of worker/notifications/notify.ts at merge — a
 * `financial`, priority `high` notification ("Pagamento falhou", action_url to the Subscrição tab).
 * Until then it only logs, and the webhook handler takes it as an injected dependency.
 */
export const notifyBilling: NotifyBilling = async (_env, userId, notice) => {
  log("warn", "billing_notice", { userId, ...notice });
};
