/**
 * The analytics screen's charts. Imported lazily by routes/admin/analytics.tsx once a chart comes
 * near the viewport (WhenVisible, decision 0055), so recharts is loaded only on that screen, never
 * in a first load. `height` in pixels matches the placeholder's.
 */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export type Point = { label: string; value: number | null };

/** Bars over time or categories; a withheld figure (null) draws no bar and reads "< 5" in the tooltip. */
export default function BarsChart({ data, height, name, smallLabel }: { data: Point[]; height: number; name: string; smallLabel: string }) {
  return (
    <div className="w-full" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={36} />
          <Tooltip formatter={(value) => [value ?? smallLabel, name]} />
          <Bar dataKey="value" name={name} fill="#7c3aed" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
