import type ptBlog from "../pt/blog";
import type { Catalog } from "../types";

export default {
  title: "Blog",
  subtitle: "Practical guides to getting the most out of Rumo, day to day.",
  readingTime: "{{minutes}} min read",
  back: "Back to the blog",
  rss: "RSS feed",
  empty: "There are no posts in this language yet.",
  otherLanguage: "This post is not available in English yet; here is the original version.",
  feedTitle: "Rumo blog",
  feedDescription: "Practical guides to getting the most out of Rumo, day to day.",
} satisfies Catalog<typeof ptBlog>;
