import type ptLanding from "../pt/landing";
import type { Catalog } from "../types";

export default {
  meta: {
    title: "Rumo — organisation and wellbeing",
    description: "Tasks, a smart calendar, goals, an emotional diary, finances and cycle tracking in one app.",
  },
  nav: {
    features: "Features",
    benefits: "Benefits",
    signIn: "Sign in",
    start: "Start for free",
  },
  hero: {
    title: "Your life organised, with time for yourself",
    subtitle: "Rumo brings tasks, calendar, goals, diary, finances and wellbeing together — plan less, live more.",
    cta: "Start for free",
    trial: "14 days of Pro for free, no card needed.",
  },
  features: {
    title: "Everything you need, in one place",
    calendar: { title: "Smart calendar", text: "Events, reminders and tasks placed in the first free slot of your day." },
    tasks: { title: "Tasks", text: "Priorities, durations and a timeline of your day." },
    goals: { title: "Goals", text: "Visible progress, milestones and a celebration when you get there." },
    diary: { title: "Emotional diary", text: "Record your mood and emotions and see patterns over time." },
    finances: { title: "Personal finances", text: "Income, expenses, budgets and CSV export, in euros." },
    cycle: { title: "Menstrual cycle", text: "Predictions from your own history, privately." },
    impact: { title: "My impact", text: "See the time you saved and the skills you are building." },
  },
  benefits: {
    title: "Why Rumo",
    privacy: { title: "Your data is yours", text: "Export everything or delete your account whenever you like." },
    language: { title: "In Portuguese and English", text: "Made in Portugal: euros, weeks starting on Monday." },
    everywhere: { title: "Everywhere", text: "In the browser, installed as an app or on your phone." },
  },
  finalCta: {
    title: "Ready to find your way?",
    button: "Create account",
  },
  footer: {
    privacy: "Privacy",
    terms: "Terms",
    contact: "Contact: {{email}}",
  },
} satisfies Catalog<typeof ptLanding>;
