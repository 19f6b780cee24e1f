// Shared by the benchmarks: robust statistics over interleaved rounds, and the printed table.

/** The median of `values` (they are copied, not reordered). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Spread of round medians as ±half the interquartile range, relative to the median (the machine is noisy). */
export function spread(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.round(p * (sorted.length - 1)))]!;
  const m = median(values);
  return m === 0 ? 0 : (q(0.75) - q(0.25)) / 2 / m;
}

/** Prints rows as a Markdown table, so the output can be pasted into bench/README.md as it is. */
export function printTable(header: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
  for (const row of rows) console.log(line(row));
}

/** Formats a duration in ms with enough digits to tell 0.0004 from 0.004. */
export function formatMs(ms: number): string {
  if (ms === 0) return '0';
  if (ms < 0.01) return ms.toExponential(1);
  return ms < 1 ? ms.toFixed(3) : ms.toFixed(2);
}
