const blog = {
  title: "Blog",
  subtitle: "Guias práticos para tirar partido do Rumo no dia a dia.",
  readingTime: "{{minutes}} min de leitura",
  back: "Voltar ao blog",
  rss: "Feed RSS",
  empty: "Ainda não há artigos neste idioma.",
  otherLanguage: "Este artigo ainda não está disponível em português; mostramos a versão original.",
  feedTitle: "Blog do Rumo",
  feedDescription: "Guias práticos para tirar partido do Rumo no dia a dia.",
};
export default blog;
