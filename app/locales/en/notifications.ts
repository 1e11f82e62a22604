import type ptNotifications from "../pt/notifications";
import type { Catalog } from "../types";

export default {
  eventReminder: { title: "{{title}}", message: "Starts on {{date}} at {{time}}." },
  eventReminderAllDay: { title: "{{title}}", message: "{{date}}, all day." },
  /** A self-care routine's reminder at its time of day (decision 0099). */
  routineReminder: { title: "{{title}}", message: "Time for today's routine ({{time}}). Mark it done when you finish." },
  /** A task about to start (the tasks' quarter-hour job). */
  taskStarting: { title: "Task starting: {{title}}", message: "Scheduled for {{time}} ({{minutes}} min)." },
  /** The cycle's reminder: no more than that a period is expected (read on lock screens and in e-mail). */
  periodExpected: { title: "Period expected soon", message: "Your next period is expected on {{date}}. This is an estimate, not a contraceptive method." },
  /** The cycle's reminder when discreet (the default, decision 0107): nothing of periods, health or the cycle. */
  discreetReminder: { title: "You have a reminder in Rumo", message: "Open it in Rumo to see the details." },
  /** A budget's alerts (decision 0025); {{category}} is the category's name in the reader's language. */
  budgetAt80: { title: "{{category}} budget at 80%", message: "You have spent {{spent}} of {{limit}} on {{category}} this month." },
  budgetExceeded: { title: "{{category}} budget used up", message: "You have spent {{spent}} on {{category}} this month, over the {{limit}} limit." },
  weeklyReport: {
    title: "Your weekly report is ready",
    // {{done}}, {{created}} and {{events}} are the counted texts below (docs/decisions/0069).
    message: "Week of {{from}} to {{to}}: {{done}} ({{created}}), {{events}}, {{spent}} spent.",
    done_zero: "{{count}} tasks done",
    done_one: "{{count}} task done",
    done_other: "{{count}} tasks done",
    created_zero: "{{count}} created",
    created_one: "{{count}} created",
    created_other: "{{count}} created",
    events_zero: "{{count}} events",
    events_one: "{{count}} event",
    events_other: "{{count}} events",
  },
  welcome: {
    title: "Welcome to Rumo!",
    message: "Your account is ready. Start with your impact dashboard and set your first goals.",
  },
  security: {
    passwordChanged: {
      title: "Password changed",
      message: "Your account's password was changed. If this wasn't you, recover your account right away.",
    },
    emailChanged: {
      title: "Email changed",
      message: "Your account's email is now {{email}}. Confirm it with the link we sent you. If this wasn't you, change the email and the password.",
    },
    twoFactorEnabled: {
      title: "Two-step verification turned on",
      message: "From now on, signing in asks for a code from your authenticator app.",
    },
    twoFactorDisabled: {
      title: "Two-step verification turned off",
      message: "Signing in no longer asks for a code. If this wasn't you, change your password.",
    },
    newDevice: {
      title: "New sign-in",
      message: "You signed in from {{device}} ({{ip}}). If this wasn't you, change your password and end your other sessions.",
    },
  },
  trial: {
    ending: {
      title: "Your trial ends soon",
      message: "Your Pro trial ends on {{date}}. Choose a plan to keep every feature.",
    },
    ended: {
      title: "Your trial has ended",
      message: "Your account is now on the Free plan. Your data stays available; upgrade to get Pro back.",
    },
  },
  billing: {
    paymentFailed: {
      title: "Payment failed",
      message: "We could not charge {{amount}} for your subscription. Update your payment method to keep your plan.",
    },
  },
  goals: {
    completed: {
      title: "Goal completed!",
      message: "You completed “{{title}}”. Well done on getting there!",
    },
  },
  features: {
    title: "New features available",
    message: "You can now try: {{names}}.",
    action: "See what's new",
  },
  ui: {
    bell: "Notifications",
    bellWithCount: "Notifications, {{count}} unread",
    title: "Notifications",
    markAllRead: "Mark all as read",
    markRead: "Mark as read",
    markReadOne: "Mark as read: {{title}}",
    markUnreadOne: "Mark as unread: {{title}}",
    delete: "Delete notification: {{title}}",
    /** Said before an unread notification's title: the dot's colour shows the same to the eye. */
    unread: {
      low: "Unread, low priority.",
      medium: "Unread, medium priority.",
      high: "Unread, high priority.",
      critical: "Unread, critical priority.",
    },
    /** The toast after a delete, with its undo (use-notifications.ts). */
    deleted: "Notification deleted",
    undo: "Undo",
    empty: "No notifications",
    emptyFilter: "Nothing here.",
    loadMore: "Load more",
    loading: "Loading...",
    close: "Close",
    tabs: {
      all: "All",
      unread: "Unread",
      priority: "Priority",
      today: "Today",
    },
    types: {
      system: "System",
      achievement: "Achievement",
      task: "Task",
      financial: "Finances",
      reminder: "Reminder",
      social: "Social",
      security: "Security",
      welcome: "Welcome",
      goal_progress: "Goal progress",
      budget_alert: "Budget alert",
      weekly_report: "Weekly report",
    },
    connection: {
      open: "Live",
      connecting: "Connecting...",
      closed: "Not live",
    },
    pageTitle: "Notifications | Rumo",
    signedOut: "Sign in to see your notifications.",
    browser: {
      offer: "Get a browser alert when an important notification arrives.",
      enable: "Turn on browser notifications",
      notNow: "Not now",
      title: "Browser notifications",
      state: {
        default: "A system alert when an important notification (high or critical priority) arrives, even with Rumo in another tab.",
        granted: "On in this browser: important notifications also appear as a system alert.",
        denied: "Blocked in this browser. To turn them on, allow notifications for Rumo in the browser's settings.",
        unsupported: "This browser does not show system notifications.",
      },
    },
  },
} satisfies Catalog<typeof ptNotifications>;
