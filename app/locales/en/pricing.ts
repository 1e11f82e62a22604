import type ptPricing from "../pt/pricing";
import type { Catalog } from "../types";

export default {
  title: "Simple plans, in euros",
  subtitle: "Start for free. Every new account gets {{days}} days of Pro, no card needed.",
  perMonth: "/month",
  previousPrice: "Previous price: {{price}}",
  recommended: "Recommended",
  included: "Included",
  notIncluded: "Not included",
  plans: {
    free: { name: "Free", tagline: "To organise the essentials." },
    light: { name: "Light", tagline: "Wellbeing, full finances and sync." },
    pro: { name: "Pro", tagline: "Everything, including the AI assistant." },
  },
  entitlements: {
    core: "Tasks, calendar, goals, impact dashboard, notifications, search and cycle tracking",
    finances_basic: "Finances: transactions, dashboard, filters and natural-language entry",
    finances_advanced: "Finances: analysis, savings goals, budgets, CSV export and import",
    wellbeing: "Emotional diary, self-care routines and weekly reports",
    calendar_sync: "Google Calendar sync and ICS feed",
    ai: "AI assistant and AI insights (diary and finances)",
  },
  choose: {
    free: "Start for free",
    paid: "Choose {{plan}}",
  },
  offers: {
    title: "No small print",
    trial: { title: "{{days}} days of Pro for free", text: "No card. When it ends, your account moves to the Free plan and nothing is deleted." },
    guarantee: { title: "{{days}}-day guarantee", text: "If you are not satisfied, we refund your first payment. Just write to support." },
    coupon: { title: "Welcome coupon", text: "Use the code {{code}} for {{percent}} % off your first paid month." },
    referral: { title: "Invite friends", text: "When {{friends}} friends you invited pay their first invoice, you get {{months}} month of Pro for free." },
  },
  vatNote: "Monthly prices, VAT included. Cancel whenever you like.",
  premium: {
    title: "Rumo Premium",
    subtitle: "More than a to-do list: your wellbeing, your finances and an assistant that helps you plan.",
    includesTitle: "What Premium adds",
    from: "From {{price}}/month",
    compare: "Compare all plans",
  },
} satisfies Catalog<typeof ptPricing>;
