const common = {
  appName: "Rumo",
  tagline: "organização e bem-estar",
  betaBanner: "BETA v1.0 - Versão de lançamento otimizada",
  language: {
    label: "Idioma",
    pt: "Português",
    en: "English",
  },
  pwa: {
    updateConfirm: "Está disponível uma nova versão do Rumo. Recarregar agora?",
  },
  loadingPage: "Carregando página...",
  checkingAuth: "Verificando autenticação...",
  loading: "A carregar...",
  /** Said instead of an amount the user chose to hide (app/components/ui/masked.tsx). */
  hiddenValue: "Valor oculto",
  skipToContent: "Saltar para o conteúdo",
  backHome: "Voltar ao início",
  notFound: {
    title: "Página não encontrada",
    description: "A página que procura não existe ou foi movida.",
  },
  noConnection: {
    title: "Sem ligação",
    description: "Este ecrã ainda não foi guardado neste dispositivo. Abre-se assim que a ligação voltar; os ecrãs que já abriu continuam disponíveis.",
    back: "Voltar",
  },
  errorBoundary: {
    title: "Algo correu mal",
    description: "Ocorreu um erro inesperado. Por favor tenta novamente.",
    details: "Detalhes do erro",
    retry: "Tentar novamente",
    reference: "Referência: {{requestId}}",
  },
};
export default common;
