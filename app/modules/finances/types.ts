/** The finances screen's shapes (as the loader and the API answer them). */
export type TransactionView = {
  id: string;
  type: "income" | "expense";
  amountCents: number;
  description: string;
  date: string;
  category: string;
  source: string;
};

/** A category to choose: a default key or one of the user's own ids, with its label. */
export type CategoryOption = { id: string; name: string; type: "income" | "expense" | "both" };

/** A recurring transaction ("Movimentos fixos", GET /finances/recurring): `nextDate` is the next one it writes. */
export type RecurringView = {
  id: string;
  type: "income" | "expense";
  amountCents: number;
  description: string;
  category: string;
  frequency: "weekly" | "monthly" | "yearly";
  startDate: string;
  /** Null once it has ended (its next occurrence would fall after its end date). */
  nextDate: string | null;
  /** "Até": the last day an occurrence may fall on, or null. */
  endDate: string | null;
  /** When it ended (its last occurrence by the end date), or null while it runs. */
  endedOn: string | null;
};
