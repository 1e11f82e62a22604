const landing = {
  meta: {
    title: "Rumo — organização e bem-estar",
    description:
      "Tarefas, calendário inteligente, objetivos, diário emocional, finanças e ciclo menstrual numa só app, em português.",
  },
  nav: {
    features: "Funcionalidades",
    benefits: "Benefícios",
    signIn: "Entrar",
    start: "Começar grátis",
  },
  hero: {
    title: "A sua vida organizada, com tempo para si",
    subtitle:
      "O Rumo junta tarefas, calendário, objetivos, diário, finanças e bem-estar num só lugar — para planear menos e viver mais.",
    cta: "Começar grátis",
    trial: "14 dias de Pro grátis, sem cartão.",
  },
  features: {
    title: "Tudo o que precisa, num só sítio",
    calendar: { title: "Calendário inteligente", text: "Eventos, lembretes e tarefas agendadas no primeiro espaço livre do seu dia." },
    tasks: { title: "Tarefas", text: "Prioridades, duração e uma linha do tempo do seu dia." },
    goals: { title: "Objetivos", text: "Progresso visível, marcos e celebração quando chega lá." },
    diary: { title: "Diário emocional", text: "Registe o humor e as emoções e veja padrões ao longo do tempo." },
    finances: { title: "Finanças pessoais", text: "Receitas, despesas, orçamentos e exportação CSV, em euros." },
    cycle: { title: "Ciclo menstrual", text: "Previsões a partir do seu próprio histórico, com privacidade." },
    impact: { title: "Meu impacto", text: "Veja o tempo poupado e as competências que está a desenvolver." },
  },
  benefits: {
    title: "Porque o Rumo",
    privacy: { title: "Os seus dados são seus", text: "Exporte tudo ou apague a conta quando quiser." },
    language: { title: "Em português e inglês", text: "Feito em Portugal: euros, semanas a começar à segunda." },
    everywhere: { title: "Em todo o lado", text: "No navegador, instalada como app ou no telemóvel." },
  },
  finalCta: {
    title: "Pronto para ganhar rumo?",
    button: "Criar conta",
  },
  footer: {
    privacy: "Privacidade",
    terms: "Termos",
    contact: "Contacto: {{email}}",
  },
};
export default landing;
