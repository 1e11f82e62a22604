/** The finances module's catalogue (app/modules/finances); its screens add their texts here. */
const finances = {
  name: "Finanças",
};

export default finances;
