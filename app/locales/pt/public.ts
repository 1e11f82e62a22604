/** The shared header and footer of the public pages. */
const pub = {
  footer: {
    label: "Rodapé",
    product: "Produto",
    legal: "Legal",
    pricing: "Preços",
    premium: "Premium",
    blog: "Blog",
    about: "Sobre",
    privacy: "Privacidade",
    terms: "Termos",
    legalCenter: "Centro legal",
    contact: "Contacto: <mail>{{email}}</mail>",
    madeIn: "Feito em Portugal.",
  },
};
export default pub;
