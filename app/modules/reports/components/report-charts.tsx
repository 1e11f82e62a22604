/**
 * The weekly report's charts (recharts). Loaded lazily by the reports screen only, once a chart
 * comes near the viewport (WhenVisible, decision 0055), so the chart library never reaches another
 * screen's first load. `height` in pixels matches the placeholder's, so nothing moves when it arrives.
 *
 * Each chart is an image named `label`: recharts' own keyboard layer (an unnamed role="application"
 * tab stop) is off, and the screen gives the same figures as a table (figures-table.tsx).
 */
import type { ComponentProps } from "react";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Text, Tooltip, XAxis, YAxis } from "recharts";

export type DayActivity = { label: string; tasks: number; events: number };
export type DayMood = { label: string; mood: number | null };
export type CategorySpending = { label: string; week: number; previous: number };

export function ActivityChart({ days, height, label, tasksLabel, eventsLabel }: { days: DayActivity[]; height: number; label: string; tasksLabel: string; eventsLabel: string }) {
  return (
    <div className="w-full" style={{ height }} role="img" aria-label={label} data-testid="report-activity-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={days} accessibilityLayer={false} margin={{ top: 8, right: 12, bottom: 0, left: -24 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="tasks" name={tasksLabel} fill="#0d9488" radius={[4, 4, 0, 0]} isAnimationActive={false} />
          <Bar dataKey="events" name={eventsLabel} fill="#6366f1" radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** `format` writes a mood as the rest of the screen does ("3,5" in Portuguese): recharts' own tooltip wrote "3.5". */
export function MoodChart({ days, height, label, moodLabel, format }: { days: DayMood[]; height: number; label: string; moodLabel: string; format: (mood: number) => string }) {
  return (
    <div className="w-full" style={{ height }} role="img" aria-label={label} data-testid="report-mood-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={days} accessibilityLayer={false} margin={{ top: 8, right: 12, bottom: 0, left: -24 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} />
          <YAxis domain={[1, 5]} ticks={[1, 2, 3, 4, 5]} tick={{ fontSize: 11 }} />
          <Tooltip formatter={(value) => format(Number(value))} />
          {/* Days without an entry are gaps, not zeros: no mood was logged. */}
          <Line type="monotone" dataKey="mood" name={moodLabel} stroke="#7c3aed" strokeWidth={2} dot={{ r: 3 }} connectNulls isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

/** The spending chart's column of category names, in pixels. */
const CATEGORY_AXIS_WIDTH = 120;
const CATEGORY_FONT_SIZE = 12;

/**
 * A category's name beside its bars. A name is often one long word (up to 40 letters), which the
 * axis' default label neither wraps nor cuts: it ran out of the chart on its left, clipped. Here it
 * wraps anywhere within the axis (`style` carries the size recharts measures the lines with), up to
 * three lines, which the 44 px of each category hold; a longer one ends in "…" and the tooltip
 * (`<title>`) has it whole, as has the table of figures beside the chart.
 */
function CategoryTick({ payload, width: _axisWidth, ...props }: ComponentProps<typeof Text> & { payload: { value: string } }) {
  return (
    <g>
      <title>{payload.value}</title>
      <Text {...props} width={CATEGORY_AXIS_WIDTH - 12} maxLines={3} breakAll style={{ fontSize: CATEGORY_FONT_SIZE }} fontSize={CATEGORY_FONT_SIZE}>
        {payload.value}
      </Text>
    </g>
  );
}

export function SpendingChart({ categories, height, label, weekLabel, previousLabel, format }: { categories: CategorySpending[]; height: number; label: string; weekLabel: string; previousLabel: string; format: (cents: number) => string }) {
  return (
    <div className="w-full" style={{ height }} role="img" aria-label={label} data-testid="report-spending-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={categories} accessibilityLayer={false} layout="vertical" margin={{ top: 0, right: 12, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" horizontal={false} />
          <XAxis type="number" tick={{ fontSize: 11 }} tickFormatter={format} />
          <YAxis type="category" dataKey="label" width={CATEGORY_AXIS_WIDTH} tick={(props: ComponentProps<typeof CategoryTick>) => <CategoryTick {...props} />} />
          <Tooltip formatter={(value) => format(Number(value))} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="week" name={weekLabel} fill="#f97316" radius={[0, 4, 4, 0]} isAnimationActive={false} />
          <Bar dataKey="previous" name={previousLabel} fill="#cbd5e1" radius={[0, 4, 4, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
