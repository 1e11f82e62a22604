/**
 * The cron expressions of wrangler.toml [triggers], in their own file so that modules can name them:
 * the job registry imports the modules, so a module importing the registry would be a cycle.
 */
export const EVERY_QUARTER_HOUR = "*/15 * * * *";
export const NIGHTLY = "0 3 * * *";
/** Jobs that must act at the right minute (event reminders). */
export const EVERY_MINUTE = "* * * * *";
