import { redirect } from "react-router";

/**
 * /app/lembrete → /app/ciclo-menstrual: where a discreet cycle reminder leads (docs/decisions/0107).
 * Its e-mail prints the link, so the link names no cycle; the screen it opens does. Not permanent:
 * another discreet reminder may one day lead elsewhere through it.
 */
export const loader = () => redirect("/app/ciclo-menstrual");
