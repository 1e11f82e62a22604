import type { I18nHandle } from "~/i18n/route-namespaces";
import { useTranslation } from "react-i18next";
import { isLocalDevelopment } from "@worker/lib/development";
import { data } from "react-router";
import { database } from "@worker/db/client";
import { listOutboxMail } from "@worker/db/mail-outbox";
import type { Route } from "./+types/mailbox";

export const handle: I18nHandle = { i18n: ["account"] };

/** /dev/mailbox: the local outbox (ENVIRONMENT=development only; 404 anywhere else). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const env = context.cloudflare.env;
  if (!isLocalDevelopment(env, request.url)) throw data(null, { status: 404 });
  const mails = await listOutboxMail(database(env.DB));
  return { mails: mails.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, createdAt: m.createdAt.toISOString() })) };
}

export function meta() {
  return [{ title: "Mailbox — Rumo" }, { name: "robots", content: "noindex, nofollow" }];
}

/** Plain text with its URLs made clickable. */
function Linked({ text }: { text: string }) {
  return (
    <>
      {text.split(/(https?:\/\/\S+)/g).map((part, i) =>
        /^https?:\/\//.test(part) ? (
          <a key={i} href={part} className="break-all text-brand-700 underline">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

export default function Mailbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  return (
    <main className="mx-auto max-w-3xl space-y-4 px-4 py-8">
      <h1 className="text-2xl font-bold">{t("mailbox.title")}</h1>
      <p className="text-sm text-slate-600">{t("mailbox.description")}</p>
      {loaderData.mails.length === 0 && <p className="text-slate-500">{t("mailbox.empty")}</p>}
      <ul className="space-y-4">
        {loaderData.mails.map((mail) => (
          <li key={mail.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <p className="text-sm text-slate-500">
              {t("mailbox.to")}: {mail.to} · {mail.createdAt}
            </p>
            <h2 className="font-semibold">{mail.subject}</h2>
            <p className="mt-2 text-sm whitespace-pre-wrap text-slate-700">
              <Linked text={mail.text} />
            </p>
          </li>
        ))}
      </ul>
    </main>
  );
}
