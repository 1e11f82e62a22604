/**
 * The diary overview's charts (recharts). Loaded lazily by the diary screen only, once a chart
 * comes near the viewport (WhenVisible, decision 0055), so the chart library never reaches another
 * screen's first load. `height` in pixels matches the placeholder's, so nothing moves when it arrives.
 * Each chart is an image named `label` (the screen gives its figures as a table), without recharts'
 * keyboard layer, which would add an unnamed application to the Tab order.
 */
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export type MoodPoint = { label: string; mood: number };
export type CountBar = { label: string; value: number };

export function MoodLineChart({ points, height, label, moodLabel }: { points: MoodPoint[]; height: number; label: string; moodLabel: string }) {
  return (
    <div className="w-full" style={{ height }} role="img" aria-label={label} data-testid="mood-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} accessibilityLayer={false} margin={{ top: 8, right: 12, bottom: 0, left: -24 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={16} />
          <YAxis domain={[1, 5]} ticks={[1, 2, 3, 4, 5]} tick={{ fontSize: 11 }} />
          <Tooltip />
          <Line type="monotone" dataKey="mood" name={moodLabel} stroke="#7c3aed" strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

export function CountBarChart({
  bars,
  height,
  label,
  valueLabel,
  testId,
  domain,
}: {
  bars: CountBar[];
  height: number;
  label: string;
  valueLabel: string;
  testId: string;
  domain?: [number, number];
}) {
  return (
    <div className="w-full" style={{ height }} role="img" aria-label={label} data-testid={testId}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={bars} accessibilityLayer={false} layout="vertical" margin={{ top: 0, right: 12, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" horizontal={false} />
          <XAxis type="number" allowDecimals={Boolean(domain)} domain={domain ?? [0, "auto"]} tick={{ fontSize: 11 }} />
          <YAxis type="category" dataKey="label" width={110} tick={{ fontSize: 12 }} />
          <Tooltip />
          <Bar dataKey="value" name={valueLabel} fill="#8b5cf6" radius={[0, 4, 4, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
