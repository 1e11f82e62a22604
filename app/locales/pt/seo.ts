/** Titles, descriptions and keywords of the pages (spec section 2, "Page-metadata rules"). */
const seo = {
  imageAlt: "Rumo — organização e bem-estar: tarefas, calendário, objetivos, diário e finanças numa só app",
  pages: {
    default: {
      title: "Rumo — organização e bem-estar",
      description: "Tarefas, calendário inteligente, objetivos, diário emocional, finanças e ciclo menstrual numa só app, em português.",
      keywords: "organização pessoal, produtividade, bem-estar, tarefas, calendário, objetivos, diário emocional, finanças pessoais",
    },
    home: {
      title: "Rumo — organização e bem-estar",
      description: "Tarefas, calendário inteligente, objetivos, diário emocional, finanças e ciclo menstrual numa só app, em português.",
      keywords: "organização pessoal, produtividade, bem-estar, tarefas, calendário, objetivos, diário emocional, finanças pessoais",
    },
    about: {
      title: "Sobre o Rumo — organização e bem-estar, feito em Portugal",
      description: "Quem faz o Rumo, porque existe e os princípios que seguimos: honestidade, privacidade e os seus dados sempre seus.",
      keywords: "sobre o Rumo, app portuguesa, organização pessoal, bem-estar, privacidade",
    },
    pricing: {
      title: "Preços — Rumo | Gratuito, Light e Pro",
      description: "Compare os planos Gratuito, Light e Pro do Rumo. 14 dias de Pro grátis sem cartão e garantia de 30 dias.",
      keywords: "preços Rumo, planos, subscrição, Premium, Light, Pro, teste grátis",
    },
    premium: {
      title: "Rumo Premium — diário, relatórios, sincronização e assistente IA",
      description: "Desbloqueie o diário emocional, os relatórios semanais, a sincronização com o Google Calendar e o assistente IA.",
      keywords: "Rumo Premium, assistente IA, relatórios semanais, diário emocional, Google Calendar",
    },
    blog: {
      title: "Blog do Rumo — organização e bem-estar no dia a dia",
      description: "Guias práticos para planear a semana, cuidar de si e acompanhar as suas finanças com o Rumo.",
      keywords: "blog Rumo, produtividade, planeamento semanal, diário emocional, finanças pessoais",
    },
    privacy: {
      title: "Política de privacidade — Rumo",
      description: "Que dados o Rumo guarda, onde, porquê e durante quanto tempo, dados de saúde, cookies, exportação e eliminação.",
      keywords: "privacidade, RGPD, dados de saúde, cookies, Rumo",
    },
    terms: {
      title: "Termos de utilização — Rumo",
      description: "As regras de utilização do Rumo: conta, planos, pagamentos, garantia de 30 dias e os seus conteúdos.",
      keywords: "termos de utilização, condições, subscrição, Rumo",
    },
    legalCenter: {
      title: "Centro legal — Rumo",
      description: "Privacidade, termos, os seus direitos e como exportar ou apagar os seus dados no Rumo.",
      keywords: "centro legal, privacidade, termos, direitos, Rumo",
    },
    paymentSuccess: {
      title: "Pagamento concluído — Rumo",
      description: "Obrigado! A sua subscrição do Rumo está a ser ativada.",
      keywords: "pagamento, subscrição, Rumo",
    },
    paymentCancel: {
      title: "Pagamento cancelado — Rumo",
      description: "O pagamento foi cancelado e nada foi cobrado.",
      keywords: "pagamento, cancelado, Rumo",
    },
    auth: {
      title: "Entrar ou criar conta — Rumo",
      description: "Inicie sessão ou crie a sua conta no Rumo. 14 dias de Pro grátis, sem cartão.",
      keywords: "entrar, criar conta, registo, Rumo",
    },
  },
};
export default seo;
