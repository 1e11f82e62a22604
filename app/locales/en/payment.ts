import type ptPayment from "../pt/payment";
import type { Catalog } from "../types";

export default {
  success: {
    title: "Thank you! Payment complete",
    text: "Your subscription is being activated. It may take a few moments; its status shows in the Subscription tab of your profile. You will receive the receipt by e-mail.",
    cta: "Go to my profile",
  },
  cancel: {
    title: "Payment cancelled",
    text: "Nothing was charged. You can choose a plan whenever you like, and you can keep using your current plan.",
    cta: "See plans",
  },
  home: "Back to home",
} satisfies Catalog<typeof ptPayment>;
