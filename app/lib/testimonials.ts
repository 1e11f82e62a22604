/**
 * Testimonials shown on the landing (#depoimentos). Only real quotes from real users who agreed to
 * be quoted go here; while the list is empty the section and its header link are left out.
 */
import type { Language } from "~/i18n/language";

export type Testimonial = { quote: string; author: string; language: Language };

export const testimonials: readonly Testimonial[] = [];
