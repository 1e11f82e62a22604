import type { I18nHandle } from "~/i18n/route-namespaces";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { PublicFooter } from "~/components/public/public-footer";
import { PublicHeader } from "~/components/public/public-header";
import { signedIn } from "~/lib/auth.server";
import type { HydrationHandle } from "~/lib/hydration";
import { testimonials } from "~/lib/testimonials";
import type { Route } from "./+types/layout";

// The public site is static content: its pages are sent without client JavaScript (decision 0042,
// Revised); the language switch and the cookie banner work through the page script.
export const handle: I18nHandle & HydrationHandle = { i18n: ["public", "landing"], hydrate: false };

export function loader({ context }: Route.LoaderArgs) {
  return {
    supportEmail: context.cloudflare.env.SUPPORT_EMAIL,
    showTestimonials: testimonials.some((item) => item.language === context.lang),
    // The session the Hono root already loaded: a signed-in reader's header leads back into the app.
    signedIn: signedIn(context) !== null,
  };
}

/**
 * A link from a hydrated page (/auth, /app) to a public page: load the page as a document, so it
 * comes as the server sends it (static, with its page script), not rendered by the client router.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  window.location.assign(request.url);
  return await new Promise<never>(() => undefined);
}

/** Header, main landmark and footer shared by the landing and every public page. */
export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <a href="#conteudo" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-30 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        {t("skipToContent")}
      </a>
      <PublicHeader showTestimonials={loaderData.showTestimonials} signedIn={loaderData.signedIn} />
      <main id="conteudo">
        <Outlet />
      </main>
      <PublicFooter supportEmail={loaderData.supportEmail} />
    </>
  );
}
