/** The diary module's catalogue (app/modules/diary); its screens add their texts here. */
const diary = {
  name: "Diário emocional",
};

export default diary;
