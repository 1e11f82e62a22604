/** The reports module's catalogue (app/modules/reports). */
const reports = {
  name: "Relatórios semanais",
  subtitle: "Um resumo da sua semana, de segunda a domingo, com os números de onde vem cada conclusão.",
  pageTitle: "Relatórios semanais | Rumo",
  empty: {
    title: "Ainda não há relatórios",
    text: "O primeiro relatório chega na segunda-feira às 07:00 (no seu fuso horário), com a semana que acabou de terminar. Vai receber uma notificação.",
    // A plan without weekly reports gets none on Monday: the empty state must not promise one.
    lockedText: "O seu plano atual não inclui relatórios semanais: nenhum chega na segunda-feira enquanto não mudar para Light ou Pro.",
  },
  locked: "Os relatórios semanais fazem parte dos planos Light e Pro. Os relatórios que já recebeu continuam disponíveis.",
  weeks: "Semanas",
  loadMore: "Carregar mais",
  loadMoreFailed: "Não foi possível carregar mais semanas.",
  weekOf: "Semana de {{days}}",
  // An account opened during the week: the report counts the days from then on only.
  partialWeek_zero: "A sua conta foi criada a {{date}}: este relatório conta só os {{count}} dias desde então.",
  partialWeek_one: "A sua conta foi criada a {{date}}: este relatório conta só esse dia.",
  partialWeek_other: "A sua conta foi criada a {{date}}: este relatório conta só os {{count}} dias desde então.",
  open: "Abrir o relatório da semana de {{from}}",
  chartLoading: "A carregar gráficos...",
  cards: {
    tasks: "Tarefas concluídas",
    tasksDetail_zero: "{{count}} criadas",
    tasksDetail_one: "{{count}} criada",
    tasksDetail_other: "{{count}} criadas",
    events: "Eventos",
    mood: "Humor médio",
    moodDetail_zero: "{{count}} entradas no diário",
    moodDetail_one: "{{count}} entrada no diário",
    moodDetail_other: "{{count}} entradas no diário",
    noMood: "Sem registos",
    spent: "Despesas",
    spentDetail: "{{previous}} na semana anterior",
    // Instead of "0,00 € na semana anterior" when the account did not exist then.
    noPreviousWeek: "A conta ainda não existia na semana anterior",
  },
  charts: {
    activity: "Atividade por dia",
    tasksDone: "Tarefas concluídas",
    events: "Eventos",
    mood: "Humor por dia",
    noMoodLogged: "Nenhuma entrada desta semana tem humor registado.",
    spending: "Despesas por categoria",
    thisWeek: "Esta semana",
    previousWeek: "Semana anterior",
    noSpending: "Sem despesas nesta semana nem na anterior.",
    noActivity: "Sem tarefas concluídas nem eventos nesta semana.",
    // The charts' tables for screen readers: column headers, and a day without a mood.
    day: "Dia",
    category: "Categoria",
    noMoodDay: "sem registo",
  },
  goals: {
    title: "Objetivos",
    completed: "Concluído nesta semana",
    averageProgress: "Progresso médio dos objetivos em aberto: {{progress}}%",
    none: "Sem objetivos.",
  },
  routines: {
    title: "Rotinas de autocuidado",
    // Two plurals in one line: the days ticked of the days due, then the streak.
    days_zero: "{{checkIns}} de {{count}} dias",
    days_one: "{{checkIns}} de {{count}} dia",
    days_other: "{{checkIns}} de {{count}} dias",
    // A routine counted several times a day (0117): the times done over the week of the times planned.
    // The unit is the user's ("copos", "passeios") and not known: "vezes".
    times_zero: "{{done}} de {{count}} vezes",
    times_one: "{{done}} de {{count}} vez",
    times_other: "{{done}} de {{count}} vezes",
    // A routine on chosen weekdays none of which fell in the days the report covers.
    noneDue: "sem dias previstos nesta semana",
    streak_zero: "sequência de {{count}} dias",
    streak_one: "sequência de {{count}} dia",
    streak_other: "sequência de {{count}} dias",
    // A routine on chosen weekdays: its streak counts the due days done in a row, not calendar days.
    streakTimes_zero: "sequência de {{count}} vezes",
    streakTimes_one: "sequência de {{count}} vez",
    streakTimes_other: "sequência de {{count}} vezes",
    // The routines' line of the facts the assistant's provider rewords (no titles: only the figures).
    facts: "Rotinas de autocuidado: {{list}}.",
    none: "Sem rotinas.",
  },
  emotions: { title: "Emoções mais registadas", none: "Sem emoções registadas nesta semana." },
  cycle: {
    title: "Ciclo menstrual",
    note: "Mostrado porque autorizou o uso dos seus dados de ciclo (Perfil).",
    phases: { menstrual: "Menstrual", follicular: "Folicular", fertile: "Fértil", luteal: "Lútea" },
    unknown: "Sem dados",
  },
  finding: {
    title: "Uma relação nos seus dados",
    busyDaysMood:
      "Nos dias com {{threshold}} ou mais eventos o seu humor médio foi {{busyMood}} ({{busyDays}} dias), contra {{otherMood}} nos outros dias ({{otherDays}} dias).",
    basis: "Calculado sobre os {{windowDays}} dias de {{from}} a {{to}}; só é mostrado com pelo menos {{minDays}} dias de cada lado.",
  },
  summaryByProvider: "Resumo escrito pelo assistente a partir destes números.",
  summaryByProviderIn: "Resumo escrito pelo assistente a partir destes números, em {{language}} (a língua da conta quando o relatório foi feito).",
  summaryLanguage: { pt: "português", en: "inglês" },
  notFound: "Não existe relatório para essa semana.",
  errors: { weekStart: "Semana inválida: indique a data da segunda-feira em que começa (AAAA-MM-DD)." },
  tour: {
    report: { title: "O relatório", description: "Tarefas, eventos, humor, despesas, objetivos e rotinas da semana, com gráficos." },
  },
};

export default reports;
