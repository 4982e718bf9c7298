/** CSV files for spreadsheets: the CMS exports build their text here. */

/** One CSV cell: neutralised against formula injection, then quoted when it needs to be. */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? "";
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly (string | null | undefined)[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/** A whole file: a byte-order mark (so Excel reads UTF-8), the header row, then the rows. */
export function csvDocument(header: readonly string[], rows: Iterable<readonly (string | null | undefined)[]>): string {
  let csv = `\uFEFF${csvRow(header)}`;
  for (const row of rows) csv += csvRow(row);
  return csv;
}
