const legal = {
  updated: "Última atualização:",
  nav: "Documentos legais",
  privacy: "Privacidade",
  terms: "Termos",
  legalCenter: "Centro legal",
};
export default legal;
