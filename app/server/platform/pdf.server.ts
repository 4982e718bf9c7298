/**
 * Renders a document outline (a title and sections of paragraphs, bullet points and figures) to an
 * A4 PDF with pdfkit. Only the PDF standard fonts are used (Helvetica, whose metrics ship inside
 * pdfkit), so nothing is read from the internet and no font file is needed. pdfkit stays outside the
 * server bundle (Vite leaves node_modules external in the SSR build): it loads those metrics from
 * its own package.
 */
import PDFDocument from "pdfkit";
import { formatDate } from "../../lib/text/format";

export interface OutlineMetric {
  value: string;
  label: string;
}

export interface OutlineSection {
  heading: string;
  /** 1 (default): a main section; 2: a part of the main section before it (a card, a phase, ...). */
  level?: 1 | 2;
  paragraphs?: string[];
  bullets?: string[];
  metrics?: OutlineMetric[];
}

export interface DocumentOutline {
  title: string;
  subtitle?: string;
  sections: OutlineSection[];
}

export interface RenderPdfOptions {
  /** Shown at the top of the first page and in every footer; the document's Author. */
  companyName: string;
  /** The page the document was made from, printed under the title (an absolute address). */
  sourceUrl?: string;
  /** The date printed under the title (today by default). */
  date?: Date;
  /** Compress the page streams (default). Tests turn it off to read the text back. */
  compress?: boolean;
}

const PAGE = { margin: 56, bottomMargin: 72 } as const;
const FONTS = { regular: "Helvetica", bold: "Helvetica-Bold" } as const;
const COLOURS = {
  text: "#1f2937",
  heading: "#0f172a",
  subheading: "#1e3a8a",
  muted: "#4b5563",
  primary: "#1d4ed8",
  onPrimary: "#ffffff",
  rule: "#cbd5e1",
  panel: "#eff6ff",
} as const;
const SIZES = { body: 10.5, small: 9, h1: 15, h2: 12, metricValue: 17, metricLabel: 9 } as const;

/**
 * The standard fonts encode text as WinAnsi (Windows-1252): anything outside it would print as a
 * wrong glyph. Compatibility forms are folded (NFKC: "₂" → "2"), the common symbols spelled in
 * ASCII, and whatever remains outside the set replaced by "?".
 */
const WIN_ANSI_EXTRAS = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
const REPLACEMENTS: Record<string, string> = {
  "→": "->",
  "←": "<-",
  "↑": "up",
  "↓": "down",
  "✓": "",
  "✔": "",
  "≈": "~",
  "≤": "<=",
  "≥": ">=",
  "−": "-",
  "‐": "-",
  "‑": "-",
  "‒": "-",
  "―": "-",
  "\u00a0": " ",
  "\u2009": " ",
  "\u202f": " ",
  "\u200b": "",
};

export function toWinAnsi(text: string): string {
  let result = "";
  for (const character of text.normalize("NFKC")) {
    const code = character.codePointAt(0) ?? 0;
    if (character in REPLACEMENTS) result += REPLACEMENTS[character];
    else if (character === "\n" || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff))
      result += character;
    else if (WIN_ANSI_EXTRAS.has(character)) result += character;
    else if (character === "\t" || character === "\r") result += " ";
    else result += "?";
  }
  return result;
}

/** Renders the outline; resolves with the whole PDF file. */
export function renderPdf(outline: DocumentOutline, options: RenderPdfOptions): Promise<Buffer> {
  const companyName = toWinAnsi(options.companyName);
  const title = toWinAnsi(outline.title);
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: PAGE.bottomMargin },
    bufferPages: true,
    compress: options.compress ?? true,
    pdfVersion: "1.4",
    lang: "en-GB",
    displayTitle: true,
    info: {
      Title: title,
      Author: companyName,
      Subject: outline.subtitle ? toWinAnsi(outline.subtitle) : title,
      Creator: companyName,
      Producer: companyName,
    },
  });

  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  try {
    const writer = new PdfWriter(doc);
    writer.titleBlock(companyName, title, outline.subtitle, options);
    outline.sections.forEach((section, index) => writer.section(section, outline.sections[index + 1]));
    writer.footers(`${companyName} | ${title}`);
    doc.end();
  } catch (error) {
    doc.end();
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  return finished;
}

/** The layout: where the next line goes, and when a new page is needed. */
class PdfWriter {
  private readonly left: number;
  private readonly width: number;

  constructor(private readonly doc: PDFKit.PDFDocument) {
    this.left = doc.page.margins.left;
    this.width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  }

  private get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** Starts a new page unless `height` more points fit on this one. */
  private ensureSpace(height: number): void {
    if (this.doc.y + height > this.bottom) {
      this.doc.addPage();
      this.doc.y = this.doc.page.margins.top;
    }
  }

  private write(
    text: string,
    {
      font,
      size,
      colour,
      x = this.left,
      width = this.width,
      gap = 0,
    }: TextStyle & { x?: number; width?: number; gap?: number },
  ): void {
    this.doc
      .font(font)
      .fontSize(size)
      .fillColor(colour)
      .text(toWinAnsi(text), x, this.doc.y, { width, lineGap: 2.5, paragraphGap: gap });
  }

  private heightOf(text: string, { font, size }: TextStyle, width = this.width): number {
    return this.doc.font(font).fontSize(size).heightOfString(toWinAnsi(text), { width, lineGap: 2.5 });
  }

  /** The band at the top of the first page: the company, the title, the subtitle, the date and source. */
  titleBlock(companyName: string, title: string, subtitle: string | undefined, options: RenderPdfOptions): void {
    const { doc } = this;
    const inner = this.width - 32;
    const textHeight =
      this.heightOf(title, { font: FONTS.bold, size: 24, colour: COLOURS.onPrimary }, inner) +
      (subtitle
        ? this.heightOf(subtitle, { font: FONTS.regular, size: 12.5, colour: COLOURS.onPrimary }, inner) + 8
        : 0);
    const bandHeight = Math.max(130, textHeight + 80);
    doc.rect(0, 0, doc.page.width, bandHeight).fill(COLOURS.primary);

    doc.y = 40;
    this.write(companyName.toUpperCase(), {
      font: FONTS.bold,
      size: 10,
      colour: COLOURS.onPrimary,
      x: this.left,
      width: inner,
    });
    doc.y += 14;
    this.write(title, { font: FONTS.bold, size: 24, colour: COLOURS.onPrimary, width: inner });
    if (subtitle) {
      doc.y += 6;
      this.write(subtitle, { font: FONTS.regular, size: 12.5, colour: COLOURS.onPrimary, width: inner });
    }

    doc.y = bandHeight + 18;
    const made = `Published by ${companyName} on ${formatDate(options.date ?? new Date(), "long")}.`;
    this.write(options.sourceUrl ? `${made} Online version: ${options.sourceUrl}` : made, {
      font: FONTS.regular,
      size: SIZES.small,
      colour: COLOURS.muted,
    });
    doc.y += 6;
  }

  section(section: OutlineSection, next?: OutlineSection): void {
    const { doc } = this;
    const level = section.level ?? 1;
    const style: TextStyle =
      level === 1
        ? { font: FONTS.bold, size: SIZES.h1, colour: COLOURS.heading }
        : { font: FONTS.bold, size: SIZES.h2, colour: COLOURS.subheading };
    // A short section is kept whole; a longer one at least keeps its heading with a few lines.
    const firstText = section.paragraphs?.[0] ?? section.bullets?.[0] ?? "";
    const keepWith = Math.max(40, Math.min(this.heightOf(firstText, BODY), 48) + (section.metrics?.length ? 60 : 0));
    const whole = this.estimateHeight(section);
    // A heading with no text of its own (a timeline's title) stays with the start of the next section.
    const keep =
      whole === 0 && next
        ? this.heightOf(next.heading, BODY) + 16 + Math.min(this.estimateHeight(next), 60)
        : whole <= 220
          ? whole
          : keepWith;
    doc.y += level === 1 ? 16 : 10;
    this.ensureSpace(this.heightOf(section.heading, style) + 8 + keep);
    if (level === 1) doc.outline.addItem(toWinAnsi(section.heading));
    this.write(section.heading, style);
    if (level === 1) {
      const ruleY = doc.y + 2;
      doc
        .moveTo(this.left, ruleY)
        .lineTo(this.left + this.width, ruleY)
        .lineWidth(0.75)
        .stroke(COLOURS.rule);
      doc.y = ruleY + 8;
    } else {
      doc.y += 4;
    }

    for (const paragraph of section.paragraphs ?? []) this.paragraph(paragraph);
    if (section.bullets?.length) this.bullets(section.bullets);
    if (section.metrics?.length) this.metrics(section.metrics);
  }

  /** Roughly how tall a section's body is (paragraphs, bullets, and figures at about 60 pt a row). */
  private estimateHeight(section: OutlineSection): number {
    const paragraphs = (section.paragraphs ?? []).reduce((sum, text) => sum + this.heightOf(text, BODY) + 6, 0);
    const bullets = (section.bullets ?? []).reduce(
      (sum, text) => sum + this.heightOf(text, BODY, this.width - 14) + 3,
      0,
    );
    const metrics = section.metrics?.length ? Math.ceil(section.metrics.length / 4) * 70 : 0;
    return paragraphs + bullets + metrics;
  }

  private paragraph(text: string): void {
    this.ensureSpace(Math.min(this.heightOf(text, BODY), 30));
    this.write(text, { ...BODY, gap: 6 });
  }

  private bullets(items: string[]): void {
    const indent = 14;
    for (const item of items) {
      const height = this.heightOf(item, BODY, this.width - indent);
      this.ensureSpace(Math.min(height, 30));
      const top = this.doc.y;
      this.doc.circle(this.left + 4, top + 4.8, 1.8).fill(COLOURS.primary);
      this.doc.y = top;
      this.write(item, { ...BODY, x: this.left + indent, width: this.width - indent, gap: 3 });
    }
    this.doc.y += 3;
  }

  /** Figures in boxes, up to four a row. */
  private metrics(metrics: OutlineMetric[]): void {
    const { doc } = this;
    // Rows as even as possible, at most four boxes each: 5 → 3 + 2, 6 → 3 + 3, 7 → 4 + 3.
    const perRow = Math.ceil(metrics.length / Math.ceil(metrics.length / 4));
    const gap = 10;
    const boxWidth = (this.width - gap * (perRow - 1)) / perRow;
    const padding = 8;
    const valueStyle: TextStyle = { font: FONTS.bold, size: SIZES.metricValue, colour: COLOURS.primary };
    const labelStyle: TextStyle = { font: FONTS.regular, size: SIZES.metricLabel, colour: COLOURS.text };
    doc.y += 4;
    for (let start = 0; start < metrics.length; start += perRow) {
      const row = metrics.slice(start, start + perRow);
      const inner = boxWidth - padding * 2;
      const height =
        Math.max(
          ...row.map(
            (metric) => this.heightOf(metric.value, valueStyle, inner) + this.heightOf(metric.label, labelStyle, inner),
          ),
        ) +
        padding * 2 +
        4;
      this.ensureSpace(height);
      const top = doc.y;
      row.forEach((metric, index) => {
        const x = this.left + index * (boxWidth + gap);
        doc.roundedRect(x, top, boxWidth, height, 4).fill(COLOURS.panel);
        doc.y = top + padding;
        this.write(metric.value, { ...valueStyle, x: x + padding, width: inner });
        doc.y += 4;
        this.write(metric.label, { ...labelStyle, x: x + padding, width: inner });
      });
      doc.y = top + height + gap;
    }
  }

  /** "Company | Title" and "Page n of N" at the foot of every page, drawn once all pages exist. */
  footers(label: string): void {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index += 1) {
      doc.switchToPage(index);
      const bottomMargin = doc.page.margins.bottom;
      // Writing inside the bottom margin would otherwise start a new page.
      doc.page.margins.bottom = 0;
      const y = doc.page.height - 44;
      doc
        .moveTo(this.left, y - 8)
        .lineTo(this.left + this.width, y - 8)
        .lineWidth(0.5)
        .stroke(COLOURS.rule);
      doc.font(FONTS.regular).fontSize(SIZES.small).fillColor(COLOURS.muted);
      doc.text(label, this.left, y, { width: this.width * 0.7, lineBreak: false, ellipsis: true });
      doc.text(`Page ${index - range.start + 1} of ${range.count}`, this.left, y, {
        width: this.width,
        align: "right",
        lineBreak: false,
      });
      doc.page.margins.bottom = bottomMargin;
    }
  }
}

interface TextStyle {
  font: string;
  size: number;
  colour: string;
}

const BODY: TextStyle = { font: FONTS.regular, size: SIZES.body, colour: COLOURS.text };
