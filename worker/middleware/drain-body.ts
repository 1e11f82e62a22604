/** Bodies up to this size that nothing read are read to their end (forms and JSON are far smaller). */
export const DRAIN_MAX_BYTES = 64 * 1024;

/**
 * For local development only (environmentOfRequest calls it once the answer is made): a request
 * body that nothing read (a POST refused by CSRF, the session or a rate limit before any handler)
 * is read to its end before the answer leaves. wrangler dev's proxy keeps its connection to workerd
 * open, and an unread body sometimes leaves that connection unusable. The next POST on it then
 * fails with miniflare's plain-text 503 "Your worker restarted mid-request", although nothing
 * restarted (workers-sdk#5095 and #14641). Here: 8 of 200 POSTs right after a refused one, and a
 * flaky e2e test. Production never reads a refused body. Neither does development past
 * DRAIN_MAX_BYTES or without a length: the body limit refuses those unread on purpose. Decision 0060.
 */
export async function drainUnreadBody(request: Request): Promise<void> {
  if (request.body === null || request.bodyUsed) return;
  const length = Number(request.headers.get("content-length"));
  if (!(length > 0 && length <= DRAIN_MAX_BYTES)) return;
  await request.arrayBuffer().catch(() => undefined);
}
