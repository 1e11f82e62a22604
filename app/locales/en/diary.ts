import type ptDiary from "../pt/diary";
import type { Catalog } from "../types";

export default {
  name: "Emotional diary",
} satisfies Catalog<typeof ptDiary>;
