import type { I18nHandle } from "~/i18n/route-namespaces";
import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { FormattedDate } from "~/components/public/formatted-date";
import { localeOf } from "~/i18n/language";
import { blog } from "~/lib/blog.server";
import { seoMeta } from "~/lib/seo";
import { seoFor } from "~/lib/seo.server";
import type { Route } from "./+types/blog-post";

export const handle: I18nHandle = { i18n: ["blog"] };

export function loader({ context, request, params }: Route.LoaderArgs) {
  // Exact lookup among the bundled posts: an unknown or malformed slug is a 404, never a file read.
  const post = blog.get(params.slug, context.lang);
  if (!post) throw data(null, { status: 404 });
  return {
    post,
    seo: seoFor(context, request, "blog", { title: `${post.title} — Rumo`, description: post.description, type: "article", publishedTime: post.date }),
    translated: post.language === context.lang,
  };
}

export const meta = seoMeta;

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("blog");
  const { post } = loaderData;
  return (
    <article lang={localeOf[post.language]} className="mx-auto max-w-3xl px-4 py-12">
      <p>
        <Link to="/blog" className="text-sm font-medium text-brand-700 underline">
          ← {t("back")}
        </Link>
      </p>
      {!loaderData.translated && <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t("otherLanguage")}</p>}
      <h1 className="mt-6 text-4xl font-extrabold tracking-tight">{post.title}</h1>
      <p className="mt-3 text-sm text-slate-600">
        <FormattedDate date={post.date} /> · {t("readingTime", { minutes: post.readingMinutes })}
      </p>
      {post.cover && (
        <img src={post.cover} alt={post.coverAlt ?? ""} width={1200} height={630} decoding="async" className="mt-8 h-auto w-full rounded-2xl bg-brand-50" />
      )}
      <div className="prose-rumo mt-8" dangerouslySetInnerHTML={{ __html: post.html }} />
    </article>
  );
}
