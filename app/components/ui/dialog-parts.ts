/** Headless UI's dialog, loaded on first use by `./dialog` (decision 0042). */
export { Description, Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
