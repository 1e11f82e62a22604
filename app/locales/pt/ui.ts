/** The UI kit's own words (app/components/ui): buttons, pickers and the messages of their checks. */
const ui = {
  loading: "A carregar...",
  optional: "opcional",
  confirm: {
    confirm: "Confirmar",
    cancel: "Cancelar",
  },
  combobox: {
    noResults: "Sem resultados",
    showOptions: "Mostrar opções",
  },
  date: {
    openCalendar: "Escolher data",
    calendar: "Calendário",
    previousMonth: "Mês anterior",
    nextMonth: "Mês seguinte",
    today: "Hoje",
    format: "dd/mm/aaaa",
    keyboardHint: "Setas mudam o dia, Page Up e Page Down o mês, Enter escolhe, Esc fecha.",
    invalid: "Data inválida. Use dd/mm/aaaa.",
    beforeMin: "A data tem de ser a partir de {{date}}.",
    afterMax: "A data tem de ser até {{date}}.",
  },
  time: {
    invalid: "Hora inválida. Use hh:mm (00:00 a 23:59).",
  },
  money: {
    invalid: "Valor inválido. Exemplo: 1 234,56",
    tooPrecise: "Use no máximo duas casas decimais.",
    tooLarge: "Valor demasiado alto.",
    negative: "O valor não pode ser negativo.",
  },
  gallery: {
    title: "Kit de interface",
    intro: "Os componentes partilhados do Rumo, para consulta durante o desenvolvimento.",
  },
};
export default ui;
