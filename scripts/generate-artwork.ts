/**
 * `npm run artwork`: draws the site's original artwork as SVG, in code, and renders every size
 * and format listed in `app/lib/site/images.ts` into `public/images/` (AVIF and WebP), plus the share
 * card `public/images/share.png`. Nothing is fetched: every picture is geometry and gradients in
 * the brand palette (deep indigo and blue, teal and amber accents), on a dark indigo ground that
 * sits well on both the light and the dark theme. No text is drawn.
 *
 * The output is deterministic: the only randomness is a PRNG seeded from each picture's name, so
 * running the script again rewrites the same pictures. Commit the generated files.
 */
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { IMAGE_NAMES, type ImageName } from "../app/content/types";
import { IMAGE_FORMATS, IMAGES, SHARE_IMAGE, imageHeight, imagePath } from "../app/lib/site/images";

const PUBLIC_DIR = path.resolve(import.meta.dirname, "..", "public");
const QUALITY = { webp: 70, avif: 50 } as const;

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

/** FNV-1a: a stable 32-bit seed from a picture's name. */
function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Mulberry32: a small seeded PRNG returning numbers in [0, 1). */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------
// Palette and SVG helpers

const PALETTE = {
  night: "#0f1238",
  indigo950: "#1e1b4b",
  indigo900: "#312e81",
  indigo700: "#4338ca",
  indigo500: "#6366f1",
  indigo300: "#a5b4fc",
  blue950: "#172554",
  blue700: "#1d4ed8",
  blue500: "#3b82f6",
  blue300: "#93c5fd",
  teal700: "#0f766e",
  teal500: "#14b8a6",
  teal400: "#2dd4bf",
  teal300: "#5eead4",
  amber600: "#d97706",
  amber400: "#fbbf24",
  amber300: "#fcd34d",
  amber200: "#fde68a",
  ice: "#e0e7ff",
  white: "#f8fafc",
} as const;

/** The three visible faces of an isometric block. */
interface Faces {
  top: string;
  left: string;
  right: string;
}

const FACES = {
  indigo: { top: "#818cf8", left: "#4f46e5", right: "#3730a3" },
  blue: { top: "#93c5fd", left: "#3b82f6", right: "#1d4ed8" },
  teal: { top: "#5eead4", left: "#14b8a6", right: "#0f766e" },
  amber: { top: "#fde68a", left: "#fbbf24", right: "#d97706" },
  slab: { top: "#2a3474", left: "#1f275c", right: "#171d49" },
  steel: { top: "#3b4a8f", left: "#2b3678", right: "#202962" },
} satisfies Record<string, Faces>;

type Point = readonly [number, number];

/** Rounds a coordinate to one decimal, which keeps the SVG short and the output stable. */
function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

function points(list: readonly Point[]): string {
  return list.map(([x, y]) => `${n(x)},${n(y)}`).join(" ");
}

function attrs(values: Record<string, string | number | undefined>): string {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}="${typeof value === "number" ? n(value) : value}"`)
    .join(" ");
}

function polygon(
  list: readonly Point[],
  fill: string,
  extra: Record<string, string | number | undefined> = {},
): string {
  return `<polygon ${attrs({ points: points(list), fill, ...extra })}/>`;
}

function circle(
  cx: number,
  cy: number,
  r: number,
  fill: string,
  extra: Record<string, string | number | undefined> = {},
) {
  return `<circle ${attrs({ cx, cy, r, fill, ...extra })}/>`;
}

function rect(
  x: number,
  y: number,
  width: number,
  height: number,
  fill: string,
  extra: Record<string, string | number | undefined> = {},
): string {
  return `<rect ${attrs({ x, y, width, height, fill, ...extra })}/>`;
}

function line(a: Point, b: Point, stroke: string, extra: Record<string, string | number | undefined> = {}): string {
  return `<line ${attrs({ x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke, ...extra })}/>`;
}

/** The drawing context of one picture: its size in SVG units, its PRNG and its gradient defs. */
class Canvas {
  readonly defs: string[] = [];
  private next = 0;

  constructor(
    readonly width: number,
    readonly height: number,
    readonly random: () => number,
  ) {}

  /** A number in [min, max). */
  between(min: number, max: number): number {
    return min + (max - min) * this.random();
  }

  /** Adds a linear gradient (x1,y1 → x2,y2 in the object's box unless `userSpace`); returns its url(). */
  linear(
    stops: readonly (readonly [number, string, number?])[],
    from: Point = [0, 0],
    to: Point = [0, 1],
    userSpace = false,
  ) {
    const id = `g${this.next++}`;
    const units = userSpace ? ` gradientUnits="userSpaceOnUse"` : "";
    this.defs.push(
      `<linearGradient id="${id}" ${attrs({ x1: from[0], y1: from[1], x2: to[0], y2: to[1] })}${units}>${stopsSvg(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** Adds a radial gradient in the object's box; returns its url(). */
  radial(stops: readonly (readonly [number, string, number?])[]): string {
    const id = `g${this.next++}`;
    this.defs.push(`<radialGradient id="${id}" cx="0.5" cy="0.5" r="0.5">${stopsSvg(stops)}</radialGradient>`);
    return `url(#${id})`;
  }

  /** A soft round glow: an ellipse filled with a radial fade of `color`. */
  glow(cx: number, cy: number, rx: number, ry: number, color: string, opacity: number): string {
    const fill = this.radial([
      [0, color, opacity],
      [0.45, color, opacity * 0.45],
      [1, color, 0],
    ]);
    return `<ellipse ${attrs({ cx, cy, rx, ry, fill })}/>`;
  }
}

function stopsSvg(stops: readonly (readonly [number, string, number?])[]): string {
  return stops
    .map(
      ([offset, color, opacity]) => `<stop ${attrs({ offset, "stop-color": color, "stop-opacity": opacity ?? 1 })}/>`,
    )
    .join("");
}

// ---------------------------------------------------------------------------------------------
// Isometric projection

const COS30 = Math.cos(Math.PI / 6);

/** Projects a 3D point (x to the lower right, y to the lower left, z up) onto the picture. */
interface Projector {
  (x: number, y: number, z: number): Point;
  /** Picture units per world unit. */
  readonly scale: number;
}

function isometric(originX: number, originY: number, scale = 1): Projector {
  const project = (x: number, y: number, z: number): Point => [
    originX + (x - y) * COS30 * scale,
    originY + ((x + y) * 0.5 - z) * scale,
  ];
  return Object.assign(project, { scale });
}

interface BlockOptions {
  /** Outline on the top face, e.g. a light edge that catches the light. */
  edge?: string;
  opacity?: number;
}

/** A box from (x, y, z) of size w × d × h: its top, left (+y) and right (+x) faces. */
function block(
  p: Projector,
  x: number,
  y: number,
  z: number,
  w: number,
  d: number,
  h: number,
  faces: Faces,
  options: BlockOptions = {},
): string {
  const top = [p(x, y, z + h), p(x + w, y, z + h), p(x + w, y + d, z + h), p(x, y + d, z + h)] as const;
  const left = [p(x, y + d, z), p(x + w, y + d, z), p(x + w, y + d, z + h), p(x, y + d, z + h)] as const;
  const right = [p(x + w, y, z), p(x + w, y + d, z), p(x + w, y + d, z + h), p(x + w, y, z + h)] as const;
  const edge = options.edge
    ? { stroke: options.edge, "stroke-width": 1.5, "stroke-linejoin": "round", "stroke-opacity": 0.7 }
    : {};
  const group = [polygon(left, faces.left), polygon(right, faces.right), polygon(top, faces.top, edge)].join("");
  return options.opacity === undefined ? group : `<g opacity="${n(options.opacity)}">${group}</g>`;
}

/** An SVG matrix() with its numbers rounded. */
function matrix(values: readonly number[]): string {
  return `matrix(${values.map((v) => String(Math.round(v * 1000) / 1000)).join(" ")})`;
}

/** Maps flat 2D drawing (x along the world x axis, y along the world y axis) onto the top plane at (x, y, z). */
function topPlane(p: Projector, x: number, y: number, z: number): string {
  const [tx, ty] = p(x, y, z);
  const s = p.scale;
  return matrix([COS30 * s, 0.5 * s, -COS30 * s, 0.5 * s, tx, ty]);
}

/** Maps flat 2D drawing (x along the world x axis, y downwards) onto the upright plane facing the lower left. */
function leftPlane(p: Projector, x: number, y: number, z: number): string {
  const [tx, ty] = p(x, y, z);
  const s = p.scale;
  return matrix([COS30 * s, 0.5 * s, 0, s, tx, ty]);
}

/** A floor shadow under an object standing at (x, y): a soft dark ellipse. */
function shadow(c: Canvas, at: Point, rx: number, opacity = 0.45): string {
  return c.glow(at[0], at[1] + rx * 0.05, rx, rx * 0.55, "#050816", opacity);
}

// ---------------------------------------------------------------------------------------------
// Shared ground: the dark indigo backdrop every picture sits on

interface BackdropOptions {
  /** Where the teal light comes from, as fractions of the picture. */
  teal: Point;
  /** Where the amber light comes from, as fractions of the picture. */
  amber: Point;
  /** Draw the faint dot grid. */
  dots?: boolean;
}

function backdrop(c: Canvas, options: BackdropOptions): string {
  const { width: W, height: H } = c;
  const base = c.linear(
    [
      [0, PALETTE.indigo950],
      [0.55, PALETTE.night],
      [1, PALETTE.blue950],
    ],
    [0, 0],
    [1, 1],
  );
  const parts = [
    rect(0, 0, W, H, base),
    c.glow(W * 0.55, H * 0.55, W * 0.55, H * 0.6, PALETTE.indigo700, 0.55),
    c.glow(W * options.teal[0], H * options.teal[1], W * 0.42, H * 0.5, PALETTE.teal500, 0.32),
    c.glow(W * options.amber[0], H * options.amber[1], W * 0.35, H * 0.4, PALETTE.amber400, 0.16),
  ];
  if (options.dots) {
    const id = "dots";
    c.defs.push(
      `<pattern id="${id}" width="36" height="36" patternUnits="userSpaceOnUse">${circle(18, 18, 1.6, PALETTE.ice)}</pattern>`,
      `<radialGradient id="dotfade" cx="0.5" cy="0.45" r="0.6">${stopsSvg([
        [0, "#fff", 1],
        [1, "#fff", 0],
      ])}</radialGradient><mask id="dotmask">${rect(0, 0, W, H, "url(#dotfade)")}</mask>`,
    );
    parts.push(rect(0, 0, W, H, `url(#${id})`, { opacity: 0.14, mask: "url(#dotmask)" }));
  }
  return parts.join("");
}

/** A few small floating cubes that give depth; placed by the picture's PRNG, away from `keepClear`. */
function floatingCubes(c: Canvas, count: number, keepClear: (x: number, y: number) => boolean): string {
  const palettes = [FACES.indigo, FACES.teal, FACES.blue, FACES.amber];
  const out: string[] = [];
  let tries = 0;
  while (out.length < count && tries++ < 400) {
    const x = c.between(0.05, 0.95) * c.width;
    const y = c.between(0.06, 0.9) * c.height;
    if (keepClear(x, y)) continue;
    const size = c.between(12, 26);
    const faces = palettes[Math.floor(c.random() * palettes.length)] ?? FACES.indigo;
    out.push(block(isometric(x, y), 0, 0, 0, size, size, size, faces, { opacity: c.between(0.45, 0.85) }));
  }
  return out.join("");
}

/** A person seen from the front: rounded shoulders and a head, standing at `foot`. */
function person(c: Canvas, foot: Point, height: number, shirt: readonly [string, string], skin = PALETTE.ice): string {
  const [x, y] = foot;
  const bodyWidth = height * 0.46;
  const bodyHeight = height * 0.58;
  const r = bodyWidth / 2;
  const headR = height * 0.14;
  const fill = c.linear([
    [0, shirt[0]],
    [1, shirt[1]],
  ]);
  const body = `<path ${attrs({
    d: `M${n(x - r)} ${n(y)} V${n(y - bodyHeight + r)} A${n(r)} ${n(r)} 0 0 1 ${n(x + r)} ${n(y - bodyHeight + r)} V${n(y)} Z`,
    fill,
  })}/>`;
  const head = circle(x, y - bodyHeight - headR * 1.25, headR, skin);
  return shadow(c, [x, y], bodyWidth * 0.8, 0.5) + body + head;
}

/** A glowing node: a halo, a ring and a bright core. */
function node(c: Canvas, x: number, y: number, r: number, color: string): string {
  return (
    c.glow(x, y, r * 3.2, r * 3.2, color, 0.55) +
    circle(x, y, r * 1.55, "none", { stroke: color, "stroke-width": r * 0.35, "stroke-opacity": 0.6 }) +
    circle(x, y, r, color) +
    circle(x - r * 0.3, y - r * 0.3, r * 0.35, PALETTE.white, { opacity: 0.7 })
  );
}

// ---------------------------------------------------------------------------------------------
// The pictures

/** The flag on its pole above the summit of the strategy's path. */
function summitFlag(c: Canvas, [fx, fy]: Point): string {
  return (
    line([fx, fy - 44], [fx, fy - 150], PALETTE.white, { "stroke-width": 4, "stroke-linecap": "round" }) +
    polygon(
      [
        [fx + 2, fy - 150],
        [fx + 74, fy - 130],
        [fx + 2, fy - 108],
      ],
      c.linear(
        [
          [0, PALETTE.amber300],
          [1, PALETTE.amber600],
        ],
        [0, 0],
        [1, 0],
      ),
    )
  );
}

/** Strategy: a roadmap of ascending pillars on a platform, joined by a rising path to a flag. */
function heroStrategy(c: Canvas): string {
  const { width: W, height: H } = c;
  const p = isometric(W * 0.5, H * 0.456, 0.9);
  const parts = [backdrop(c, { teal: [0.85, 0.15], amber: [0.12, 0.9], dots: true })];
  parts.push(shadow(c, p(190, 130, 0), 470, 0.55));
  // The platform and its faint floor grid.
  const [x0, y0, w, d] = [-80, -110, 540, 480];
  parts.push(block(p, x0, y0, -40, w, d, 40, FACES.slab, { edge: PALETTE.indigo300 }));
  const grid: string[] = [];
  for (let i = 0; i <= w; i += 60) grid.push(line(p(x0 + i, y0, 0), p(x0 + i, y0 + d, 0), PALETTE.indigo300));
  for (let j = 0; j <= d; j += 60) grid.push(line(p(x0, y0 + j, 0), p(x0 + w, y0 + j, 0), PALETTE.indigo300));
  parts.push(`<g stroke-width="1" opacity="0.18">${grid.join("")}</g>`);

  // The road on the floor: a dashed path that winds through the milestones.
  const road = [
    p(-50, 350, 0),
    p(40, 300, 0),
    p(60, 190, 0),
    p(170, 120, 0),
    p(230, 10, 0),
    p(360, -40, 0),
    p(430, -90, 0),
  ];
  const roadPath = `M${road.map(([x, y]) => `${n(x)} ${n(y)}`).join(" L")}`;
  parts.push(
    `<path ${attrs({ d: roadPath, fill: "none", stroke: PALETTE.teal300, "stroke-width": 14, "stroke-linejoin": "round", "stroke-linecap": "round", opacity: 0.18 })}/>`,
    `<path ${attrs({ d: roadPath, fill: "none", stroke: PALETTE.teal300, "stroke-width": 4, "stroke-dasharray": "14 12", "stroke-linecap": "round", opacity: 0.9 })}/>`,
  );

  // Five pillars rising towards the back right; drawn back to front.
  const pillars = [
    { x: 330, y: -100, h: 330, faces: FACES.amber },
    { x: 250, y: -10, h: 250, faces: FACES.teal },
    { x: 170, y: 80, h: 185, faces: FACES.blue },
    { x: 90, y: 170, h: 130, faces: FACES.indigo },
    { x: 10, y: 260, h: 85, faces: FACES.indigo },
  ];
  const tops: Point[] = [];
  for (const pillar of pillars) {
    parts.push(block(p, pillar.x, pillar.y, 0, 70, 70, 8, FACES.steel));
    parts.push(block(p, pillar.x + 8, pillar.y + 8, 8, 54, 54, pillar.h, pillar.faces, { edge: PALETTE.white }));
    tops.push(p(pillar.x + 35, pillar.y + 35, pillar.h + 8));
  }
  // The rising line through the pillar tops, front to back, with a milestone node on each.
  const rising = [...tops].reverse();
  const summit = rising[rising.length - 1] ?? [0, 0];
  parts.push(
    `<polyline ${attrs({ points: points(rising), fill: "none", stroke: PALETTE.white, "stroke-width": 3, "stroke-dasharray": "2 10", "stroke-linecap": "round", opacity: 0.75 })}/>`,
  );
  rising.forEach(([x, y], i) => {
    parts.push(node(c, x, y - 34, 9, i === rising.length - 1 ? PALETTE.amber300 : PALETTE.teal300));
    parts.push(line([x, y - 25], [x, y], PALETTE.white, { "stroke-width": 2, opacity: 0.4 }));
  });
  parts.push(summitFlag(c, summit));
  // Depth: small cubes floating away from the main group.
  parts.push(
    floatingCubes(
      c,
      7,
      (x, y) => Math.hypot((x - W * 0.55) / 1.5, y - H * 0.5) < 320 || Math.hypot(x - summit[0], y - summit[1]) < 200,
    ),
  );
  return parts.join("");
}

/** Delivery: a kanban board of three lanes on a platform, a card moving to done, and the team. */
function heroDelivery(c: Canvas): string {
  const { width: W, height: H } = c;
  const scale = 0.82;
  const p = isometric(W * 0.42, H * 0.25, scale);
  const parts = [backdrop(c, { teal: [0.15, 0.2], amber: [0.9, 0.85], dots: true })];
  parts.push(shadow(c, p(300, 260, 0), 520, 0.55));
  parts.push(block(p, -20, -20, -36, 640, 560, 36, FACES.slab, { edge: PALETTE.indigo300 }));

  // Three lanes running from back to front: to do, doing, done. Each has a header bar and cards;
  // the doing lane has an empty slot where the moving card came from.
  const lanes = [
    { x: 20, cards: [true, true, true, true], faces: FACES.indigo },
    { x: 220, cards: [true, true, false], faces: FACES.blue },
    { x: 420, cards: [true, true, false], faces: FACES.teal },
  ];
  const cardY = (i: number) => 84 + i * 96;
  for (const lane of lanes) {
    parts.push(block(p, lane.x, 20, 0, 150, 460, 6, FACES.steel, { edge: PALETTE.indigo300 }));
    parts.push(block(p, lane.x + 16, 34, 6, 118, 26, 6, lane.faces));
    lane.cards.forEach((present, i) => {
      const y = cardY(i);
      if (!present) {
        // An empty slot: where the moving card left (amber), or where it lands (teal).
        const stroke = lane.x === 420 ? PALETTE.teal300 : PALETTE.amber300;
        parts.push(
          `<g transform="${topPlane(p, lane.x + 16, y, 6)}">${rect(0, 0, 118, 78, "none", { rx: 8, stroke, "stroke-width": 3, "stroke-dasharray": "8 7", opacity: 0.85 })}</g>`,
        );
        return;
      }
      parts.push(block(p, lane.x + 16, y, 6, 118, 78, 10, { ...FACES.slab, top: PALETTE.ice }));
      // A coloured tag and two wireframe lines on each card, drawn on its top face.
      parts.push(
        `<g transform="${topPlane(p, lane.x + 16, y, 16)}">` +
          rect(12, 12, 40, 9, lane.faces.left, { rx: 4.5 }) +
          rect(12, 32, 88, 7, "#94a3b8", { rx: 3.5 }) +
          rect(12, 48, 62, 7, "#cbd5e1", { rx: 3.5 }) +
          `</g>`,
      );
    });
  }
  // Done cards carry a check badge.
  for (let i = 0; i < 2; i++) {
    const [x, y] = p(540, cardY(i) + 20, 44);
    parts.push(c.glow(x, y, 40, 40, PALETTE.teal400, 0.5));
    parts.push(circle(x, y, 18, PALETTE.teal400));
    parts.push(
      `<path ${attrs({ d: `M${n(x - 8)} ${n(y)} l5.5 6.5 l11 -12`, fill: "none", stroke: PALETTE.night, "stroke-width": 4, "stroke-linecap": "round", "stroke-linejoin": "round" })}/>`,
    );
  }
  // The moving card, in flight between the doing and done lanes, on a dashed arc between the slots.
  const from = p(295, cardY(2) + 39, 6);
  const landing = p(495, cardY(2) + 39, 6);
  const apex = p(395, cardY(2) + 39, 300);
  parts.push(
    `<path ${attrs({ d: `M${n(from[0])} ${n(from[1])} Q${n(apex[0])} ${n(apex[1])} ${n(landing[0])} ${n(landing[1])}`, fill: "none", stroke: PALETTE.amber300, "stroke-width": 3, "stroke-dasharray": "10 9", "stroke-linecap": "round" })}/>`,
    circle(landing[0], landing[1], 7, PALETTE.teal300),
  );
  const [fx, fy] = p(395, cardY(2) + 39, 150);
  parts.push(c.glow(fx, fy, 150, 80, PALETTE.amber400, 0.4));
  parts.push(block(p, 336, cardY(2), 140, 118, 78, 10, FACES.amber, { edge: PALETTE.white }));
  parts.push(
    `<g transform="${topPlane(p, 336, cardY(2), 150)}">` +
      rect(12, 12, 56, 9, PALETTE.amber600, { rx: 4.5 }) +
      rect(12, 32, 88, 7, "#fff7ed", { rx: 3.5, opacity: 0.9 }) +
      rect(12, 48, 62, 7, "#fff7ed", { rx: 3.5, opacity: 0.7 }) +
      `</g>`,
  );

  // The team, standing along the board's front-right edge, back to front.
  const team: { at: readonly [number, number]; height: number; shirt: readonly [string, string] }[] = [
    { at: [700, 40], height: 150, shirt: [PALETTE.teal400, PALETTE.teal700] },
    { at: [720, 200], height: 162, shirt: [PALETTE.indigo500, PALETTE.indigo900] },
    { at: [700, 360], height: 146, shirt: [PALETTE.amber300, PALETTE.amber600] },
  ];
  for (const member of team) parts.push(person(c, p(member.at[0], member.at[1], 0), member.height, member.shirt));
  parts.push(floatingCubes(c, 6, (x, y) => Math.hypot((x - W * 0.55) / 1.4, y - H * 0.55) < 360));
  return parts.join("");
}

/** The AI network's nodes, placed by the PRNG in an ellipse around the chip, kept apart from one another. */
function networkNodes(c: Canvas, cx: number, cy: number): Point[] {
  const { width: W, height: H } = c;
  const nodes: Point[] = [];
  let tries = 0;
  while (nodes.length < 30 && tries++ < 4000) {
    const angle = c.between(0, Math.PI * 2);
    const radius = Math.sqrt(c.between(0.12, 1));
    const x = cx + Math.cos(angle) * radius * W * 0.46;
    const y = cy + Math.sin(angle) * radius * H * 0.44;
    if (Math.hypot((x - cx) / 1.5, y - cy) < 150) continue;
    if (nodes.some(([ox, oy]) => Math.hypot(ox - x, oy - y) < 92)) continue;
    nodes.push([x, y]);
  }
  return nodes;
}

/** Each node's links to its two nearest neighbours, as "i-j" with i < j (each link once). */
function nearestNeighbourEdges(nodes: readonly Point[]): Set<string> {
  const edges = new Set<string>();
  nodes.forEach((a, i) => {
    const nearest = nodes
      .map((b, j) => ({ j, d: Math.hypot(a[0] - b[0], a[1] - b[1]) }))
      .filter(({ j }) => j !== i)
      .sort((x, y) => x.d - y.d)
      .slice(0, 2);
    for (const { j } of nearest) edges.add(i < j ? `${i}-${j}` : `${j}-${i}`);
  });
  return edges;
}

/** AI: a glowing chip on a platform, with a network of connected nodes spreading around it. */
function showcaseAi(c: Canvas): string {
  const { width: W, height: H } = c;
  const cx = W * 0.5;
  const cy = H * 0.52;
  const p = isometric(cx, cy - 40);
  const parts = [backdrop(c, { teal: [0.8, 0.2], amber: [0.15, 0.85] })];

  const nodes = networkNodes(c, cx, cy);
  // Each node links to its two nearest neighbours; the nodes nearest the chip link to it.
  const edges = nearestNeighbourEdges(nodes);
  const lineGradient = c.linear(
    [
      [0, PALETTE.teal300, 0.7],
      [1, PALETTE.indigo300, 0.5],
    ],
    [0, 0],
    [W, H],
    true,
  );
  const links: string[] = [];
  for (const key of edges) {
    const [i, j] = key.split("-").map(Number);
    const a = nodes[i ?? 0];
    const b = nodes[j ?? 0];
    if (a && b) links.push(line(a, b, lineGradient, { "stroke-width": 2.5 }));
  }
  const byDistance = nodes
    .map((point, i) => ({ point, i, d: Math.hypot((point[0] - cx) / 1.5, point[1] - cy) }))
    .sort((a, b) => a.d - b.d);
  const inner = byDistance.slice(0, 6);
  for (const { point } of inner) {
    links.push(
      `<path ${attrs({ d: `M${n(cx)} ${n(cy - 20)} Q${n((point[0] + cx) / 2)} ${n(point[1])} ${n(point[0])} ${n(point[1])}`, fill: "none", stroke: PALETTE.teal300, "stroke-width": 3, opacity: 0.75 })}/>`,
    );
  }
  parts.push(`<g stroke-linecap="round">${links.join("")}</g>`);

  // The chip: a platform, a die with pins, and a glowing core.
  parts.push(shadow(c, [cx, cy + 70], 210, 0.6));
  parts.push(block(p, -110, -110, -30, 220, 220, 30, FACES.slab, { edge: PALETTE.indigo300 }));
  for (let i = 0; i < 5; i++) {
    const offset = -64 + i * 32;
    parts.push(block(p, offset - 6, 70, 0, 12, 22, 8, FACES.steel));
    parts.push(block(p, 70, offset - 6, 0, 22, 12, 8, FACES.steel));
  }
  parts.push(block(p, -72, -72, 0, 144, 144, 26, FACES.indigo, { edge: PALETTE.white }));
  const [coreX, coreY] = p(0, 0, 26);
  parts.push(c.glow(coreX, coreY, 150, 90, PALETTE.teal400, 0.7));
  parts.push(
    `<g transform="${topPlane(p, -46, -46, 26)}">` +
      rect(0, 0, 92, 92, PALETTE.night, { rx: 10, opacity: 0.55 }) +
      rect(14, 14, 64, 64, PALETTE.teal400, { rx: 8 }) +
      rect(28, 28, 36, 36, PALETTE.teal300, { rx: 6 }) +
      `</g>`,
  );

  // The nodes on top: a few amber, the rest teal and periwinkle.
  nodes.forEach(([x, y], i) => {
    const color = i % 7 === 3 ? PALETTE.amber300 : i % 3 === 0 ? PALETTE.indigo300 : PALETTE.teal300;
    parts.push(node(c, x, y, i % 5 === 0 ? 11 : 8, color));
  });
  return parts.join("");
}

/** A cloud outline built from overlapping circles over a flat base, in one continuous gradient. */
function cloudShape(c: Canvas, x: number, y: number, width: number, opacity = 1): string {
  const u = width / 10;
  const fill = c.linear(
    [
      [0, PALETTE.white],
      [1, PALETTE.blue300],
    ],
    [x, y - u * 5],
    [x, y + u],
    true,
  );
  const shapes = [
    rect(x - u * 4.4, y - u * 1.6, u * 8.8, u * 2.4, fill, { rx: u * 1.2 }),
    circle(x - u * 2.4, y - u * 1.4, u * 1.9, fill),
    circle(x + u * 0.1, y - u * 2.5, u * 2.7, fill),
    circle(x + u * 2.7, y - u * 1.2, u * 1.7, fill),
  ];
  return `<g opacity="${n(opacity)}">${shapes.join("")}</g>`;
}

/** Cloud: three stacks of servers on a platform, linked by data paths to a cloud above. */
function showcaseCloud(c: Canvas): string {
  const { width: W, height: H } = c;
  const p = isometric(W * 0.5, H * 0.5);
  const parts = [backdrop(c, { teal: [0.2, 0.15], amber: [0.85, 0.9] })];
  parts.push(shadow(c, p(70, 70, 0), 420, 0.6));
  parts.push(block(p, -170, -170, -30, 480, 480, 30, FACES.slab, { edge: PALETTE.indigo300 }));

  const stacks = [
    { x: 150, y: -110, units: 5, faces: FACES.indigo },
    { x: -110, y: 150, units: 4, faces: FACES.blue },
    { x: 130, y: 130, units: 3, faces: FACES.indigo },
  ];
  const cloudAt: Point = [W * 0.5, H * 0.25];
  const tops: Point[] = [];
  for (const stack of stacks) {
    for (let u = 0; u < stack.units; u++) {
      const z = u * 46;
      parts.push(block(p, stack.x, stack.y, z, 130, 130, 40, stack.faces, { edge: PALETTE.blue300 }));
      // A slot and status lights on the front-right face of each unit.
      const slotA = p(stack.x + 130, stack.y + 18, z + 22);
      const slotB = p(stack.x + 130, stack.y + 80, z + 22);
      parts.push(line(slotA, slotB, PALETTE.night, { "stroke-width": 5, "stroke-linecap": "round", opacity: 0.6 }));
      const [lx, ly] = p(stack.x + 130, stack.y + 104, z + 22);
      const [mx, my] = p(stack.x + 130, stack.y + 116, z + 22);
      parts.push(circle(lx, ly, 4, u % 2 === 0 ? PALETTE.teal300 : PALETTE.amber300));
      parts.push(circle(mx, my, 4, PALETTE.teal300, { opacity: 0.7 }));
    }
    tops.push(p(stack.x + 65, stack.y + 65, stack.units * 46));
  }
  // Data paths up to the cloud, with packets travelling on them.
  for (const [i, [x, y]] of tops.entries()) {
    const endX = cloudAt[0] + (x - cloudAt[0]) * 0.35;
    const d = `M${n(x)} ${n(y - 6)} C${n(x)} ${n(y - 110)} ${n(endX)} ${n(cloudAt[1] + 140)} ${n(endX)} ${n(cloudAt[1] + 20)}`;
    parts.push(
      `<path ${attrs({ d, fill: "none", stroke: PALETTE.teal300, "stroke-width": 3, "stroke-dasharray": "3 11", "stroke-linecap": "round", opacity: 0.9 })}/>`,
    );
    const t = 0.35 + 0.15 * i;
    const px = bezier(x, x, endX, endX, t);
    const py = bezier(y - 6, y - 110, cloudAt[1] + 140, cloudAt[1] + 20, t);
    parts.push(c.glow(px, py, 26, 26, PALETTE.amber300, 0.6));
    parts.push(rect(px - 7, py - 7, 14, 14, PALETTE.amber300, { rx: 3, transform: `rotate(45 ${n(px)} ${n(py)})` }));
  }
  parts.push(c.glow(cloudAt[0], cloudAt[1] - 10, 300, 160, PALETTE.blue500, 0.5));
  parts.push(cloudShape(c, cloudAt[0], cloudAt[1], 320));
  // Smaller clouds drifting behind for depth.
  parts.push(cloudShape(c, W * 0.16, H * 0.2, 140, 0.25), cloudShape(c, W * 0.86, H * 0.36, 110, 0.2));
  return parts.join("");
}

function bezier(a: number, b: number, c: number, d: number, t: number): number {
  const s = 1 - t;
  return s * s * s * a + 3 * s * s * t * b + 3 * s * t * t * c + t * t * t * d;
}

/** The outline of a heater shield, `w` wide and `h` tall, its top centre at (cx, top). */
function shieldPath(cx: number, top: number, w: number, h: number): string {
  const half = w / 2;
  return [
    `M${n(cx)} ${n(top)}`,
    `L${n(cx + half)} ${n(top + h * 0.14)}`,
    `V${n(top + h * 0.45)}`,
    `C${n(cx + half)} ${n(top + h * 0.74)} ${n(cx + w * 0.22)} ${n(top + h * 0.9)} ${n(cx)} ${n(top + h)}`,
    `C${n(cx - w * 0.22)} ${n(top + h * 0.9)} ${n(cx - half)} ${n(top + h * 0.74)} ${n(cx - half)} ${n(top + h * 0.45)}`,
    `V${n(top + h * 0.14)} Z`,
  ].join(" ");
}

/** Security: a shield with a padlock over a platform, inside radar rings, with guarded nodes. */
function showcaseSecurity(c: Canvas): string {
  const { width: W, height: H } = c;
  const cx = W * 0.5;
  const parts = [backdrop(c, { teal: [0.5, 0.35], amber: [0.12, 0.15] })];
  const p = isometric(cx, H * 0.74);
  // The platform, with concentric rings on it.
  parts.push(shadow(c, p(0, 0, 0), 360, 0.6));
  parts.push(block(p, -200, -200, -30, 400, 400, 30, FACES.slab, { edge: PALETTE.indigo300 }));
  const rings: string[] = [];
  for (const r of [80, 130, 180]) {
    rings.push(
      `<ellipse ${attrs({ cx: p(0, 0, 0)[0], cy: p(0, 0, 0)[1], rx: r * COS30 * Math.SQRT2, ry: r * 0.5 * Math.SQRT2, fill: "none", stroke: PALETTE.teal300, "stroke-width": 2.5, opacity: 0.55 - r / 600 })}/>`,
    );
  }
  parts.push(rings.join(""));
  // Radar arcs behind the shield.
  const ringCenter: Point = [cx, H * 0.42];
  for (const [i, r] of [170, 240, 310, 380].entries()) {
    parts.push(
      circle(ringCenter[0], ringCenter[1], r, "none", {
        stroke: i % 2 === 0 ? PALETTE.teal300 : PALETTE.indigo300,
        "stroke-width": 2,
        "stroke-dasharray": i === 1 ? "4 14" : undefined,
        opacity: 0.34 - i * 0.06,
      }),
    );
  }
  // Guarded nodes orbiting on the rings.
  const guarded: Point[] = [];
  for (let i = 0; guarded.length < 8 && i < 200; i++) {
    const r = [240, 310, 380][i % 3] ?? 240;
    const angle = c.between(0, Math.PI * 2);
    const x = ringCenter[0] + Math.cos(angle) * r;
    const y = ringCenter[1] + Math.sin(angle) * r;
    if (y > H * 0.62 || y < 30 || Math.abs(x - cx) < 190) continue;
    if (guarded.some(([gx, gy]) => Math.hypot(gx - x, gy - y) < 120)) continue;
    guarded.push([x, y]);
    parts.push(node(c, x, y, 7, guarded.length % 4 === 1 ? PALETTE.amber300 : PALETTE.teal300));
  }

  // The shield: a glow, a body, a bright rim and an inner bevel.
  const top = H * 0.14;
  const w = 330;
  const h = 390;
  parts.push(c.glow(cx, top + h * 0.5, 300, 300, PALETTE.blue500, 0.55));
  const body = c.linear(
    [
      [0, PALETTE.blue500],
      [0.6, PALETTE.indigo700],
      [1, PALETTE.indigo900],
    ],
    [0, 0],
    [0.6, 1],
  );
  const rim = c.linear(
    [
      [0, PALETTE.teal300],
      [1, PALETTE.blue300],
    ],
    [0, 0],
    [1, 1],
  );
  parts.push(`<path ${attrs({ d: shieldPath(cx, top, w, h), fill: body, stroke: rim, "stroke-width": 10 })}/>`);
  parts.push(
    `<path ${attrs({ d: shieldPath(cx, top + 26, w - 64, h - 58), fill: "none", stroke: PALETTE.white, "stroke-width": 3, opacity: 0.35 })}/>`,
  );
  // Light falling on the left half of the shield.
  parts.push(
    `<path ${attrs({ d: `${shieldPath(cx, top, w, h)}`, fill: "#ffffff", opacity: 0.08, "clip-path": "url(#lefthalf)" })}/>`,
  );
  c.defs.push(`<clipPath id="lefthalf">${rect(0, 0, cx, H, "#000")}</clipPath>`);

  parts.push(padlock(c, cx, top + h * 0.42));
  return parts.join("");
}

/** The padlock on the security shield: its shackle, its body from `lockY` down, and the keyhole. */
function padlock(c: Canvas, cx: number, lockY: number): string {
  const shackle = `<path ${attrs({ d: `M${n(cx - 46)} ${n(lockY)} V${n(lockY - 34)} A46 46 0 0 1 ${n(cx + 46)} ${n(lockY - 34)} V${n(lockY)}`, fill: "none", stroke: PALETTE.ice, "stroke-width": 18, "stroke-linecap": "round" })}/>`;
  const lockFill = c.linear([
    [0, PALETTE.amber300],
    [1, PALETTE.amber600],
  ]);
  return (
    shackle +
    rect(cx - 78, lockY - 8, 156, 124, lockFill, { rx: 20 }) +
    circle(cx, lockY + 42, 15, PALETTE.night) +
    rect(cx - 6, lockY + 48, 12, 36, PALETTE.night, { rx: 6 })
  );
}

/** A browser-like wireframe, `w` × `h`, drawn in local units (to be placed with a transform). */
function wireframe(c: Canvas, w: number, h: number, kind: "layout" | "cards" | "chart"): string {
  const frame = rect(
    0,
    0,
    w,
    h,
    c.linear([
      [0, "#26306b"],
      [1, "#1c2353"],
    ]),
    { rx: 18, stroke: PALETTE.indigo300, "stroke-width": 2, "stroke-opacity": 0.6 },
  );
  const bar = rect(0, 0, w, 34, "#323e86", { rx: 18 }) + rect(0, 18, w, 16, "#323e86");
  const dots = [PALETTE.amber300, PALETTE.teal300, PALETTE.indigo300]
    .map((fill, i) => circle(22 + i * 20, 17, 5.5, fill))
    .join("");
  const parts = [frame, bar, dots];
  if (kind === "layout") {
    parts.push(rect(18, 52, w * 0.22, h - 70, "#2e3a80", { rx: 10 }));
    for (let i = 0; i < 5; i++)
      parts.push(
        rect(32, 72 + i * 30, w * 0.22 - 30, 10, i === 1 ? PALETTE.teal400 : PALETTE.indigo300, {
          rx: 5,
          opacity: i === 1 ? 1 : 0.5,
        }),
      );
    const x0 = 36 + w * 0.22;
    parts.push(rect(x0, 52, w - x0 - 18, 70, "#34418f", { rx: 10 }));
    parts.push(rect(x0 + 18, 70, (w - x0) * 0.45, 12, PALETTE.ice, { rx: 6, opacity: 0.85 }));
    parts.push(rect(x0 + 18, 94, (w - x0) * 0.3, 10, PALETTE.indigo300, { rx: 5, opacity: 0.6 }));
    for (let i = 0; i < 3; i++)
      parts.push(rect(x0 + i * ((w - x0 - 18) / 3 + 0), 138, (w - x0 - 18) / 3 - 14, h - 156, "#2b3679", { rx: 10 }));
  } else if (kind === "cards") {
    const cw = (w - 18 * 4) / 3;
    for (let i = 0; i < 3; i++) {
      const x = 18 + i * (cw + 18);
      parts.push(rect(x, 54, cw, h - 72, "#2e3a80", { rx: 12 }));
      parts.push(circle(x + 26, 84, 14, [PALETTE.teal400, PALETTE.amber300, PALETTE.blue300][i] ?? PALETTE.teal400));
      parts.push(rect(x + 14, 112, cw - 28, 10, PALETTE.ice, { rx: 5, opacity: 0.8 }));
      parts.push(rect(x + 14, 132, cw * 0.6, 8, PALETTE.indigo300, { rx: 4, opacity: 0.55 }));
      parts.push(rect(x + 14, h - 58, cw - 28, 24, i === 1 ? PALETTE.amber400 : PALETTE.indigo500, { rx: 12 }));
    }
  } else {
    const bars = [0.35, 0.55, 0.45, 0.7, 0.62, 0.9];
    const bw = (w - 60) / bars.length;
    const base = h - 24;
    bars.forEach((value, i) => {
      const bh = value * (h - 90);
      parts.push(
        rect(30 + i * bw + 6, base - bh, bw - 16, bh, i === bars.length - 1 ? PALETTE.amber400 : PALETTE.teal400, {
          rx: 6,
          opacity: i === bars.length - 1 ? 1 : 0.55 + i * 0.07,
        }),
      );
    });
    const trend = bars.map((value, i): Point => [30 + i * bw + bw / 2 - 2, base - value * (h - 90) - 18]);
    parts.push(
      `<polyline ${attrs({ points: points(trend), fill: "none", stroke: PALETTE.white, "stroke-width": 4, "stroke-linejoin": "round", "stroke-linecap": "round" })}/>`,
    );
  }
  return parts.join("");
}

/** Product: three UI wireframe layers stacked in an exploded view, a phone and a component card. */
function showcaseProduct(c: Canvas): string {
  const { width: W, height: H } = c;
  const p = isometric(W * 0.47, H * 0.62);
  const parts = [backdrop(c, { teal: [0.85, 0.25], amber: [0.1, 0.8] })];
  const w = 380;
  const h = 300;
  const x0 = -150;
  const y0 = -110;
  // A component card floating at the far left: a toggle and a slider.
  parts.push(
    `<g transform="${leftPlane(p, -430, 160, 300)}">` +
      rect(0, 0, 170, 110, "#26306b", { rx: 16, stroke: PALETTE.indigo300, "stroke-width": 2 }) +
      rect(18, 22, 56, 28, PALETTE.teal400, { rx: 14 }) +
      circle(60, 36, 11, PALETTE.white) +
      rect(88, 31, 64, 10, PALETTE.indigo300, { rx: 5, opacity: 0.6 }) +
      rect(18, 74, 134, 8, PALETTE.indigo300, { rx: 4, opacity: 0.5 }) +
      rect(18, 74, 80, 8, PALETTE.amber400, { rx: 4 }) +
      circle(98, 78, 10, PALETTE.amber300) +
      `</g>`,
  );
  parts.push(shadow(c, p(x0 + w / 2, y0 + h / 2, 0), 340, 0.6));
  const layers = [
    { z: 40, kind: "layout" as const },
    { z: 150, kind: "cards" as const },
    { z: 260, kind: "chart" as const },
  ];
  // Guide lines joining the corners of the layers.
  const corners: [number, number][] = [
    [x0, y0],
    [x0 + w, y0],
    [x0 + w, y0 + h],
    [x0, y0 + h],
  ];
  const guides = corners
    .map(([x, y]) =>
      line(p(x, y, 40), p(x, y, 260), PALETTE.teal300, { "stroke-width": 2, "stroke-dasharray": "4 8", opacity: 0.55 }),
    )
    .join("");
  for (const [i, layer] of layers.entries()) {
    const [gx, gy] = p(x0 + w / 2, y0 + h / 2, layer.z);
    parts.push(c.glow(gx, gy, 300, 170, i === 2 ? PALETTE.teal500 : PALETTE.indigo500, 0.3));
    parts.push(block(p, x0, y0, layer.z - 10, w, h, 10, FACES.slab));
    parts.push(`<g transform="${topPlane(p, x0, y0, layer.z)}">${wireframe(c, w, h, layer.kind)}</g>`);
    if (i === 0) parts.push(guides);
  }
  // A phone standing on the floor at the right, facing the viewer's left.
  parts.push(shadow(c, p(390, 60, 0), 90, 0.55));
  parts.push(
    `<g transform="${leftPlane(p, 330, 60, 230)}">` +
      rect(0, 0, 120, 220, "#1c2353", { rx: 18, stroke: PALETTE.blue300, "stroke-width": 3 }) +
      rect(12, 18, 96, 70, PALETTE.blue500, { rx: 10 }) +
      circle(60, 53, 18, PALETTE.ice, { opacity: 0.9 }) +
      rect(14, 104, 92, 10, PALETTE.ice, { rx: 5, opacity: 0.8 }) +
      rect(14, 124, 64, 8, PALETTE.indigo300, { rx: 4, opacity: 0.6 }) +
      rect(14, 176, 92, 26, PALETTE.teal400, { rx: 13 }) +
      `</g>`,
  );
  parts.push(floatingCubes(c, 4, (x, y) => Math.hypot((x - W * 0.5) / 1.2, y - H * 0.5) < 380 || x < W * 0.3));
  return parts.join("");
}

/** Training: a classroom of learners before a board on a platform, under a floating graduation cap. */
function showcaseTraining(c: Canvas): string {
  const { width: W, height: H } = c;
  const p = isometric(W * 0.46, H * 0.5);
  const parts = [backdrop(c, { teal: [0.2, 0.2], amber: [0.85, 0.2] })];
  parts.push(shadow(c, p(130, 130, 0), 440, 0.6));
  parts.push(block(p, -120, -120, -30, 500, 500, 30, FACES.slab, { edge: PALETTE.indigo300 }));

  // The board at the back, on two posts, facing the learners: a bar chart and lines of notes.
  parts.push(block(p, -60, -100, 0, 10, 10, 60, FACES.steel), block(p, 250, -100, 0, 10, 10, 60, FACES.steel));
  const bars = [0.4, 0.65, 0.5, 0.85]
    .map((v, i) =>
      rect(34 + i * 46, 166 - v * 120, 30, v * 120, i === 3 ? PALETTE.amber400 : PALETTE.teal400, { rx: 5 }),
    )
    .join("");
  const notes = [100, 80, 90, 60]
    .map((length, i) =>
      rect(230, 40 + i * 28, length, i === 0 ? 12 : 10, i === 0 ? PALETTE.ice : PALETTE.indigo300, {
        rx: 5,
        opacity: 0.8,
      }),
    )
    .join("");
  parts.push(
    `<g transform="${leftPlane(p, -100, -100, 250)}">` +
      rect(0, 0, 360, 190, "#101546", { rx: 14, stroke: PALETTE.blue300, "stroke-width": 6 }) +
      bars +
      notes +
      `</g>`,
  );

  // Two rows of desks with learners, back to front.
  const shirts: readonly (readonly [string, string])[] = [
    [PALETTE.teal400, PALETTE.teal700],
    [PALETTE.indigo500, PALETTE.indigo900],
    [PALETTE.blue500, PALETTE.blue700],
    [PALETTE.amber300, PALETTE.amber600],
  ];
  for (let row = 0; row < 2; row++) {
    for (let col = 0; col < 3; col++) {
      const x = 0 + col * 120;
      const y = 70 + row * 150;
      const shirt = shirts[(row * 3 + col + Math.floor(c.random() * 2)) % shirts.length] ?? [
        PALETTE.teal400,
        PALETTE.teal700,
      ];
      // Seated behind the desk: the desk, drawn after, hides the learner's lower half.
      parts.push(person(c, p(x + 4, y + 4, 0), 108, shirt));
      parts.push(block(p, x, y, 0, 72, 72, 34, FACES.steel, { edge: PALETTE.indigo300 }));
      parts.push(
        `<g transform="${topPlane(p, x + 18, y + 18, 34)}">${rect(0, 0, 40, 40, PALETTE.ice, { rx: 4, opacity: 0.8 })}${rect(19, 0, 2, 40, PALETTE.indigo300)}</g>`,
      );
    }
  }

  parts.push(...graduationCap(c));
  return parts.join("");
}

/** The graduation cap floating at the upper left of the training picture, with its glow, tassel and sparks. */
function graduationCap(c: Canvas): string[] {
  const { width: W, height: H } = c;
  const parts: string[] = [];
  const capP = isometric(W * 0.24, H * 0.2);
  const [gx, gy] = capP(0, 0, 0);
  parts.push(c.glow(gx, gy + 20, 230, 150, PALETTE.amber400, 0.3));
  parts.push(block(capP, -55, -55, -95, 110, 110, 87, FACES.indigo));
  parts.push(
    block(
      capP,
      -105,
      -105,
      -8,
      210,
      210,
      12,
      { top: "#4f5bd5", left: "#2f38a0", right: "#232a80" },
      { edge: PALETTE.indigo300 },
    ),
  );
  const [bx, by] = capP(0, 0, 4);
  const [ex, ey] = capP(105, 30, 3);
  parts.push(circle(bx, by, 9, PALETTE.amber300));
  parts.push(
    `<path ${attrs({ d: `M${n(bx)} ${n(by)} L${n(ex)} ${n(ey)} L${n(ex)} ${n(ey + 64)}`, fill: "none", stroke: PALETTE.amber300, "stroke-width": 5, "stroke-linejoin": "round" })}/>`,
  );
  parts.push(rect(ex - 8, ey + 60, 16, 30, PALETTE.amber400, { rx: 6 }));
  for (let i = 0; i < 5; i++) {
    const angle = -Math.PI * 0.9 + i * 0.45 + c.between(-0.1, 0.1);
    const r = c.between(190, 230);
    parts.push(
      node(c, gx + Math.cos(angle) * r, gy + Math.sin(angle) * r * 0.6, 5, i % 2 ? PALETTE.amber300 : PALETTE.teal300),
    );
  }
  return parts;
}

/** The share card: three pedestals for Innovate (network spark), Invest (rising bars), Implement (check). */
function shareCard(c: Canvas): string {
  const { width: W, height: H } = c;
  const parts = [backdrop(c, { teal: [0.2, 0.2], amber: [0.85, 0.8], dots: true })];
  const centres = [W * 0.22, W * 0.5, W * 0.78];
  const baseY = H * 0.74;
  // The connecting arc between the three.
  parts.push(
    `<path ${attrs({ d: `M${n(centres[0] ?? 0)} ${n(baseY - 170)} Q${n(W * 0.36)} ${n(baseY - 300)} ${n(centres[1] ?? 0)} ${n(baseY - 210)} T${n(centres[2] ?? 0)} ${n(baseY - 250)}`, fill: "none", stroke: PALETTE.teal300, "stroke-width": 3, "stroke-dasharray": "4 12", "stroke-linecap": "round", opacity: 0.8 })}/>`,
  );
  const pedestal = [FACES.teal, FACES.indigo, FACES.amber];
  const heights = [60, 95, 130];
  centres.forEach((x, i) => {
    const p = isometric(x, baseY);
    parts.push(shadow(c, p(0, 0, 0), 170, 0.6));
    parts.push(block(p, -90, -90, 0, 180, 180, heights[i] ?? 60, pedestal[i] ?? FACES.teal, { edge: PALETTE.white }));
  });
  // Innovate: a small constellation above the first pedestal.
  const [ax, ay] = isometric(centres[0] ?? 0, baseY)(0, 0, 60);
  const spark: Point[] = [
    [ax, ay - 120],
    [ax - 78, ay - 66],
    [ax + 80, ay - 74],
    [ax - 46, ay - 190],
    [ax + 54, ay - 196],
  ];
  for (const point of spark.slice(1))
    parts.push(line(spark[0] ?? point, point, PALETTE.teal300, { "stroke-width": 3, opacity: 0.8 }));
  parts.push(line(spark[3] ?? [0, 0], spark[4] ?? [0, 0], PALETTE.indigo300, { "stroke-width": 3, opacity: 0.7 }));
  spark.forEach(([x, y], i) =>
    parts.push(node(c, x, y, i === 0 ? 14 : 9, i === 0 ? PALETTE.amber300 : PALETTE.teal300)),
  );
  // Invest: rising bars on the middle pedestal.
  const pm = isometric(centres[1] ?? 0, baseY);
  [50, 90, 140].forEach((h, i) => {
    parts.push(
      block(pm, -60 + i * 42, 10 - i * 42, 95, 34, 34, h, i === 2 ? FACES.teal : FACES.blue, { edge: PALETTE.white }),
    );
  });
  // Implement: a check badge over the third pedestal.
  const [ix, iy] = isometric(centres[2] ?? 0, baseY)(0, 0, 130);
  parts.push(c.glow(ix, iy - 110, 140, 140, PALETTE.amber400, 0.5));
  parts.push(circle(ix, iy - 110, 62, PALETTE.amber300, { stroke: PALETTE.white, "stroke-width": 6 }));
  parts.push(
    `<path ${attrs({ d: `M${n(ix - 28)} ${n(iy - 110)} l20 22 l38 -42`, fill: "none", stroke: PALETTE.night, "stroke-width": 12, "stroke-linecap": "round", "stroke-linejoin": "round" })}/>`,
  );
  return parts.join("");
}

const SCENES: Record<ImageName, { viewBox: Point; draw: (c: Canvas) => string }> = {
  "hero-strategy": { viewBox: [1200, 800], draw: heroStrategy },
  "hero-delivery": { viewBox: [1200, 800], draw: heroDelivery },
  "showcase-ai": { viewBox: [1200, 900], draw: showcaseAi },
  "showcase-cloud": { viewBox: [1200, 900], draw: showcaseCloud },
  "showcase-security": { viewBox: [1200, 900], draw: showcaseSecurity },
  "showcase-product": { viewBox: [1200, 900], draw: showcaseProduct },
  "showcase-training": { viewBox: [1200, 900], draw: showcaseTraining },
};

// ---------------------------------------------------------------------------------------------
// Rendering

/** The SVG source of a picture at a pixel size (the drawing scales to it through the viewBox). */
function pictureSvg(name: ImageName | "share", width: number, height: number): string {
  const [vw, vh] = name === "share" ? [SHARE_IMAGE.width, SHARE_IMAGE.height] : SCENES[name].viewBox;
  const canvas = new Canvas(vw, vh, seededRandom(hashSeed(name)));
  const body = name === "share" ? shareCard(canvas) : SCENES[name].draw(canvas);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${vw} ${vh}">` +
    `<defs>${canvas.defs.join("")}</defs>${body}</svg>`
  );
}

/** The share card's SVG at its pixel size (written as a dithered 256-colour PNG, which social sites accept). */
function shareSvg(): Buffer {
  return Buffer.from(pictureSvg("share", SHARE_IMAGE.width, SHARE_IMAGE.height));
}

/** `--preview DIR`: writes one PNG per picture at its largest size into DIR, and nothing into public/. */
async function preview(dir: string) {
  await fs.mkdir(dir, { recursive: true });
  for (const name of IMAGE_NAMES) {
    const { width, height } = IMAGES[name];
    await sharp(Buffer.from(pictureSvg(name, width, height)))
      .png()
      .toFile(path.join(dir, `${name}.png`));
  }
  await sharp(shareSvg()).png().toFile(path.join(dir, "share.png"));
  console.log(`Previews written to ${dir}`);
}

async function main() {
  const outDir = path.join(PUBLIC_DIR, "images");
  await fs.mkdir(outDir, { recursive: true });
  let total = 0;
  for (const name of IMAGE_NAMES) {
    for (const width of IMAGES[name].widths) {
      const height = imageHeight(name, width);
      const svg = Buffer.from(pictureSvg(name, width, height));
      for (const format of IMAGE_FORMATS) {
        const file = path.join(PUBLIC_DIR, imagePath(name, width, format));
        const image = sharp(svg).resize(width, height, { fit: "fill" });
        const output =
          format === "avif"
            ? image.avif({ quality: QUALITY.avif, effort: 5 })
            : image.webp({ quality: QUALITY.webp, effort: 6, smartSubsample: true });
        const info = await output.toFile(file);
        total += info.size;
        console.log(`${path.relative(PUBLIC_DIR, file)}  ${width}x${height}  ${(info.size / 1024).toFixed(1)} KB`);
      }
    }
  }
  const sharePath = path.join(PUBLIC_DIR, SHARE_IMAGE.path);
  const share = await sharp(shareSvg())
    .png({ compressionLevel: 9, palette: true, quality: 100, dither: 1, effort: 10 })
    .toFile(sharePath);
  total += share.size;
  console.log(
    `${path.relative(PUBLIC_DIR, sharePath)}  ${SHARE_IMAGE.width}x${SHARE_IMAGE.height}  ${(share.size / 1024).toFixed(1)} KB`,
  );
  console.log(`Total: ${(total / 1024).toFixed(0)} KB`);
}

const previewIndex = process.argv.indexOf("--preview");
if (previewIndex >= 0) {
  await preview(process.argv[previewIndex + 1] ?? "artwork-preview");
} else {
  await main();
}
