import type ptCommon from "../pt/common";
import type { Catalog } from "../types";

export default {
  appName: "Rumo",
  tagline: "organisation and wellbeing",
  betaBanner: "BETA v1.0 - Optimised launch version",
  language: {
    label: "Language",
    pt: "Português",
    en: "English",
  },
  pwa: {
    updateConfirm: "A new version of Rumo is available. Reload now?",
  },
  loadingPage: "Loading page...",
  checkingAuth: "Checking authentication...",
  loading: "Loading...",
  /** Said instead of an amount the user chose to hide (app/components/ui/masked.tsx). */
  hiddenValue: "Hidden value",
  skipToContent: "Skip to content",
  backHome: "Back to home",
  notFound: {
    title: "Page not found",
    description: "The page you are looking for does not exist or has moved.",
  },
  noConnection: {
    title: "No connection",
    description: "This screen has not been saved on this device yet. It opens as soon as the connection is back; the screens you have already opened are still available.",
    back: "Go back",
  },
  errorBoundary: {
    title: "Something went wrong",
    description: "An unexpected error occurred. Please try again.",
    details: "Error details",
    retry: "Try again",
    reference: "Reference: {{requestId}}",
  },
} satisfies Catalog<typeof ptCommon>;
