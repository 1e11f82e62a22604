import { LegalPage } from "~/components/public/legal-page";
import { legalPageData } from "~/lib/legal.server";
import { metaTags } from "~/lib/seo";
import type { Route } from "./+types/privacy";

export const loader = ({ context, request }: Route.LoaderArgs) => legalPageData(context, request, "privacy");
export const meta = ({ loaderData }: Route.MetaArgs) => (loaderData ? metaTags(loaderData.seo) : []);

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={loaderData.document} />;
}
