import { useRouteLoaderData } from "react-router";
import type { loader as layoutLoader } from "~/routes/app/layout";

/**
 * The account's time zone (the signed-in layout's user): notifications are dated in it, as the
 * server's `filter=today` is, not in the browser's zone.
 */
export const useAccountTimeZone = () => useRouteLoaderData<typeof layoutLoader>("routes/app/layout")?.user.timeZone;
