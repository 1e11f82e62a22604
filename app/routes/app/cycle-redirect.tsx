import { redirect } from "react-router";

/** /app/ciclo → /app/ciclo-menstrual. */
export const loader = () => redirect("/app/ciclo-menstrual", 301);
