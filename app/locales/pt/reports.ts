/** The reports module's catalogue (app/modules/reports); its screens add their texts here. */
const reports = {
  name: "Relatórios semanais",
};

export default reports;
