import type { I18nHandle } from "~/i18n/route-namespaces";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FormattedDate } from "~/components/public/formatted-date";
import { blog } from "~/lib/blog.server";
import { seoMeta } from "~/lib/seo";
import { seoFor } from "~/lib/seo.server";
import type { Route } from "./+types/blog";

export const handle: I18nHandle = { i18n: ["blog"] };

export const loader = ({ context, request }: Route.LoaderArgs) => ({
  seo: seoFor(context, request, "blog"),
  posts: blog.list(context.lang),
  language: context.lang,
});
export const meta = seoMeta;

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("blog");
  return (
    <div className="mx-auto max-w-4xl px-4 py-14">
      <h1 className="text-4xl font-extrabold tracking-tight">{t("title")}</h1>
      <p className="mt-3 text-lg text-slate-700">{t("subtitle")}</p>
      <p className="mt-2 text-sm">
        <a href={`/blog/rss.xml?lang=${loaderData.language}`} className="text-brand-700 underline">
          {t("rss")}
        </a>
      </p>
      {loaderData.posts.length === 0 ? (
        <p className="mt-10 text-slate-700">{t("empty")}</p>
      ) : (
        <ul className="mt-10 grid gap-8" data-testid="blog-list">
          {loaderData.posts.map((post, index) => (
            <li key={post.slug}>
              <article className="grid gap-4 sm:grid-cols-[200px_1fr]">
                {post.cover && (
                  <img
                    src={post.cover}
                    alt={post.coverAlt ?? ""}
                    width={400}
                    height={210}
                    loading={index === 0 ? "eager" : "lazy"}
                    decoding="async"
                    className="h-auto w-full rounded-xl bg-brand-50"
                  />
                )}
                <div>
                  <h2 className="text-2xl font-bold">
                    <Link to={`/blog/${post.slug}`} className="hover:text-brand-700">
                      {post.title}
                    </Link>
                  </h2>
                  <p className="mt-1 text-sm text-slate-600">
                    <FormattedDate date={post.date} /> · {t("readingTime", { minutes: post.readingMinutes })}
                  </p>
                  <p className="mt-2 text-slate-700">{post.description}</p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
