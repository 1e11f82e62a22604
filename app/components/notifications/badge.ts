/** The bell's badge text: nothing for zero, the count up to 99, then '99+' (section 9). */
export function badgeLabel(unread: number): string {
  if (unread <= 0) return "";
  return unread > 99 ? "99+" : String(unread);
}
