import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import { USER_JOBS_DEAD_LETTER_QUEUE, USER_JOBS_QUEUE } from "./queue-names";

// The pool cannot wait out real retry delays, so the routing to the dead-letter queue rests on this
// configuration: a consumer with retries and a DLQ, and a consumer of the DLQ that logs.
describe("wrangler.toml queues", () => {
  const { queues } = unstable_readConfig({ config: fileURLToPath(new URL("../../wrangler.toml", import.meta.url)) });

  it("produce to the user-jobs queue from the USER_JOBS binding", () => {
    expect(queues.producers).toContainEqual(expect.objectContaining({ binding: "USER_JOBS", queue: USER_JOBS_QUEUE }));
  });

  it("retry a user-jobs message, then move it to a dead-letter queue that this Worker consumes", () => {
    const consumer = queues.consumers?.find((c: { queue: string }) => c.queue === USER_JOBS_QUEUE);
    expect(consumer).toMatchObject({ max_retries: 5, dead_letter_queue: USER_JOBS_DEAD_LETTER_QUEUE });
    expect(queues.consumers?.some((c: { queue: string }) => c.queue === USER_JOBS_DEAD_LETTER_QUEUE)).toBe(true);
  });
});
