import type { ReactNode } from "react";

/**
 * A chart's figures as a table, for screen readers: the chart is only an image with a name. Plain
 * markup from the report the screen already has, so it is there before the chart's lazy code
 * arrives (decision 0055), and without it. In a visually hidden box, as on the impact screen: a
 * table sizes itself to its cells whatever its own width says, and as `sr-only` itself it widened
 * the page past a phone's screen. Each row's first cell is its header.
 */
export function FiguresTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: { key: string; cells: ReactNode[] }[] }) {
  return (
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ key, cells: [first, ...rest] }) => (
            <tr key={key}>
              <th scope="row">{first}</th>
              {rest.map((cell, i) => (
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
