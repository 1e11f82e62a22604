/** Messages of the API's error shape (../shared/API.md), chosen by error code or field rule. */
const errors = {
  invalid_json: "O corpo do pedido não é JSON válido.",
  validation_failed: "Alguns campos não são válidos.",
  unauthenticated: "Precisa de iniciar sessão.",
  premium_required: "Funcionalidade Premium - disponível apenas para utilizadores Premium",
  forbidden: "Não tem permissão para esta ação.",
  csrf: "Pedido recusado: origem não permitida.",
  email_not_confirmed: "Por favor, confirme o seu email antes de fazer login",
  not_found: "Não encontrado.",
  conflict: "Conflito com o estado atual.",
  payload_too_large: "O pedido é demasiado grande (máximo 1 MB).",
  unsupported_media_type: "Tipo de conteúdo não suportado. Use application/json.",
  bodyLimit: {
    tooLarge: "O pedido é demasiado grande (máximo {{max}}).",
    mediaType: "Tipo de conteúdo não suportado. Use {{types}}.",
  },
  idempotency: {
    reused: "Esta chave de idempotência já foi usada com outro pedido. Gere uma chave nova para cada alteração.",
    inProgress: "Um pedido com esta chave de idempotência ainda está a ser processado. Tente novamente dentro de instantes.",
    invalidKey: "Chave inválida: use 8 a 200 letras, números, '-', '_', ':' ou '.'.",
  },
  rate_limited: "Demasiados pedidos. Tente novamente mais tarde.",
  internal_error: "Erro interno do sistema. Tente novamente em alguns minutos.",
  service_misconfigured: "Serviço temporariamente indisponível: a configuração do servidor está incompleta.",
  billing_unavailable: "Não foi possível contactar o serviço de pagamentos. Nada foi alterado; tente novamente dentro de alguns minutos.",
  service_unavailable: "O serviço está temporariamente indisponível. Nada foi alterado; tente novamente dentro de instantes.",
  unavailablePage: {
    title: "Serviço temporariamente indisponível",
    retry: "Tentar novamente",
  },
  field: {
    required: "Campo obrigatório.",
    invalid: "Valor inválido.",
    tooLong: "Texto demasiado longo.",
    tooShort: "Texto demasiado curto.",
    notString: "Deve ser texto.",
    unknown: "Campo desconhecido.",
    limit: "Indique um número inteiro de 1 a 200.",
    cursor: "Cursor de paginação inválido: volte ao início da lista.",
  },
};
export default errors;
