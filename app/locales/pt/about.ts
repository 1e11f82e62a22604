const about = {
  title: "Sobre o Rumo",
  intro:
    "O Rumo é uma aplicação de organização pessoal e bem-estar. Junta as tarefas, o calendário, os objetivos, o diário, as finanças e o ciclo menstrual num só lugar, para que passe menos tempo a gerir aplicações e mais tempo a viver.",
  what: {
    title: "O que é",
    text: "Uma aplicação web, em português e inglês, que pode instalar no computador ou no telemóvel. Há um plano gratuito e planos pagos, Light e Pro; todas as contas novas experimentam o Pro durante 14 dias, sem cartão.",
  },
  who: {
    title: "Quem somos",
    text: "Uma equipa pequena, em Portugal. O Rumo está em fase beta: está a crescer, e as suas sugestões ajudam a decidir o que vem a seguir. Veja o roteiro na página inicial.",
  },
  principles: {
    title: "Os nossos princípios",
    honesty: "Sem números inventados: não mostramos estatísticas que não possamos confirmar, e as análises da aplicação são calculadas a partir dos seus dados.",
    data: "Os seus dados são seus: pode exportá-los ou apagar a conta a qualquer momento, e os dados de saúde só são tratados com o seu consentimento explícito.",
    noAds: "Sem publicidade e sem venda de dados: o Rumo vive das subscrições.",
    security: "Segurança a sério: sem scripts de terceiros, cabeçalhos de segurança reais e palavras-passe guardadas apenas como resumo criptográfico.",
  },
  contact: {
    title: "Fale connosco",
    text: "Dúvidas, sugestões ou problemas? Escreva para <mail>{{email}}</mail>.",
  },
};
export default about;
