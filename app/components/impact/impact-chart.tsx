/**
 * The impact dashboard's five-month chart (recharts), loaded lazily by that screen once the chart
 * comes near the viewport (WhenVisible, decision 0055), so recharts never reaches a first load.
 */
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

/** `height` in pixels: the same as the placeholder's, so nothing moves when the chart arrives. */
export function ImpactChart({ data, height, labels }: { data: { label: string; goals: number; activities: number }[]; height: number; labels: { goals: string; activities: string } }) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={data} margin={{ left: 0, right: 8, top: 8, bottom: 4 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 12 }} />
        <YAxis allowDecimals={false} width={40} tick={{ fontSize: 11 }} />
        <Tooltip cursor={{ fill: "#f1f5f9" }} />
        <Legend />
        <Bar dataKey="goals" name={labels.goals} stackId="month" fill="#7c3aed" isAnimationActive={false} />
        <Bar dataKey="activities" name={labels.activities} stackId="month" fill="#0891b2" radius={[4, 4, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
