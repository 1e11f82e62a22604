import type ptReports from "../pt/reports";
import type { Catalog } from "../types";

export default {
  name: "Weekly reports",
  subtitle: "A summary of your week, Monday to Sunday, with the figures behind every statement.",
  pageTitle: "Weekly reports | Rumo",
  empty: {
    title: "No reports yet",
    text: "Your first report arrives on Monday at 07:00 (in your time zone), covering the week that just ended. You will get a notification.",
    lockedText: "Your current plan does not include weekly reports: none will arrive on Monday until you move to Light or Pro.",
  },
  locked: "Weekly reports are part of the Light and Pro plans. The reports you already received stay available.",
  weeks: "Weeks",
  loadMore: "Load more",
  loadMoreFailed: "Could not load more weeks.",
  weekOf: "Week of {{days}}",
  partialWeek_zero: "Your account was created on {{date}}: this report counts only the {{count}} days since then.",
  partialWeek_one: "Your account was created on {{date}}: this report counts that day only.",
  partialWeek_other: "Your account was created on {{date}}: this report counts only the {{count}} days since then.",
  open: "Open the report of the week of {{from}}",
  chartLoading: "Loading charts...",
  cards: {
    tasks: "Tasks done",
    tasksDetail_zero: "{{count}} created",
    tasksDetail_one: "{{count}} created",
    tasksDetail_other: "{{count}} created",
    events: "Events",
    mood: "Average mood",
    moodDetail_zero: "{{count}} diary entries",
    moodDetail_one: "{{count}} diary entry",
    moodDetail_other: "{{count}} diary entries",
    noMood: "Nothing logged",
    spent: "Spending",
    spentDetail: "{{previous}} the week before",
    noPreviousWeek: "Your account did not exist the week before",
  },
  charts: {
    activity: "Activity by day",
    tasksDone: "Tasks done",
    events: "Events",
    mood: "Mood by day",
    noMoodLogged: "None of this week's entries has a mood.",
    spending: "Spending by category",
    thisWeek: "This week",
    previousWeek: "Week before",
    noSpending: "No spending this week or the week before.",
    noActivity: "No tasks done and no events this week.",
    // The charts' tables for screen readers: column headers, and a day without a mood.
    day: "Day",
    category: "Category",
    noMoodDay: "not logged",
  },
  goals: {
    title: "Goals",
    completed: "Completed this week",
    averageProgress: "Average progress of open goals: {{progress}}%",
    none: "No goals.",
  },
  routines: {
    title: "Self-care routines",
    // Two plurals in one line: the days ticked of the days due, then the streak.
    days_zero: "{{checkIns}} of {{count}} days",
    days_one: "{{checkIns}} of {{count}} day",
    days_other: "{{checkIns}} of {{count}} days",
    // A routine counted several times a day (0117): the times done over the week of the times planned.
    // The unit is the user's ("glasses", "walks") and not known: "times".
    times_zero: "{{done}} of {{count}} times",
    times_one: "{{done}} of {{count}} time",
    times_other: "{{done}} of {{count}} times",
    noneDue: "not due this week",
    streak_zero: "{{count}}-day streak",
    streak_one: "{{count}}-day streak",
    streak_other: "{{count}}-day streak",
    // A routine on chosen weekdays: its streak counts the due days done in a row, not calendar days.
    streakTimes_zero: "{{count}} times in a row",
    streakTimes_one: "{{count}} time in a row",
    streakTimes_other: "{{count}} times in a row",
    // The routines' line of the facts the assistant's provider rewords (no titles: only the figures).
    facts: "Self-care routines: {{list}}.",
    none: "No routines.",
  },
  emotions: { title: "Most logged emotions", none: "No emotions logged this week." },
  cycle: {
    title: "Menstrual cycle",
    note: "Shown because you allowed the use of your cycle data (Profile).",
    phases: { menstrual: "Menstrual", follicular: "Follicular", fertile: "Fertile", luteal: "Luteal" },
    unknown: "No data",
  },
  finding: {
    title: "A link in your data",
    busyDaysMood:
      "On days with {{threshold}} or more events your average mood was {{busyMood}} ({{busyDays}} days), against {{otherMood}} on the other days ({{otherDays}} days).",
    basis: "Computed over the {{windowDays}} days from {{from}} to {{to}}; shown only with at least {{minDays}} days on each side.",
  },
  summaryByProvider: "Summary written by the assistant from these figures.",
  summaryByProviderIn: "Summary written by the assistant from these figures, in {{language}} (the account's language when the report was made).",
  summaryLanguage: { pt: "Portuguese", en: "English" },
  notFound: "There is no report for that week.",
  errors: { weekStart: "Invalid week: give the date of the Monday it starts on (YYYY-MM-DD)." },
  tour: {
    report: { title: "The report", description: "The week's tasks, events, mood, spending, goals and routines, with charts." },
  },
} satisfies Catalog<typeof ptReports>;
