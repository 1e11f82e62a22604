import { isLocalDevelopment } from "@worker/lib/development";
import { data } from "react-router";
import type { Route } from "./+types/boom";

/** /dev/boom: a page that fails on purpose, to see the error screen (development only, 404 elsewhere). */
export function loader({ context, request }: Route.LoaderArgs) {
  if (!isLocalDevelopment(context.cloudflare.env, request.url)) throw data(null, { status: 404 });
  throw new Error("Falha de teste da página /dev/boom");
}

export default function Boom() {
  return null;
}
