import type pt from "../pt/billing";
import type { Catalog } from "../types";

const billing = {
  plans: {
    free: { name: "Free", description: "The essentials to organise your days." },
    light: { name: "Light", description: "Diary, self-care, weekly reports and full finances." },
    pro: { name: "Pro", description: "Everything in Light, plus the AI assistant and smart insights." },
  },
  perMonth: "/month",
  wasPrice: "Was {{price}}",
  currentPlan: "Current plan",
  trialActive: "Pro trial active until {{date}}",
  trialEnded: "Your Pro trial has ended",
  renewsOn: "Renews on {{date}}",
  endsOn: "Ends on {{date}}",
  /** A paid plan chosen during the trial (the plan card): what comes when the trial ends. */
  afterTrial: {
    starts: "You chose the {{plan}} plan: it starts on {{date}} at {{price}}. Nothing is charged until then.",
    continues: "When the trial ends, you continue on the {{plan}} plan at {{price}}.",
    cancelled: "You cancelled the {{plan}} plan before it started: nothing will be charged.",
  },
  /** A free referral Pro month over a paid plan (the plan card): the paid plan goes on under it. */
  bonusMonth: {
    until: "Free Pro month until {{date}}. Then you continue on the {{plan}} plan at {{price}}.",
    renews: "Free Pro month. Your {{plan}} plan renews on {{date}} at {{price}}.",
    cancelled: "Free Pro month. Your {{plan}} plan was cancelled and does not renew.",
  },
  actions: {
    manage: "Manage subscription",
    continuePro: "Continue with Pro",
    startTrial: "Start Pro trial (14 days free)",
    choose: "Choose {{plan}}",
    upgrade: "Upgrade",
    switchToPro: "Switch to Pro",
  },
  premium: {
    title: "Premium",
    subtitle: "Pick the right plan for you. No commitment: cancel any time.",
    guarantee: "30-day money-back guarantee.",
    locked: "Premium feature - available to Premium users only",
    /** The lock badge: the cheapest plan with the feature, or any paid plan. */
    badge: { light: "Light", pro: "Pro", premium: "Premium" },
    yourFeatures: "Your features",
  },
  features: {
    tasks: "Tasks",
    calendar: "Calendar",
    goals: "Goals",
    impact: "My Impact",
    notifications: "Notifications",
    search: "Search",
    cycle: "Menstrual Cycle",
    finances: { basic: "Finances: transactions and dashboard", advanced: "Finances: analysis, budgets, savings and CSV" },
    diary: "Emotional diary",
    selfCare: "Self-care",
    weeklyReports: "Weekly Reports",
    calendarSync: "Google Calendar sync",
    assistant: "AI Assistant",
    aiInsights: "AI insights",
  },
  /** /app/premium for a Light subscriber: the move to Pro, made in the payment portal. */
  switchToPro: {
    title: "Move up to Pro",
    adds: "Pro adds to your Light plan:",
    howItWorks: "You confirm the change in the payment portal, which shows you the amount before you confirm. Pro is active straight after.",
    howItWorksInTrial: "You confirm the change in the payment portal. When the trial ends, Pro starts instead of Light; nothing is charged until then.",
  },
  coupon: {
    label: "Coupon",
    apply: "Apply",
    applied: "Coupon applied: {{percent}}% off the first month",
  },
  referral: {
    title: "Invite friends",
    text: "When two invited friends pay their first month, you get one free Pro month.",
    progress: "{{paid}} of 2 friends have paid",
    link: "Your invitation link",
    copy: "Copy",
    copied: "Copied!",
  },
  portalOpening: "Opening the subscription management portal...",
  errors: {
    checkout: "Could not create the payment session. Please try again.",
    checkoutTitle: "Error",
    unexpected: "Unexpected error. Please try again.",
    portal: "Could not open the customer portal",
    portalNoUrl: "Could not get the portal link",
    portalUnexpected: "Unexpected error",
    emailRequired: "Email required – Please enter a valid email to continue.",
    unknownPlan: "Unknown plan.",
    alreadySubscribed: "You already have an active subscription. Use Manage subscription to change plans.",
    couponFormat: "Invalid coupon format.",
    couponInvalid: "Invalid coupon",
    couponExpired: "Coupon expired",
    couponUsed: "Coupon already used",
    referralInvalid: "Invalid invitation code.",
    referralAlreadyClaimed: "This account has already used an invitation.",
    invalidSignature: "Invalid webhook signature.",
    billingUnavailable: "The payment service could not be reached. Nothing was changed; please try again in a few minutes.",
    notConfigured: "Payments are not configured on this server.",
  },
} satisfies Catalog<typeof pt>;
export default billing;
