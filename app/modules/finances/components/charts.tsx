/**
 * The finances analysis's chart (recharts), loaded lazily by that screen only, once it comes near the
 * viewport (WhenVisible, decision 0055); `height` in pixels matches the placeholder's. With values
 * hidden the bars keep their shape; only the numbers (axis ticks, tooltips) are masked. Spending by
 * category is HTML bars drawn on the server (category-bars.tsx, decision 0063).
 *
 * The chart is an image named `label`: recharts' own keyboard layer (an unnamed role="application"
 * tab stop) is off, and the screen gives the same figures as a table beside it.
 */
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useMoney } from "../money";

export function MonthChart({ data, height, label, labels }: { data: { label: string; incomeCents: number; expenseCents: number }[]; height: number; label: string; labels: { income: string; expense: string } }) {
  const money = useMoney();
  return (
    <div role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={data} accessibilityLayer={false} margin={{ left: 8, right: 8, top: 8, bottom: 4 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} />
          <YAxis tickFormatter={(value) => money(Number(value))} width={90} tick={{ fontSize: 11 }} />
          <Tooltip formatter={(value) => money(Number(value))} />
          <Legend />
          <Bar dataKey="incomeCents" name={labels.income} fill="#059669" radius={[4, 4, 0, 0]} isAnimationActive={false} />
          <Bar dataKey="expenseCents" name={labels.expense} fill="#dc2626" radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
