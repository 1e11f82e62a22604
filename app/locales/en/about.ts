import type ptAbout from "../pt/about";
import type { Catalog } from "../types";

export default {
  title: "About Rumo",
  intro:
    "Rumo is a personal-organisation and wellbeing app. It brings your tasks, calendar, goals, diary, finances and menstrual cycle together in one place, so you spend less time managing apps and more time living.",
  what: {
    title: "What it is",
    text: "A web app, in Portuguese and English, that you can install on your computer or phone. There is a free plan and paid Light and Pro plans; every new account tries Pro for 14 days, with no card.",
  },
  who: {
    title: "Who we are",
    text: "A small team in Portugal. Rumo is in beta: it is growing, and your suggestions help decide what comes next. See the roadmap on the home page.",
  },
  principles: {
    title: "Our principles",
    honesty: "No invented figures: we show no statistics we cannot verify, and the app's insights are computed from your data.",
    data: "Your data is yours: you can export it or delete your account at any time, and health data is only processed with your explicit consent.",
    noAds: "No advertising and no selling of data: Rumo lives on subscriptions.",
    security: "Security taken seriously: no third-party scripts, real security headers and passwords kept only as a cryptographic hash.",
  },
  contact: {
    title: "Talk to us",
    text: "Questions, suggestions or problems? Write to <mail>{{email}}</mail>.",
  },
} satisfies Catalog<typeof ptAbout>;
