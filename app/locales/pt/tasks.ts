/** The tasks module's catalogue (app/modules/tasks); its screens add their texts here. */
const tasks = {
  name: "Tarefas",
};

export default tasks;
