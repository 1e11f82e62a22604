import { redirect } from "react-router";
import type { Route } from "./+types/legacy-redirect";

/** Old top-level paths (/calendario, /ciclo, …) live under /app now. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const segment = url.pathname.replace(/^\/+|\/+$/g, "");
  const target = segment === "ciclo" ? "ciclo-menstrual" : segment;
  return redirect(`/app/${target}${url.search}`, 301);
}
