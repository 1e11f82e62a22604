/** The assistant module's catalogue (app/modules/assistant); its screens add their texts here. */
const assistant = {
  name: "Assistente IA",
};

export default assistant;
