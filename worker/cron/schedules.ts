/**
 * The cron expressions of wrangler.toml [triggers], in their own file so that modules can name them:
 * the job registry imports the modules, so a module importing the registry would be a cycle.
 */
export const EVERY_QUARTER_HOUR = "*/15 * * * *";
export const NIGHTLY = "0 3 * * *";
/** Jobs that must act at the right minute (event reminders). */
export const EVERY_MINUTE = "* * * * *";
/**
 * Monday 06:00 and 07:00 UTC: one of the two is 07:00 in Lisbon (06:00 UTC in summer time, 07:00
 * in winter). The weekly-reports job acts only in the run where it is 07:00 there (0039).
 */
export const MONDAY_SIX_UTC = "0 6 * * 1";
export const MONDAY_SEVEN_UTC = "0 7 * * 1";
