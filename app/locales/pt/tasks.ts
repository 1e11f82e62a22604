/** The tasks module's catalogue (app/modules/tasks): the screen, its form and the API's messages. */
const tasks = {
  name: "Tarefas",
  errors: {
    titleRequired: "O título da tarefa é obrigatório",
    titleTooLong: "O título pode ter no máximo 200 caracteres.",
    descriptionTooLong: "A descrição pode ter no máximo 5000 caracteres.",
    invalidDate: "Data inválida: use uma data que exista (AAAA-MM-DD).",
    invalidInstant: "Hora de início inválida.",
    duration: "Indique uma duração de 5 a 1440 minutos.",
    recurrence: "Repetição inválida.",
    recurrenceNeedsDate: "Uma tarefa repetida precisa de data.",
    create: "Erro ao criar tarefa",
    update: "Erro ao guardar tarefa",
    delete: "Erro ao eliminar",
    schedule: "Erro ao agendar tarefa",
    noSlot: "Erro ao agendar tarefa: não há espaço livre no seu horário de trabalho antes da data limite.",
    tooLong: "Erro ao agendar tarefa: a tarefa é mais longa do que um dia de trabalho.",
    duePassed: "Erro ao agendar tarefa: a data limite já passou.",
    alreadyDone: "Esta tarefa já está concluída.",
    load: "Não foi possível carregar as tarefas.",
  },
};

export default tasks;
