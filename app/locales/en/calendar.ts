import type ptCalendar from "../pt/calendar";
import type { Catalog } from "../types";

export default {
  name: "Calendar",
} satisfies Catalog<typeof ptCalendar>;
