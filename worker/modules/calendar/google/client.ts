/**
 * Google Calendar API v3 over a fetch that is passed in (the Worker's own in production, a fake in
 * tests and the benchmark). Only what the sync needs: token refresh, calendarList, events list with
 * pageToken/syncToken, insert, patch, delete. Errors keep Google's status so the caller can tell
 * "reconnect" (401, invalid_grant) from "try later" (403, 429, 5xx) from "start over" (410).
 */

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export const DEFAULT_CALENDAR_API_BASE = "https://www.googleapis.com/calendar/v3";

/** A Google answer other than success; `status` 0 when the request did not reach Google. */
export class GoogleError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
  ) {
    super(`google ${status} ${reason}`);
  }
  /** Access is gone: the user must connect again (local events stay). */
  get needsReconnect() {
    return this.status === 401 || this.reason === "invalid_grant";
  }
  /** The sync token expired: list everything again. */
  get gone() {
    return this.status === 410;
  }
}

export type GoogleDateTime = { date?: string; dateTime?: string; timeZone?: string };
export type GoogleEvent = {
  id: string;
  status?: "confirmed" | "tentative" | "cancelled";
  summary?: string;
  description?: string;
  location?: string;
  start?: GoogleDateTime;
  end?: GoogleDateTime;
  recurrence?: string[];
  recurringEventId?: string;
  originalStartTime?: GoogleDateTime;
  iCalUID?: string;
  updated?: string;
  transparency?: "opaque" | "transparent";
  reminders?: { useDefault?: boolean; overrides?: { method: string; minutes: number }[] };
};
export type GoogleCalendarEntry = { id: string; summary?: string; summaryOverride?: string; backgroundColor?: string; primary?: boolean; timeZone?: string; accessRole?: string };
export type EventsPage = { items: GoogleEvent[]; nextPageToken?: string; nextSyncToken?: string; timeZone?: string };

async function failure(response: Response): Promise<GoogleError> {
  const body = (await response.json().catch(() => ({}))) as { error?: string | { errors?: { reason?: string }[]; status?: string } };
  const reason = typeof body.error === "string" ? body.error : (body.error?.errors?.[0]?.reason ?? body.error?.status ?? "error");
  return new GoogleError(response.status, reason);
}

type TokenConfig = Pick<Env, "GOOGLE_CLIENT_ID" | "GOOGLE_CLIENT_SECRET" | "GOOGLE_TOKEN_URL">;

/** A fresh access token for a refresh token (the same client credentials as sign-in, HTTP Basic like arctic). */
export async function refreshAccessToken(fetch: Fetch, env: TokenConfig, refreshToken: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(env.GOOGLE_TOKEN_URL, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
        authorization: `Basic ${btoa(`${env.GOOGLE_CLIENT_ID}:${env.GOOGLE_CLIENT_SECRET ?? ""}`)}`,
      },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken }).toString(),
    });
  } catch {
    throw new GoogleError(0, "network");
  }
  if (!response.ok) throw await failure(response);
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new GoogleError(502, "no_access_token");
  return body.access_token;
}

/** The Calendar API for one access token. */
export function calendarApi(fetch: Fetch, base: string, accessToken: string) {
  const root = base.replace(/\/$/, "");
  async function call<T>(method: string, path: string, query?: Record<string, string | undefined>, body?: unknown): Promise<T | null> {
    const url = new URL(`${root}${path}`);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
    let response: Response;
    try {
      response = await fetch(url.toString(), {
        method,
        headers: { authorization: `Bearer ${accessToken}`, accept: "application/json", ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    } catch {
      throw new GoogleError(0, "network");
    }
    if (!response.ok) throw await failure(response);
    return response.status === 204 ? null : ((await response.json()) as T);
  }
  const events = (calendarId: string) => `/calendars/${encodeURIComponent(calendarId)}/events`;

  return {
    async listCalendars(): Promise<GoogleCalendarEntry[]> {
      const all: GoogleCalendarEntry[] = [];
      let pageToken: string | undefined;
      do {
        const page = (await call<{ items?: GoogleCalendarEntry[]; nextPageToken?: string }>("GET", "/users/me/calendarList", { pageToken, maxResults: "250" }))!;
        all.push(...(page.items ?? []));
        pageToken = page.nextPageToken;
      } while (pageToken);
      return all;
    },
    /**
     * One page of a calendar's events, series as masters (singleEvents=false) with their changed
     * and cancelled instances. With a syncToken only what changed since, deletions included.
     */
    listEvents: (calendarId: string, options: { syncToken?: string | null; pageToken?: string }) =>
      call<EventsPage>("GET", events(calendarId), {
        maxResults: "250",
        singleEvents: "false",
        showDeleted: options.syncToken ? "true" : undefined,
        syncToken: options.syncToken ?? undefined,
        pageToken: options.pageToken,
      }) as Promise<EventsPage>,
    insertEvent: (calendarId: string, event: Partial<GoogleEvent>) => call<GoogleEvent>("POST", events(calendarId), undefined, event) as Promise<GoogleEvent>,
    patchEvent: (calendarId: string, eventId: string, event: Partial<GoogleEvent>) =>
      call<GoogleEvent>("PATCH", `${events(calendarId)}/${encodeURIComponent(eventId)}`, undefined, event) as Promise<GoogleEvent>,
    /** Deletes an event or one instance; already gone (404/410) counts as done. */
    async deleteEvent(calendarId: string, eventId: string) {
      try {
        await call("DELETE", `${events(calendarId)}/${encodeURIComponent(eventId)}`);
      } catch (err) {
        if (err instanceof GoogleError && (err.status === 404 || err.status === 410)) return;
        throw err;
      }
    },
  };
}

export type CalendarApi = ReturnType<typeof calendarApi>;
