import type { I18nHandle } from "~/i18n/route-namespaces";
import { LegalPage } from "~/components/public/legal-page";
import { legalPageData } from "~/lib/legal.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/privacy";

export const handle: I18nHandle = { i18n: ["legal"] };

export const loader = ({ context, request }: Route.LoaderArgs) => legalPageData(context, request, "privacy");
export const meta = seoMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={loaderData.document} />;
}
