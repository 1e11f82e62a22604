const pricing = {
  title: "Planos simples, em euros",
  subtitle: "Comece grátis. Todas as contas novas têm {{days}} dias de Pro, sem cartão.",
  perMonth: "/mês",
  previousPrice: "Preço anterior: {{price}}",
  recommended: "Recomendado",
  included: "Incluído",
  notIncluded: "Não incluído",
  plans: {
    free: { name: "Gratuito", tagline: "Para organizar o essencial." },
    light: { name: "Light", tagline: "Bem-estar, finanças completas e sincronização." },
    pro: { name: "Pro", tagline: "Tudo, incluindo o assistente IA." },
  },
  entitlements: {
    core: "Tarefas, calendário, objetivos, painel de impacto, notificações, pesquisa e ciclo menstrual",
    finances_basic: "Finanças: movimentos, painel, filtros e registo em linguagem natural",
    finances_advanced: "Finanças: análise, objetivos de poupança, orçamentos, exportação e importação CSV",
    wellbeing: "Diário emocional, rotinas de autocuidado e relatórios semanais",
    calendar_sync: "Sincronização com o Google Calendar e feed ICS",
    ai: "Assistente IA e análises com IA (diário e finanças)",
  },
  choose: {
    free: "Começar grátis",
    paid: "Escolher {{plan}}",
  },
  offers: {
    title: "Sem letra pequena",
    trial: { title: "{{days}} dias de Pro grátis", text: "Sem cartão. No fim, a conta passa para o plano Gratuito e nada é apagado." },
    guarantee: { title: "Garantia de {{days}} dias", text: "Se não ficar satisfeito, devolvemos o primeiro pagamento. Basta escrever ao suporte." },
    coupon: { title: "Cupão de boas-vindas", text: "Use o código {{code}} para {{percent}} % de desconto no primeiro mês pago." },
    referral: { title: "Convide amigos", text: "Quando {{friends}} amigos convidados pagarem a primeira fatura, ganha {{months}} mês de Pro grátis." },
  },
  vatNote: "Preços mensais com IVA incluído. Cancele quando quiser.",
  premium: {
    title: "Rumo Premium",
    subtitle: "Mais do que uma lista de tarefas: o seu bem-estar, as suas finanças e um assistente que o ajuda a planear.",
    includesTitle: "O que o Premium acrescenta",
    from: "A partir de {{price}}/mês",
    compare: "Comparar todos os planos",
  },
};
export default pricing;
