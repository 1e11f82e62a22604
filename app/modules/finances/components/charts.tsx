/**
 * The finances screen's charts (recharts), loaded lazily by that screen only, once a chart comes
 * near the viewport (WhenVisible, decision 0055); `height` in pixels matches the placeholder's. With values hidden
 * the bars keep their shape; only the numbers (axis ticks, tooltips) are masked.
 */
import { Bar, BarChart, CartesianGrid, Cell, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useMoney } from "../money";

const PALETTE = ["#4f46e5", "#0891b2", "#059669", "#d97706", "#dc2626", "#7c3aed", "#db2777", "#65a30d", "#0284c7", "#9333ea", "#ea580c", "#475569"];

export function CategoryChart({ data, height }: { data: { label: string; totalCents: number }[]; height: number }) {
  const money = useMoney();
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16, top: 4, bottom: 4 }}>
        <XAxis type="number" hide />
        <YAxis type="category" dataKey="label" width={150} tick={{ fontSize: 12 }} />
        <Tooltip formatter={(value) => money(Number(value))} cursor={{ fill: "#f1f5f9" }} />
        <Bar dataKey="totalCents" radius={[0, 6, 6, 0]} isAnimationActive={false}>
          {data.map((row, i) => (
            <Cell key={row.label} fill={PALETTE[i % PALETTE.length]} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

export function MonthChart({ data, height, labels }: { data: { label: string; incomeCents: number; expenseCents: number }[]; height: number; labels: { income: string; expense: string } }) {
  const money = useMoney();
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={data} margin={{ left: 8, right: 8, top: 8, bottom: 4 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 11 }} />
        <YAxis tickFormatter={(value) => money(Number(value))} width={90} tick={{ fontSize: 11 }} />
        <Tooltip formatter={(value) => money(Number(value))} />
        <Legend />
        <Bar dataKey="incomeCents" name={labels.income} fill="#059669" radius={[4, 4, 0, 0]} isAnimationActive={false} />
        <Bar dataKey="expenseCents" name={labels.expense} fill="#dc2626" radius={[4, 4, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
