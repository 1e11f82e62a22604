const payment = {
  success: {
    title: "Obrigado! Pagamento concluído",
    text: "A sua subscrição está a ser ativada. Pode demorar alguns instantes; o estado aparece no separador Subscrição do seu perfil. Vai receber o recibo por email.",
    cta: "Ir para o meu perfil",
  },
  cancel: {
    title: "Pagamento cancelado",
    text: "Não foi cobrado nada. Pode escolher um plano quando quiser, e continua a poder usar o plano em que está.",
    cta: "Ver planos",
  },
  home: "Voltar ao início",
};
export default payment;
