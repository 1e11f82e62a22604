import type ptSeo from "../pt/seo";
import type { Catalog } from "../types";

export default {
  imageAlt: "Rumo — organisation and wellbeing: tasks, calendar, goals, diary and finances in one app",
  pages: {
    default: {
      title: "Rumo — organisation and wellbeing",
      description: "Tasks, a smart calendar, goals, an emotional diary, finances and cycle tracking in one app, in English and Portuguese.",
      keywords: "personal organisation, productivity, wellbeing, tasks, calendar, goals, emotional diary, personal finances",
    },
    home: {
      title: "Rumo — organisation and wellbeing",
      description: "Tasks, a smart calendar, goals, an emotional diary, finances and cycle tracking in one app, in English and Portuguese.",
      keywords: "personal organisation, productivity, wellbeing, tasks, calendar, goals, emotional diary, personal finances",
    },
    about: {
      title: "About Rumo — organisation and wellbeing, made in Portugal",
      description: "Who makes Rumo, why it exists and the principles we follow: honesty, privacy and your data always yours.",
      keywords: "about Rumo, Portuguese app, personal organisation, wellbeing, privacy",
    },
    pricing: {
      title: "Pricing — Rumo | Free, Light and Pro",
      description: "Compare Rumo's Free, Light and Pro plans. 14 days of Pro for free with no card, and a 30-day guarantee.",
      keywords: "Rumo pricing, plans, subscription, Premium, Light, Pro, free trial",
    },
    premium: {
      title: "Rumo Premium — diary, reports, calendar sync and AI assistant",
      description: "Unlock the emotional diary, weekly reports, Google Calendar sync and the AI assistant.",
      keywords: "Rumo Premium, AI assistant, weekly reports, emotional diary, Google Calendar",
    },
    blog: {
      title: "Rumo blog — organisation and wellbeing, day to day",
      description: "Practical guides to planning your week, looking after yourself and tracking your finances with Rumo.",
      keywords: "Rumo blog, productivity, weekly planning, emotional diary, personal finances",
    },
    privacy: {
      title: "Privacy policy — Rumo",
      description: "What data Rumo stores, where, why and for how long, health data, cookies, export and erasure.",
      keywords: "privacy, GDPR, health data, cookies, Rumo",
    },
    terms: {
      title: "Terms of use — Rumo",
      description: "The rules for using Rumo: account, plans, payments, the 30-day guarantee and your content.",
      keywords: "terms of use, conditions, subscription, Rumo",
    },
    legalCenter: {
      title: "Legal centre — Rumo",
      description: "Privacy, terms, your rights and how to export or delete your data in Rumo.",
      keywords: "legal centre, privacy, terms, rights, Rumo",
    },
    paymentSuccess: {
      title: "Payment complete — Rumo",
      description: "Thank you! Your Rumo subscription is being activated.",
      keywords: "payment, subscription, Rumo",
    },
    paymentCancel: {
      title: "Payment cancelled — Rumo",
      description: "The payment was cancelled and nothing was charged.",
      keywords: "payment, cancelled, Rumo",
    },
    auth: {
      title: "Sign in or create an account — Rumo",
      description: "Sign in or create your Rumo account. 14 days of Pro for free, no card needed.",
      keywords: "sign in, create account, sign up, Rumo",
    },
  },
} satisfies Catalog<typeof ptSeo>;
