const notifications = {
  /** An event's reminder (the calendar's minute cron): the title is the event's own. */
  eventReminder: { title: "{{title}}", message: "Começa a {{date}} às {{time}}." },
  eventReminderAllDay: { title: "{{title}}", message: "{{date}}, todo o dia." },
  /** A self-care routine's reminder at its time of day (decision 0099): the title is the routine's own. */
  routineReminder: { title: "{{title}}", message: "Está na hora da sua rotina de hoje ({{time}}). Marque-a como feita quando terminar." },
  /** A task about to start (the tasks' quarter-hour job). */
  taskStarting: { title: "Tarefa a começar: {{title}}", message: "Agendada para as {{time}} ({{minutes}} min)." },
  /** The cycle's reminder: no more than that a period is expected (read on lock screens and in e-mail). */
  periodExpected: { title: "Período previsto em breve", message: "O próximo período está previsto para {{date}}. É uma estimativa, não um método contracetivo." },
  /**
   * The cycle's reminder when discreet (the default, decision 0107): nothing of periods, health or
   * the cycle, since lock screens, a shared screen's bell and e-mail show it. Its link leads there.
   */
  discreetReminder: { title: "Tem um lembrete no Rumo", message: "Abra-o no Rumo para ver os detalhes." },
  /** A budget's alerts (decision 0025); {{category}} is the category's name in the reader's language. */
  budgetAt80: { title: "Orçamento de {{category}} a 80 %", message: "Já gastou {{spent}} de {{limit}} este mês em {{category}}." },
  budgetExceeded: { title: "Orçamento de {{category}} esgotado", message: "Gastou {{spent}} este mês em {{category}}, acima do limite de {{limit}}." },
  weeklyReport: {
    title: "O seu relatório semanal está pronto",
    // {{done}}, {{created}} and {{events}} are the counted texts below (docs/decisions/0069).
    message: "Semana de {{from}} a {{to}}: {{done}} ({{created}}), {{events}}, {{spent}} em despesas.",
    done_zero: "{{count}} tarefas concluídas",
    done_one: "{{count}} tarefa concluída",
    done_other: "{{count}} tarefas concluídas",
    created_zero: "{{count}} criadas",
    created_one: "{{count}} criada",
    created_other: "{{count}} criadas",
    events_zero: "{{count}} eventos",
    events_one: "{{count}} evento",
    events_other: "{{count}} eventos",
  },
  welcome: {
    title: "Bem-vindo ao Rumo!",
    message: "A sua conta está pronta. Comece pelo seu painel de impacto e defina os seus primeiros objetivos.",
  },
  security: {
    passwordChanged: {
      title: "Senha alterada",
      message: "A senha da sua conta foi alterada. Se não reconhece esta alteração, recupere a conta imediatamente.",
    },
    emailChanged: {
      title: "Email alterado",
      message: "O email da sua conta passou a ser {{email}}. Confirme-o com o link que lhe enviámos. Se não reconhece esta alteração, altere o email e a senha.",
    },
    twoFactorEnabled: {
      title: "Verificação em dois passos ativada",
      message: "A partir de agora, o início de sessão pede um código da sua aplicação de autenticação.",
    },
    twoFactorDisabled: {
      title: "Verificação em dois passos desativada",
      message: "O início de sessão já não pede um código. Se não reconhece esta alteração, altere a sua senha.",
    },
    newDevice: {
      title: "Novo início de sessão",
      message: "Iniciou sessão a partir de {{device}} ({{ip}}). Se não reconhece este início de sessão, altere a sua senha e termine as outras sessões.",
    },
  },
  trial: {
    ending: {
      title: "O seu período experimental termina em breve",
      message: "O seu teste Pro termina a {{date}}. Escolha um plano para continuar com todas as funcionalidades.",
    },
    ended: {
      title: "O seu período experimental terminou",
      message: "A sua conta passou para o plano Gratuito. Os seus dados continuam disponíveis; faça upgrade para voltar ao Pro.",
    },
  },
  billing: {
    paymentFailed: {
      title: "Pagamento falhou",
      message: "Não foi possível cobrar {{amount}} da sua subscrição. Atualize o método de pagamento para manter o seu plano.",
    },
  },
  goals: {
    completed: {
      title: "Objetivo concluído!",
      message: "Concluiu «{{title}}». Parabéns pelo caminho percorrido!",
    },
  },
  features: {
    title: "Novas funcionalidades disponíveis",
    message: "Já pode experimentar: {{names}}.",
    action: "Ver novidades",
  },
  ui: {
    bell: "Notificações",
    bellWithCount: "Notificações, {{count}} por ler",
    title: "Notificações",
    markAllRead: "Marcar todas como lidas",
    markRead: "Marcar como lida",
    /** A row's own buttons, named by its notification (notification-list.tsx). */
    markReadOne: "Marcar como lida: {{title}}",
    markUnreadOne: "Marcar como não lida: {{title}}",
    delete: "Eliminar notificação: {{title}}",
    /** Said before an unread notification's title: the dot's colour shows the same to the eye. */
    unread: {
      low: "Não lida, prioridade baixa.",
      medium: "Não lida, prioridade média.",
      high: "Não lida, prioridade alta.",
      critical: "Não lida, prioridade crítica.",
    },
    /** The toast after a delete, with its undo (use-notifications.ts). */
    deleted: "Notificação eliminada",
    undo: "Anular",
    empty: "Sem notificações",
    emptyFilter: "Nada por aqui.",
    loadMore: "Carregar mais",
    loading: "A carregar...",
    close: "Fechar",
    tabs: {
      all: "Todas",
      unread: "Não lidas",
      priority: "Prioritárias",
      today: "Hoje",
    },
    types: {
      system: "Sistema",
      achievement: "Conquista",
      task: "Tarefa",
      financial: "Finanças",
      reminder: "Lembrete",
      social: "Social",
      security: "Segurança",
      welcome: "Boas-vindas",
      goal_progress: "Progresso de objetivo",
      budget_alert: "Alerta de orçamento",
      weekly_report: "Relatório semanal",
    },
    connection: {
      open: "Ligado em tempo real",
      connecting: "A ligar...",
      closed: "Sem ligação em tempo real",
    },
    pageTitle: "Notificações | Rumo",
    signedOut: "Inicie sessão para ver as suas notificações.",
    /** The offer to turn on the browser's notifications (browser-notifications-offer.tsx, decision 0106). */
    browser: {
      offer: "Receba um aviso do navegador quando chegar uma notificação importante.",
      enable: "Ativar notificações do navegador",
      notNow: "Agora não",
      title: "Notificações do navegador",
      state: {
        default: "Um aviso do sistema quando chega uma notificação importante (prioridade alta ou crítica), mesmo com o Rumo noutro separador.",
        granted: "Ativadas neste navegador: as notificações importantes aparecem também como aviso do sistema.",
        denied: "Bloqueadas neste navegador. Para as ativar, permita as notificações do Rumo nas definições do navegador.",
        unsupported: "Este navegador não mostra notificações do sistema.",
      },
    },
  },
};
export default notifications;
