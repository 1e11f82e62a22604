import type ptLanding from "../pt/landing";
import type { Catalog } from "../types";

export default {
  nav: {
    label: "Main navigation",
    features: "Features",
    benefits: "Benefits",
    testimonials: "Testimonials",
    pricing: "Pricing",
    blog: "Blog",
    signIn: "Sign in",
    start: "Start for free",
    /** In place of sign-in and sign-up, for someone already signed in. */
    openApp: "Go to the app",
  },
  accountDeleted: "Your account and all of its data have been deleted.",
  hero: {
    title: "Your life organised, with time for yourself",
    subtitle: "Rumo brings tasks, calendar, goals, diary, finances and wellbeing together in one place — so you plan less and live more.",
    cta: "Start for free",
    premium: "Start Premium {{price}}/month",
    trial: "{{days}} days of Pro for free, no card needed.",
  },
  features: {
    title: "Everything you need, in one place",
    subtitle: "Modules that work together: what you plan in the calendar counts towards your goals and your impact.",
    calendar: { title: "Smart calendar", text: "Events, reminders and tasks scheduled into the first free slot of your day." },
    tasks: { title: "Tasks", text: "Priorities, durations and a timeline of your day." },
    impact: { title: "My impact", text: "See the time saved and the skills you are building, computed from your activity." },
    goals: { title: "Goals", text: "Visible progress, milestones and a celebration when you get there." },
    diary: { title: "Emotional diary", text: "Record your mood and emotions and see patterns over time." },
    selfCare: { title: "Self-care", text: "Routines on the days you choose, and the streak you keep." },
    finances: { title: "Personal finances", text: "Income, expenses, budgets and CSV export, in euros." },
    cycle: { title: "Menstrual cycle", text: "Predictions from your own history, privately." },
    reports: { title: "Weekly reports", text: "Every Monday, a summary of the previous week." },
    assistant: { title: "AI assistant", text: "Ask it to create tasks or sum up your finances, in English or Portuguese." },
  },
  benefits: {
    title: "Why Rumo",
    privacy: { title: "Your data is yours", text: "Export everything or delete your account whenever you like." },
    language: { title: "In Portuguese and English", text: "Made in Portugal: euros, weeks starting on Monday." },
    everywhere: { title: "Everywhere", text: "In the browser, installed as an app or on your phone." },
  },
  integrations: {
    title: "Integrations",
    calendar: {
      title: "Calendar sync",
      text: "Connect Google Calendar with OAuth 2.0: Rumo never sees your password and you can revoke access at any time.",
    },
    payments: {
      title: "Card payments",
      text: "Subscriptions are paid by card through Stripe. Card details never pass through our servers.",
    },
  },
  onboarding: {
    title: "Get started in 3 steps",
    step1: { title: "Create your account", text: "With e-mail or Google. You get 14 days of Pro for free, no card needed." },
    step2: { title: "Choose what to organise", text: "Tasks, calendar, finances, wellbeing — start with what you need most." },
    step3: { title: "Follow your progress", text: "The My impact dashboard and weekly reports show the way." },
  },
  roadmap: {
    title: "Roadmap",
    subtitle: "What you can use today and what we are building.",
    available: "Available",
    upcoming: "Coming soon",
    features: {
      objetivos: "Goals",
      calendario: "Calendar",
      financas: "Finances",
      bem_estar: "Wellbeing",
      diario_emocional: "Emotional diary",
      autocuidado: "Self-care",
      ciclo_menstrual: "Menstrual cycle",
      criatividade: "Creativity",
      relatorios_semanais: "Weekly reports",
      agentes: "Agents",
      premium: "Premium",
    },
  },
  testimonials: {
    title: "Testimonials",
  },
  finalCta: {
    title: "Ready to find your way?",
    text: "Create your account in under a minute. You can export your data or leave whenever you like.",
    button: "Create account",
  },
} satisfies Catalog<typeof ptLanding>;
