import { redirect } from "react-router";

/** /app → /app/dashboard. */
export const loader = () => redirect("/app/dashboard");
