const email = {
  footer: "Rumo — organização e bem-estar. Recebeu este email porque existe uma conta Rumo com este endereço.",
  confirmation: {
    subject: "Confirme o seu email no Rumo",
    heading: "Confirme o seu email",
    body: "Olá {{name}}, para ativar a sua conta Rumo confirme o seu email. O link é válido durante 24 horas.",
    button: "Confirmar email",
    ignore: "Se não criou uma conta no Rumo, ignore este email.",
  },
  welcome: {
    subject: "Bem-vindo ao Rumo",
    heading: "Bem-vindo ao Rumo, {{userName}}!",
    body: "A sua conta está criada e tem 14 dias de Pro grátis. Comece pelo seu painel de impacto.",
    button: "Abrir o meu impacto",
  },
  passwordReset: {
    subject: "Recuperar a sua senha do Rumo",
    heading: "Definir uma nova senha",
    body: "Recebemos um pedido para recuperar a senha da sua conta. O link é válido durante 1 hora e só pode ser usado uma vez.",
    button: "Definir nova senha",
    ignore: "Se não pediu para recuperar a senha, ignore este email: a sua senha continua a mesma.",
  },
  // An e-mail change (POST /me/email): the link to the new address, the notice to the old one.
  emailChangeConfirmation: {
    subject: "Confirme o seu novo email no Rumo",
    heading: "Confirme o seu novo email",
    body: "Olá {{name}}, pediu para usar este endereço na sua conta Rumo. Confirme-o para que a conta volte a ter um email confirmado. O link é válido durante 24 horas.",
    button: "Confirmar email",
    ignore: "Se não pediu esta alteração, ignore este email.",
  },
  emailChanged: {
    subject: "O email da sua conta Rumo foi alterado",
    heading: "O email da sua conta foi alterado",
    body: "Olá {{name}}, o email da sua conta Rumo passou de {{oldEmail}} para {{newEmail}}. Se foi você, não precisa de fazer nada: confirme o novo endereço com o link que lhe enviámos para lá.\n\nSe não foi você, abra o Rumo num dispositivo onde ainda tenha sessão iniciada e altere o email e a senha, ou escreva-nos para {{support}}.",
    button: "Abrir a segurança da conta",
  },
  // Notification e-mails (instant and digests; worker/notifications, worker/cron/email-digests).
  notification: {
    button: "Abrir no Rumo",
    footer: "Recebeu este email porque as notificações por email deste tipo estão ativas. Pode alterá-las nas preferências de notificações.",
  },
  digest: {
    dailySubject_zero: "Resumo diário do Rumo: {{count}} notificações",
    dailySubject_one: "Resumo diário do Rumo: {{count}} notificação",
    dailySubject_other: "Resumo diário do Rumo: {{count}} notificações",
    weeklySubject_zero: "Resumo semanal do Rumo: {{count}} notificações",
    weeklySubject_one: "Resumo semanal do Rumo: {{count}} notificação",
    weeklySubject_other: "Resumo semanal do Rumo: {{count}} notificações",
  },
};
export default email;
