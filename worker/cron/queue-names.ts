/** Queue names of wrangler.toml: the fan-out messages and their dead-letter queue. */
export const USER_JOBS_QUEUE = "rumo-user-jobs";
export const USER_JOBS_DEAD_LETTER_QUEUE = "rumo-user-jobs-dlq";
