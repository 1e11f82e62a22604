const landing = {
  nav: {
    label: "Navegação principal",
    features: "Funcionalidades",
    benefits: "Benefícios",
    testimonials: "Depoimentos",
    pricing: "Preços",
    blog: "Blog",
    signIn: "Entrar",
    start: "Começar grátis",
    /** In place of sign-in and sign-up, for someone already signed in. */
    openApp: "Ir para a app",
  },
  accountDeleted: "A sua conta e todos os seus dados foram eliminados.",
  hero: {
    title: "A sua vida organizada, com tempo para si",
    subtitle:
      "O Rumo junta tarefas, calendário, objetivos, diário, finanças e bem-estar num só lugar — para planear menos e viver mais.",
    cta: "Começar grátis",
    premium: "Começar Premium {{price}}/mês",
    trial: "{{days}} dias de Pro grátis, sem cartão.",
  },
  features: {
    title: "Tudo o que precisa, num só sítio",
    subtitle: "Módulos que trabalham juntos: o que planeia no calendário conta para os seus objetivos e para o seu impacto.",
    calendar: { title: "Calendário inteligente", text: "Eventos, lembretes e tarefas agendadas no primeiro espaço livre do seu dia." },
    tasks: { title: "Tarefas", text: "Prioridades, duração e uma linha do tempo do seu dia." },
    impact: { title: "Meu Impacto", text: "Veja o tempo poupado e as competências que está a desenvolver, calculados a partir da sua atividade." },
    goals: { title: "Objetivos", text: "Progresso visível, marcos e celebração quando chega lá." },
    diary: { title: "Diário emocional", text: "Registe o humor e as emoções e veja padrões ao longo do tempo." },
    selfCare: { title: "Autocuidado", text: "Rotinas nos dias que escolher, e a sequência que vai mantendo." },
    finances: { title: "Finanças pessoais", text: "Receitas, despesas, orçamentos e exportação CSV, em euros." },
    cycle: { title: "Ciclo menstrual", text: "Previsões a partir do seu próprio histórico, com privacidade." },
    reports: { title: "Relatórios semanais", text: "Todas as segundas-feiras, um resumo da semana anterior." },
    assistant: { title: "Assistente IA", text: "Peça para criar tarefas ou resumir as suas finanças, em português." },
  },
  benefits: {
    title: "Porque o Rumo",
    privacy: { title: "Os seus dados são seus", text: "Exporte tudo ou apague a conta quando quiser." },
    language: { title: "Em português e inglês", text: "Feito em Portugal: euros, semanas a começar à segunda." },
    everywhere: { title: "Em todo o lado", text: "No navegador, instalada como app ou no telemóvel." },
  },
  integrations: {
    title: "Integrações",
    calendar: {
      title: "Sincronização de calendário",
      text: "Ligue o Google Calendar com OAuth 2.0: o Rumo nunca vê a sua palavra-passe e pode revogar o acesso quando quiser.",
    },
    payments: {
      title: "Pagamentos com cartão",
      text: "As subscrições são pagas com cartão através da Stripe. Os dados do cartão nunca passam pelos nossos servidores.",
    },
  },
  onboarding: {
    title: "Comece em 3 passos",
    step1: { title: "Crie a sua conta", text: "Com email ou Google. Tem 14 dias de Pro grátis, sem cartão." },
    step2: { title: "Escolha o que organizar", text: "Tarefas, calendário, finanças, bem-estar — comece pelo que mais precisa." },
    step3: { title: "Acompanhe o seu progresso", text: "O painel Meu Impacto e os relatórios semanais mostram o caminho." },
  },
  roadmap: {
    title: "Roteiro",
    subtitle: "O que já pode usar e o que estamos a construir.",
    available: "Disponível",
    upcoming: "Em breve",
    features: {
      objetivos: "Objetivos",
      calendario: "Calendário",
      financas: "Finanças",
      bem_estar: "Bem-estar",
      diario_emocional: "Diário emocional",
      autocuidado: "Autocuidado",
      ciclo_menstrual: "Ciclo menstrual",
      criatividade: "Criatividade",
      relatorios_semanais: "Relatórios semanais",
      agentes: "Agentes",
      premium: "Premium",
    },
  },
  testimonials: {
    title: "Depoimentos",
  },
  finalCta: {
    title: "Pronto para ganhar rumo?",
    text: "Crie a conta em menos de um minuto. Pode exportar os seus dados ou sair quando quiser.",
    button: "Criar conta",
  },
};
export default landing;
