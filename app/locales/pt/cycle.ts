/** The cycle module's catalogue (app/modules/cycle); its screens add their texts here. */
const cycle = {
  name: "Ciclo menstrual",
};

export default cycle;
