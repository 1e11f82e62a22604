/** The selfCare module's catalogue (app/modules/selfCare); its screens add their texts here. */
const selfCare = {
  name: "Autocuidado",
};

export default selfCare;
