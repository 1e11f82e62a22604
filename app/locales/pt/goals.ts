/** The goals module's catalogue (app/modules/goals); its screens add their texts here. */
const goals = {
  name: "Objetivos",
};

export default goals;
