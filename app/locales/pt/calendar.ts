/** The calendar module's catalogue (app/modules/calendar); its screens add their texts here. */
const calendar = {
  name: "Calendário",
};

export default calendar;
