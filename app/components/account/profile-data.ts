import type { useRouteLoaderData } from "react-router";
import type { loader as layoutLoader } from "~/routes/app/layout";

/** What the profile tabs read: the signed-in layout's loader data. */
export type ProfileData = NonNullable<ReturnType<typeof useRouteLoaderData<typeof layoutLoader>>>;
