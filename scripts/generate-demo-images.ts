/**
 * Draws the demo venues' product images, header icons and default images from SVG with sharp.
 * No fonts and no network: every picture is shapes and gradients, drawn with a random generator
 * seeded by the product id, so running it again gives the same files.
 *
 *   npx tsx scripts/generate-demo-images.ts            # writes apps/server/seed/venues/images/*.webp
 *   npx tsx scripts/generate-demo-images.ts --png DIR  # also writes PNG copies to DIR for a look
 *
 * Every product of a seed venue needs a recipe below; a missing one stops the script.
 */
import { mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SEED_DIR = path.join(ROOT, 'apps/server/seed/venues');
const OUT_DIR = path.join(SEED_DIR, 'images');
const SIZE = 480;
const MAX_BYTES = 20 * 1024;

type Stop = [offset: number, color: string, opacity?: number];
type Surface = 'linen' | 'teak' | 'navy';

function seeded(seed: string): () => number {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const f = (n: number) => Number(n.toFixed(1));

class Canvas {
  private defs: string[] = [];
  private body: string[] = [];
  private n = 0;
  readonly rand: () => number;

  constructor(
    seed: string,
    readonly surface: Surface,
  ) {
    this.rand = seeded(seed);
  }

  between(min: number, max: number): number {
    return min + (max - min) * this.rand();
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.rand() * items.length)]!;
  }

  /** A random point in a disc, spread evenly. */
  inDisc(cx: number, cy: number, r: number): [number, number] {
    const a = this.rand() * Math.PI * 2;
    const d = r * Math.sqrt(this.rand());
    return [cx + Math.cos(a) * d, cy + Math.sin(a) * d];
  }

  private gradient(kind: 'radial' | 'linear', attrs: string, stops: Stop[]): string {
    const id = `g${this.n++}`;
    const s = stops
      .map(([o, c, op]) => `<stop offset="${o}" stop-color="${c}"${op === undefined ? '' : ` stop-opacity="${op}"`}/>`)
      .join('');
    this.defs.push(`<${kind}Gradient id="${id}" ${attrs}>${s}</${kind}Gradient>`);
    return `url(#${id})`;
  }

  radial(stops: Stop[], cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy): string {
    return this.gradient('radial', `cx="${cx}" cy="${cy}" r="${r}" fx="${fx}" fy="${fy}"`, stops);
  }

  linear(stops: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    return this.gradient('linear', `x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"`, stops);
  }

  blurFilter(std: number): string {
    const id = `b${this.n++}`;
    this.defs.push(
      `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${std}"/></filter>`,
    );
    return `url(#${id})`;
  }

  clip(shape: string): string {
    const id = `c${this.n++}`;
    this.defs.push(`<clipPath id="${id}">${shape}</clipPath>`);
    return `url(#${id})`;
  }

  add(...svg: string[]): void {
    this.body.push(...svg);
  }

  toSvg(): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}"><defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>`;
  }
}

/* ---------- shapes ---------- */

function background(c: Canvas): void {
  if (c.surface === 'linen') {
    c.add(
      `<rect width="480" height="480" fill="${c.linear(
        [
          [0, '#f3e7d3'],
          [1, '#e2cfb1'],
        ],
        0,
        0,
        1,
        1,
      )}"/>`,
    );
    // a faint terracotta gingham, like a trattoria tablecloth
    for (let i = 0; i < 480; i += 80) {
      c.add(`<rect x="${i}" y="0" width="40" height="480" fill="#b5532f" opacity="0.07"/>`);
      c.add(`<rect x="0" y="${i}" width="480" height="40" fill="#b5532f" opacity="0.07"/>`);
    }
  } else if (c.surface === 'teak') {
    c.add(
      `<rect width="480" height="480" fill="${c.linear(
        [
          [0, '#b98658'],
          [1, '#8f6040'],
        ],
        0,
        0,
        0.3,
        1,
      )}"/>`,
    );
    for (let y = 20; y < 480; y += c.between(40, 70)) {
      c.add(
        `<path d="M0 ${f(y)} Q240 ${f(y + c.between(-14, 14))} 480 ${f(y + c.between(-8, 8))}" stroke="#5e3b22" stroke-width="${f(c.between(1, 3))}" opacity="0.18" fill="none"/>`,
      );
    }
  } else {
    c.add(
      `<rect width="480" height="480" fill="${c.linear(
        [
          [0, '#27466f'],
          [1, '#15273f'],
        ],
        0,
        0,
        1,
        1,
      )}"/>`,
    );
  }
}

function shadow(c: Canvas, cx: number, cy: number, rx: number, ry: number, opacity = 0.3): void {
  c.add(
    `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="#2b1a0e" opacity="${opacity}" filter="${c.blurFilter(10)}"/>`,
  );
}

function plate(c: Canvas, cx = 240, cy = 240, r = 205, tone = '#fbfaf6'): void {
  shadow(c, cx + 8, cy + 12, r, r);
  c.add(
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${c.radial([
      [0.7, tone],
      [0.95, '#e6e0d4'],
      [1, '#d7d0c2'],
    ])}"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${f(r * 0.72)}" fill="${c.radial([
      [0, tone],
      [0.85, tone],
      [1, '#e9e4da'],
    ])}"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${f(r * 0.72)}" fill="none" stroke="#ffffff" stroke-width="2" opacity="0.7"/>`,
  );
}

/** A bowl seen from above with its contents as a liquid surface. */
function bowl(c: Canvas, cx: number, cy: number, r: number, rim: string, liquid: [string, string]): void {
  shadow(c, cx + 8, cy + 12, r, r);
  c.add(
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${c.radial([
      [0.8, rim],
      [1, shade(rim, -0.18)],
    ])}"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${f(r * 0.86)}" fill="${shade(rim, -0.12)}"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${f(r * 0.82)}" fill="${c.radial(
      [
        [0, liquid[0]],
        [0.75, liquid[0]],
        [1, liquid[1]],
      ],
      0.5,
      0.5,
      0.5,
      0.42,
      0.4,
    )}"/>`,
  );
}

function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) =>
    Math.max(0, Math.min(255, Math.round(amount < 0 ? v * (1 + amount) : v + (255 - v) * amount))),
  );
  return `#${ch.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

function leaf(c: Canvas, x: number, y: number, len: number, rot: number, fill: string, width = 0.35): void {
  const w = len * width;
  c.add(
    `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(rot)})"><path d="M0 0 Q${f(len / 2)} ${f(-w)} ${f(len)} 0 Q${f(len / 2)} ${f(w)} 0 0Z" fill="${fill}"/><path d="M${f(len * 0.1)} 0 L${f(len * 0.85)} 0" stroke="${shade(fill, 0.35)}" stroke-width="1.5" opacity="0.7"/></g>`,
  );
}

function leaves(
  c: Canvas,
  n: number,
  cx: number,
  cy: number,
  r: number,
  colors: string[],
  len: [number, number],
): void {
  for (let i = 0; i < n; i++) {
    const [x, y] = c.inDisc(cx, cy, r);
    leaf(c, x, y, c.between(len[0], len[1]), c.between(0, 360), c.pick(colors));
  }
}

function dots(
  c: Canvas,
  n: number,
  cx: number,
  cy: number,
  r: number,
  size: [number, number],
  colors: string[],
  opacity = 1,
): void {
  for (let i = 0; i < n; i++) {
    const [x, y] = c.inDisc(cx, cy, r);
    c.add(
      `<circle cx="${f(x)}" cy="${f(y)}" r="${f(c.between(size[0], size[1]))}" fill="${c.pick(colors)}" opacity="${opacity}"/>`,
    );
  }
}

function blobs(
  c: Canvas,
  n: number,
  cx: number,
  cy: number,
  r: number,
  size: [number, number],
  colors: string[],
  squash = 0.75,
): void {
  for (let i = 0; i < n; i++) {
    const [x, y] = c.inDisc(cx, cy, r);
    const rx = c.between(size[0], size[1]);
    const fill = c.pick(colors);
    c.add(
      `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(rx)}" ry="${f(rx * c.between(squash, 1))}" transform="rotate(${f(c.between(0, 180))} ${f(x)} ${f(y)})" fill="${fill}"/>`,
    );
  }
}

/** Long pasta or noodles: arcs swirling around the centre, with a darker line under each for depth. */
function strands(c: Canvas, n: number, cx: number, cy: number, r: number, colors: string[], width: number): void {
  const paths: string[] = [];
  for (let i = 0; i < n; i++) {
    const rad = c.between(r * 0.15, r);
    const a0 = c.between(0, Math.PI * 2);
    const a1 = a0 + c.between(1, 2.6);
    const r1 = rad * c.between(0.85, 1.1);
    const ox = cx + c.between(-8, 8);
    const oy = cy + c.between(-8, 8);
    const d = `M${f(ox + Math.cos(a0) * rad)} ${f(oy + Math.sin(a0) * rad)} A${f(rad)} ${f(r1)} 0 0 1 ${f(ox + Math.cos(a1) * r1)} ${f(oy + Math.sin(a1) * r1)}`;
    paths.push(d);
    c.add(
      `<path d="${d}" fill="none" stroke="#6b4a1f" stroke-opacity="0.22" stroke-width="${width + 3}" stroke-linecap="round" transform="translate(1.5 2)"/>`,
    );
    c.add(`<path d="${d}" fill="none" stroke="${c.pick(colors)}" stroke-width="${width}" stroke-linecap="round"/>`);
  }
}

function prawn(c: Canvas, x: number, y: number, s: number, rot: number): void {
  const d = `M${f(-s)} 0 A${f(s)} ${f(s)} 0 1 1 ${f(s * 0.5)} ${f(s * 0.86)}`;
  c.add(
    `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(rot)})">`,
    `<path d="${d}" fill="none" stroke="#e8744a" stroke-width="${f(s * 0.75)}" stroke-linecap="round"/>`,
    `<path d="${d}" fill="none" stroke="#f7b08a" stroke-width="${f(s * 0.28)}" stroke-linecap="round" stroke-dasharray="${f(s * 0.35)} ${f(s * 0.18)}"/>`,
    `<path d="M${f(s * 0.5)} ${f(s * 0.86)} l${f(s * 0.55)} ${f(s * 0.05)} l${f(-s * 0.2)} ${f(s * 0.45)}Z" fill="#c9472a"/>`,
    '</g>',
  );
}

function lemonWedge(
  c: Canvas,
  x: number,
  y: number,
  s: number,
  rot: number,
  flesh = '#f6e27a',
  peel = '#e9c232',
): void {
  c.add(
    `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(rot)})">`,
    `<path d="M${-s} 0 A${s} ${s} 0 0 0 ${s} 0Z" fill="${peel}"/>`,
    `<path d="M${f(-s * 0.86)} 0 A${f(s * 0.86)} ${f(s * 0.86)} 0 0 0 ${f(s * 0.86)} 0Z" fill="${flesh}"/>`,
    `<path d="M0 0 L${f(-s * 0.6)} ${f(s * 0.5)} M0 0 L0 ${f(s * 0.8)} M0 0 L${f(s * 0.6)} ${f(s * 0.5)}" stroke="#fff8d0" stroke-width="2"/>`,
    '</g>',
  );
}

function citrusSlice(c: Canvas, x: number, y: number, s: number, flesh: string, peel: string): void {
  c.add(`<circle cx="${f(x)}" cy="${f(y)}" r="${s}" fill="${peel}"/>`);
  c.add(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(s * 0.85)}" fill="${flesh}"/>`);
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2;
    c.add(
      `<line x1="${f(x)}" y1="${f(y)}" x2="${f(x + Math.cos(a) * s * 0.8)}" y2="${f(y + Math.sin(a) * s * 0.8)}" stroke="#fffbe0" stroke-width="1.5" opacity="0.8"/>`,
    );
  }
}

function chilli(c: Canvas, x: number, y: number, len: number, rot: number, color = '#d2281e'): void {
  c.add(
    `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(rot)})"><path d="M0 0 Q${f(len * 0.5)} ${f(-len * 0.18)} ${len} ${f(len * 0.08)} Q${f(len * 0.5)} ${f(len * 0.05)} 0 ${f(len * 0.16)}Z" fill="${color}"/><path d="M0 ${f(len * 0.08)} l-8 -3" stroke="#3f7d2c" stroke-width="4" stroke-linecap="round"/></g>`,
  );
}

function riceMound(c: Canvas, cx: number, cy: number, rx: number, ry: number, tone = '#fbf8f0'): void {
  c.add(
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${c.radial(
      [
        [0, '#ffffff'],
        [0.7, tone],
        [1, '#e0d9c8'],
      ],
      0.5,
      0.5,
      0.5,
      0.4,
      0.35,
    )}"/>`,
  );
  for (let i = 0; i < 36; i++) {
    const [x, y] = c.inDisc(cx, cy, Math.min(rx, ry) * 0.9);
    c.add(
      `<ellipse cx="${f(x)}" cy="${f(y)}" rx="4" ry="1.8" transform="rotate(${f(c.between(0, 180))} ${f(x)} ${f(y)})" fill="#d9d2c0" opacity="0.8"/>`,
    );
  }
}

/** A slab seen from the front and above: top face, then its layers. */
function slab(
  c: Canvas,
  x: number,
  y: number,
  w: number,
  top: number,
  layers: [string, number][],
  topFill: string,
): void {
  const h = layers.reduce((s, [, t]) => s + t, 0);
  shadow(c, x + w / 2 + 6, y + top + h, w * 0.55, 16, 0.35);
  c.add(
    `<path d="M${x} ${y + 12} Q${x} ${y} ${x + 14} ${y} L${x + w - 14} ${y} Q${x + w} ${y} ${x + w} ${y + 12} L${x + w} ${y + top} L${x} ${y + top}Z" fill="${topFill}"/>`,
  );
  let yy = y + top;
  for (const [color, t] of layers) {
    c.add(`<rect x="${x}" y="${f(yy)}" width="${w}" height="${f(t + 0.5)}" fill="${color}"/>`);
    yy += t;
  }
}

function skewer(c: Canvas, x1: number, y1: number, x2: number, y2: number, pieces: number, colors: string[]): void {
  c.add(`<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#d8b98a" stroke-width="5" stroke-linecap="round"/>`);
  for (let i = 0; i < pieces; i++) {
    const t = 0.2 + (i / Math.max(1, pieces - 1)) * 0.65;
    const x = x1 + (x2 - x1) * t;
    const y = y1 + (y2 - y1) * t;
    const rot = (Math.atan2(y2 - y1, x2 - x1) * 180) / Math.PI;
    c.add(
      `<rect x="${f(x - 18)}" y="${f(y - 14)}" width="36" height="28" rx="10" fill="${c.pick(colors)}" transform="rotate(${f(rot + c.between(-10, 10))} ${f(x)} ${f(y)})"/>`,
    );
  }
}

function dipBowl(c: Canvas, x: number, y: number, r: number, sauce: string): void {
  shadow(c, x + 4, y + 6, r, r, 0.25);
  c.add(`<circle cx="${x}" cy="${y}" r="${r}" fill="#f7f3ea"/>`);
  c.add(
    `<circle cx="${x}" cy="${y}" r="${f(r * 0.75)}" fill="${c.radial([
      [0, shade(sauce, 0.15)],
      [1, sauce],
    ])}"/>`,
  );
}

/** A whole fish seen from above, head to the left. */
function wholeFish(
  c: Canvas,
  cx: number,
  cy: number,
  s: number,
  rot: number,
  body: [string, string],
  grill: boolean,
): void {
  const fill = c.linear(
    [
      [0, body[0]],
      [1, body[1]],
    ],
    0,
    0,
    0,
    1,
  );
  c.add(
    `<g transform="translate(${cx} ${cy}) rotate(${rot}) scale(${s})">`,
    `<path d="M-130 0 Q-60 -58 70 -14 L128 -48 L114 0 L128 48 L70 14 Q-60 58 -130 0Z" fill="${fill}"/>`,
    `<path d="M-95 -22 Q-85 0 -95 22" stroke="#4f4a3f" stroke-width="3" fill="none" opacity="0.5"/>`,
    `<circle cx="-108" cy="-8" r="5" fill="#2a2622"/><circle cx="-109" cy="-9" r="1.6" fill="#fff"/>`,
  );
  if (grill) {
    for (let i = -60; i <= 50; i += 26) {
      c.add(
        `<line x1="${i}" y1="-34" x2="${i + 26}" y2="34" stroke="#4a2f17" stroke-width="6" opacity="0.45" stroke-linecap="round"/>`,
      );
    }
  }
  c.add('</g>');
}

function pizzaBase(c: Canvas, sauce: string | null): void {
  shadow(c, 248, 252, 200, 200, 0.35);
  c.add(
    `<circle cx="240" cy="240" r="200" fill="${c.radial([
      [0.82, '#e9bd72'],
      [0.93, '#d39a4c'],
      [1, '#b87935'],
    ])}"/>`,
  );
  for (let i = 0; i < 14; i++) {
    const a = c.between(0, Math.PI * 2);
    const d = c.between(178, 194);
    c.add(
      `<ellipse cx="${f(240 + Math.cos(a) * d)}" cy="${f(240 + Math.sin(a) * d)}" rx="${f(c.between(5, 11))}" ry="${f(c.between(3, 6))}" transform="rotate(${f((a * 180) / Math.PI + 90)} ${f(240 + Math.cos(a) * d)} ${f(240 + Math.sin(a) * d)})" fill="#5a3316" opacity="0.45"/>`,
    );
  }
  if (sauce)
    c.add(
      `<circle cx="240" cy="240" r="166" fill="${c.radial([
        [0, shade(sauce, 0.1)],
        [1, sauce],
      ])}"/>`,
    );
  else
    c.add(
      `<circle cx="240" cy="240" r="166" fill="${c.radial([
        [0, '#f7e7bf'],
        [1, '#ecd09a'],
      ])}"/>`,
    );
}

function cheese(c: Canvas, n: number, colors = ['#fbf4de', '#f8ecc8', '#fffaf0']): void {
  blobs(c, n, 240, 240, 130, [20, 34], colors, 0.6);
}

function pizza(c: Canvas, toppings: () => void, sauce: string | null = '#c4402a'): void {
  background(c);
  pizzaBase(c, sauce);
  toppings();
}

/* ---------- drinks, seen from the side ---------- */

function sideScene(c: Canvas): void {
  background(c);
  c.add(`<rect x="0" y="360" width="480" height="120" fill="#000" opacity="0.08"/>`);
}

function tallGlass(
  c: Canvas,
  liquid: [string, string],
  opts: { ice?: boolean; straw?: string; foam?: string; top?: number },
): void {
  const top = opts.top ?? 150;
  const glass = 'M160 90 L320 90 L304 400 Q302 414 288 414 L192 414 Q178 414 176 400Z';
  shadow(c, 248, 414, 90, 12, 0.35);
  const clip = c.clip(`<path d="${glass}"/>`);
  c.add(`<path d="${glass}" fill="#ffffff" opacity="0.25"/>`);
  c.add(
    `<g clip-path="${clip}"><rect x="150" y="${top}" width="180" height="280" fill="${c.linear([
      [0, liquid[0]],
      [1, liquid[1]],
    ])}"/>`,
  );
  if (opts.foam) c.add(`<rect x="150" y="${top - 4}" width="180" height="34" fill="${opts.foam}"/>`);
  if (opts.ice) {
    for (let i = 0; i < 4; i++) {
      c.add(
        `<rect x="${f(c.between(175, 255))}" y="${f(top + 10 + i * 48)}" width="52" height="46" rx="9" fill="#ffffff" opacity="0.28" transform="rotate(${f(c.between(-15, 15))} 240 ${top + 30 + i * 48})"/>`,
      );
    }
  }
  c.add('</g>');
  if (opts.straw)
    c.add(
      `<path d="M262 400 L262 120 L300 40" fill="none" stroke="${opts.straw}" stroke-width="10" stroke-linejoin="round"/>`,
    );
  c.add(`<path d="${glass}" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.7"/>`);
  c.add(`<path d="M176 110 L188 390" stroke="#ffffff" stroke-width="8" opacity="0.35" stroke-linecap="round"/>`);
}

function wineGlass(c: Canvas, liquid: string, flute = false): void {
  const w = flute ? 38 : 78;
  const bowlPath = flute
    ? `M${240 - w} 70 L${240 + w} 70 Q${240 + w} 230 240 250 Q${240 - w} 230 ${240 - w} 70Z`
    : `M${240 - w} 80 C${240 - w - 8} 180 ${240 - 50} 246 240 250 C${240 + 50} 246 ${240 + w + 8} 180 ${240 + w} 80Z`;
  shadow(c, 246, 408, 80, 12, 0.35);
  const clip = c.clip(`<path d="${bowlPath}"/>`);
  c.add(`<path d="${bowlPath}" fill="#ffffff" opacity="0.2"/>`);
  c.add(`<g clip-path="${clip}"><rect x="100" y="${flute ? 100 : 150}" width="280" height="120" fill="${liquid}"/>`);
  if (flute) {
    for (let i = 0; i < 14; i++)
      c.add(
        `<circle cx="${f(c.between(212, 268))}" cy="${f(c.between(110, 235))}" r="${f(c.between(1.5, 3.5))}" fill="#fffbe6" opacity="0.7"/>`,
      );
  }
  c.add('</g>');
  c.add(`<path d="${bowlPath}" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.75"/>`);
  c.add(`<rect x="236" y="248" width="8" height="150" fill="#ffffff" opacity="0.7"/>`);
  c.add(`<ellipse cx="240" cy="400" rx="64" ry="12" fill="#ffffff" opacity="0.7"/>`);
  c.add(
    `<path d="M${240 - w + 16} 100 Q${240 - w + 12} 170 ${240 - w + 40} 215" stroke="#ffffff" stroke-width="7" fill="none" opacity="0.35" stroke-linecap="round"/>`,
  );
}

function bottle(c: Canvas, x: number, glass: string, label: string, h = 330): void {
  const top = 410 - h;
  const d = `M${x - 14} ${top} L${x + 14} ${top} L${x + 14} ${top + 70} Q${x + 48} ${top + 100} ${x + 48} ${top + 140} L${x + 48} 400 Q${x + 48} 410 ${x + 38} 410 L${x - 38} 410 Q${x - 48} 410 ${x - 48} 400 L${x - 48} ${top + 140} Q${x - 48} ${top + 100} ${x - 14} ${top + 70}Z`;
  shadow(c, x + 6, 412, 60, 10, 0.35);
  c.add(`<path d="${d}" fill="${glass}"/>`);
  c.add(`<rect x="${x - 48}" y="${top + 170}" width="96" height="100" fill="${label}"/>`);
  c.add(`<rect x="${x - 48}" y="${top + 176}" width="96" height="6" fill="#ffffff" opacity="0.5"/>`);
  c.add(`<rect x="${x - 16}" y="${top - 8}" width="32" height="14" rx="3" fill="${shade(glass, -0.3)}"/>`);
  c.add(
    `<path d="M${x - 34} ${top + 150} L${x - 34} 396" stroke="#ffffff" stroke-width="7" opacity="0.3" stroke-linecap="round"/>`,
  );
}

/** A cup on its saucer seen from above. */
function cupTop(c: Canvas, r: number, drink: (cx: number, cy: number, r: number) => void): void {
  background(c);
  shadow(c, 250, 254, 170, 170, 0.3);
  c.add(
    `<circle cx="240" cy="240" r="170" fill="${c.radial([
      [0.8, '#fbfaf6'],
      [1, '#ddd6c8'],
    ])}"/>`,
  );
  c.add(`<circle cx="240" cy="240" r="120" fill="#f1ede4"/>`);
  c.add(
    `<rect x="${240 + r - 6}" y="226" width="${f(r * 0.55)}" height="28" rx="12" fill="#f7f5ef" stroke="#d8d1c2" stroke-width="2"/>`,
  );
  shadow(c, 246, 248, r, r, 0.25);
  c.add(`<circle cx="240" cy="240" r="${r}" fill="#fdfcf8" stroke="#ddd6c8" stroke-width="2"/>`);
  drink(240, 240, r * 0.84);
  c.add(`<rect x="100" y="330" width="14" height="110" rx="7" fill="#c9c3b6" transform="rotate(-40 107 385)"/>`);
}

/* ---------- recipes ---------- */

type Recipe = (c: Canvas) => void;

const PASTA_YELLOW = ['#f2d27a', '#edc869', '#f6dc8c', '#e9c25c'];

const recipes: Record<string, Recipe> = {
  // Trattoria da Luca
  bruschetta: (c) => {
    background(c);
    plate(c);
    for (const [x, y, r] of [
      [170, 190, -18],
      [300, 200, 14],
      [235, 310, -4],
    ] as const) {
      c.add(
        `<g transform="rotate(${r} ${x} ${y})"><rect x="${x - 70}" y="${y - 44}" width="140" height="88" rx="30" fill="#c98f4e"/><rect x="${x - 62}" y="${y - 36}" width="124" height="72" rx="24" fill="#e8c48a"/></g>`,
      );
      blobs(c, 10, x, y, 42, [8, 13], ['#d8392b', '#c22f24', '#e5523b'], 0.7);
      leaves(c, 2, x, y, 30, ['#3f8a3a', '#4b9a44'], [16, 22]);
    }
  },
  burrata: (c) => {
    background(c);
    plate(c);
    leaves(c, 14, 240, 240, 110, ['#5e9c3a', '#4d8a30', '#6aab44'], [30, 46]);
    c.add(
      `<circle cx="240" cy="235" r="78" fill="${c.radial(
        [
          [0, '#ffffff'],
          [0.7, '#f8f4ea'],
          [1, '#e8e0cc'],
        ],
        0.5,
        0.5,
        0.5,
        0.38,
        0.35,
      )}"/>`,
    );
    c.add(`<path d="M210 235 Q240 205 272 238 Q250 262 210 235Z" fill="#fffdf5"/>`);
    for (const [x, y] of [
      [140, 170],
      [340, 190],
      [150, 320],
      [330, 320],
      [250, 350],
    ] as const) {
      c.add(
        `<circle cx="${x}" cy="${y}" r="20" fill="${c.radial(
          [
            [0, '#ef5a43'],
            [1, '#b8231b'],
          ],
          0.5,
          0.5,
          0.5,
          0.35,
          0.35,
        )}"/>`,
      );
    }
    dots(c, 20, 240, 240, 150, [2, 4], ['#b5a23a'], 0.6);
  },
  'vitello-tonnato': (c) => {
    background(c);
    plate(c);
    for (let i = 0; i < 6; i++) {
      const a = (i / 6) * Math.PI * 2;
      c.add(
        `<ellipse cx="${f(240 + Math.cos(a) * 70)}" cy="${f(240 + Math.sin(a) * 70)}" rx="70" ry="52" fill="#e5b3a0" stroke="#d29a84" stroke-width="3" transform="rotate(${f((a * 180) / Math.PI)} ${f(240 + Math.cos(a) * 70)} ${f(240 + Math.sin(a) * 70)})"/>`,
      );
    }
    blobs(c, 6, 240, 240, 70, [36, 52], ['#efe2c0', '#f2e6c8'], 0.7);
    dots(c, 16, 240, 240, 110, [4, 6], ['#5b6b2a', '#4e5e22']);
  },
  'fried-calamari': (c) => {
    background(c);
    plate(c);
    for (let i = 0; i < 16; i++) {
      const [x, y] = c.inDisc(240, 240, 110);
      c.add(
        `<ellipse cx="${f(x)}" cy="${f(y)}" rx="26" ry="22" fill="none" stroke="${c.pick(['#d9a24e', '#e3b160', '#cf943f'])}" stroke-width="12"/>`,
      );
    }
    lemonWedge(c, 330, 320, 40, -30);
    dipBowl(c, 150, 330, 38, '#f3ecd2');
  },
  arancini: (c) => {
    background(c);
    plate(c);
    c.add(
      `<path d="M150 300 Q240 330 330 300" stroke="#c4402a" stroke-width="26" fill="none" stroke-linecap="round" opacity="0.9"/>`,
    );
    for (const [x, y] of [
      [190, 215],
      [290, 215],
    ] as const) {
      c.add(
        `<circle cx="${x}" cy="${y}" r="62" fill="${c.radial(
          [
            [0, '#e6a94f'],
            [0.8, '#c9822f'],
            [1, '#a9661f'],
          ],
          0.5,
          0.5,
          0.5,
          0.38,
          0.35,
        )}"/>`,
      );
      dots(c, 26, x, y, 52, [2, 3.5], ['#f1c77a', '#9c5b1c'], 0.8);
    }
    leaves(c, 3, 240, 290, 30, ['#3f8a3a'], [18, 24]);
  },
  carbonara: (c) => {
    background(c);
    plate(c);
    c.add(`<circle cx="240" cy="240" r="118" fill="#f1d98f"/>`);
    strands(c, 46, 240, 240, 112, ['#f3dc8e', '#eed27a', '#f7e3a0', '#e8c866'], 7);
    blobs(c, 14, 240, 240, 95, [7, 12], ['#b5652f', '#9a4f22', '#c87a45'], 0.6);
    dots(c, 70, 240, 240, 115, [1, 2], ['#2b2520'], 0.85);
    c.add(
      `<circle cx="252" cy="232" r="20" fill="${c.radial([
        [0, '#ffcc3d'],
        [1, '#f0a71c'],
      ])}"/>`,
    );
  },
  'cacio-e-pepe': (c) => {
    background(c);
    plate(c);
    c.add(`<circle cx="240" cy="240" r="116" fill="#f4e4b8"/>`);
    strands(c, 48, 240, 240, 110, ['#f5e6b4', '#efdca0', '#f8ecc6'], 8);
    dots(c, 110, 240, 240, 112, [1, 2.2], ['#2b2520', '#4a3f36'], 0.85);
    blobs(c, 8, 240, 240, 80, [6, 10], ['#fffaf0'], 0.6);
  },
  'trofie-al-pesto': (c) => {
    background(c);
    plate(c);
    c.add(`<circle cx="240" cy="240" r="116" fill="#8fb04a"/>`);
    for (let i = 0; i < 60; i++) {
      const [x, y] = c.inDisc(240, 240, 105);
      const rot = c.between(0, 180);
      c.add(
        `<path d="M${f(x - 12)} ${f(y)} q6 -8 12 0 t12 0" fill="none" stroke="${c.pick(['#a9c25a', '#9cba4c', '#b8cc6a'])}" stroke-width="9" stroke-linecap="round" transform="rotate(${f(rot)} ${f(x)} ${f(y)})"/>`,
      );
    }
    for (let i = 0; i < 8; i++) {
      const [x, y] = c.inDisc(240, 240, 90);
      c.add(
        `<rect x="${f(x)}" y="${f(y)}" width="34" height="8" rx="4" fill="#4f8f3a" transform="rotate(${f(c.between(0, 180))} ${f(x)} ${f(y)})"/>`,
      );
    }
    blobs(c, 5, 240, 240, 80, [9, 13], ['#f1e0b0'], 0.8);
    dots(c, 14, 240, 240, 100, [3, 4], ['#f3e6c4'], 1);
    leaf(c, 250, 220, 40, -30, '#2f7a2f');
  },
  'pasta-e-fagioli': (c) => {
    background(c);
    bowl(c, 240, 240, 190, '#f4efe4', ['#b4653d', '#8e4425']);
    blobs(c, 26, 240, 240, 120, [9, 13], ['#c9a48a', '#b48a6e', '#e0c2ab'], 0.6);
    for (let i = 0; i < 20; i++) {
      const [x, y] = c.inDisc(240, 240, 120);
      c.add(`<circle cx="${f(x)}" cy="${f(y)}" r="7" fill="none" stroke="#f0d48a" stroke-width="5"/>`);
    }
    c.add(`<path d="M190 250 Q240 220 290 250" stroke="#e4c24b" stroke-width="6" fill="none" opacity="0.7"/>`);
    leaves(c, 4, 240, 240, 60, ['#3d6b3a'], [18, 26]);
  },
  'spaghetti-vongole': (c) => {
    background(c);
    plate(c);
    c.add(`<circle cx="240" cy="240" r="114" fill="#efd690"/>`);
    strands(c, 44, 240, 240, 110, PASTA_YELLOW, 6);
    for (let i = 0; i < 9; i++) {
      const a = (i / 9) * Math.PI * 2 + c.between(0, 0.3);
      const x = 240 + Math.cos(a) * c.between(80, 130);
      const y = 240 + Math.sin(a) * c.between(80, 130);
      c.add(
        `<g transform="rotate(${f(c.between(0, 360))} ${f(x)} ${f(y)})"><ellipse cx="${f(x)}" cy="${f(y)}" rx="24" ry="18" fill="${c.radial(
          [
            [0, '#efe7db'],
            [1, '#a89c8c'],
          ],
        )}"/><ellipse cx="${f(x)}" cy="${f(y)}" rx="13" ry="9" fill="#e8c49b"/></g>`,
      );
    }
    dots(c, 40, 240, 240, 110, [2, 3.5], ['#3f7d2c', '#4b9134'], 0.9);
    dots(c, 12, 240, 240, 100, [2, 3], ['#c0392b'], 0.9);
  },
  lasagne: (c) => {
    background(c);
    plate(c);
    slab(
      c,
      135,
      150,
      210,
      110,
      [
        ['#f3e2b8', 10],
        ['#b2452b', 14],
        ['#f3e2b8', 8],
        ['#a63d25', 14],
        ['#f0dcae', 10],
      ],
      c.radial([
        [0, '#e7b866'],
        [0.8, '#d0913f'],
        [1, '#b36f2a'],
      ]),
    );
    blobs(c, 9, 240, 205, 70, [8, 14], ['#8f4a1f', '#a9592a'], 0.6);
    leaves(c, 2, 250, 195, 20, ['#3f8a3a'], [22, 26]);
  },
  'risotto-porcini': (c) => {
    background(c);
    plate(c);
    c.add(
      `<circle cx="240" cy="240" r="120" fill="${c.radial([
        [0, '#f6ebc9'],
        [1, '#e9d7a4'],
      ])}"/>`,
    );
    for (let i = 0; i < 70; i++) {
      const [x, y] = c.inDisc(240, 240, 115);
      c.add(
        `<ellipse cx="${f(x)}" cy="${f(y)}" rx="6" ry="3" transform="rotate(${f(c.between(0, 180))} ${f(x)} ${f(y)})" fill="#fbf3dc" opacity="0.9"/>`,
      );
    }
    for (let i = 0; i < 8; i++) {
      const [x, y] = c.inDisc(240, 240, 85);
      c.add(
        `<g transform="rotate(${f(c.between(0, 360))} ${f(x)} ${f(y)})"><path d="M${f(x - 20)} ${f(y)} Q${f(x)} ${f(y - 30)} ${f(x + 20)} ${f(y)}Z" fill="#8a5a33"/><rect x="${f(x - 8)}" y="${f(y - 2)}" width="16" height="22" rx="6" fill="#d9c3a0"/></g>`,
      );
    }
    dots(c, 26, 240, 240, 110, [2, 3], ['#3f7d2c'], 0.9);
  },
  margherita: (c) =>
    pizza(c, () => {
      cheese(c, 8);
      leaves(c, 6, 240, 240, 110, ['#2f7a2f', '#3a8b36'], [30, 40]);
    }),
  marinara: (c) =>
    pizza(c, () => {
      for (let i = 0; i < 16; i++) {
        const [x, y] = c.inDisc(240, 240, 130);
        c.add(
          `<ellipse cx="${f(x)}" cy="${f(y)}" rx="9" ry="4" fill="#f6efd9" transform="rotate(${f(c.between(0, 180))} ${f(x)} ${f(y)})"/>`,
        );
      }
      dots(c, 80, 240, 240, 150, [1.2, 2.2], ['#4f6a2a', '#3f5a24'], 0.9);
      c.add(`<path d="M140 200 Q240 160 330 230" stroke="#d9b64a" stroke-width="4" fill="none" opacity="0.45"/>`);
    }),
  diavola: (c) =>
    pizza(c, () => {
      cheese(c, 7);
      for (let i = 0; i < 11; i++) {
        const [x, y] = c.inDisc(240, 240, 125);
        c.add(
          `<circle cx="${f(x)}" cy="${f(y)}" r="24" fill="${c.radial([
            [0, '#b8322a'],
            [0.85, '#9c2620'],
            [1, '#6e1a16'],
          ])}"/>`,
        );
        dots(c, 5, x, y, 16, [1.5, 2.5], ['#f2c9b8'], 0.8);
      }
      for (let i = 0; i < 5; i++) {
        const [x, y] = c.inDisc(240, 240, 120);
        chilli(c, x, y, 30, c.between(0, 360));
      }
    }),
  'quattro-formaggi': (c) =>
    pizza(
      c,
      () => {
        cheese(c, 14, ['#fbf4de', '#f6e7b8', '#fffaf0', '#f3df9c']);
        blobs(c, 8, 240, 240, 120, [10, 16], ['#cfd7b8', '#b8c49d'], 0.6);
        dots(c, 30, 240, 240, 140, [1.5, 2.5], ['#7a8c5a'], 0.7);
      },
      null,
    ),
  ortolana: (c) =>
    pizza(c, () => {
      cheese(c, 6);
      blobs(c, 7, 240, 240, 120, [18, 22], ['#5b2d4f', '#6b3a5d'], 0.8);
      blobs(c, 7, 240, 240, 120, [14, 18], ['#7fb04a', '#8cbc55'], 0.8);
      for (let i = 0; i < 7; i++) {
        const [x, y] = c.inDisc(240, 240, 120);
        c.add(
          `<rect x="${f(x)}" y="${f(y)}" width="40" height="12" rx="6" fill="${c.pick(['#e0482f', '#f0b62c'])}" transform="rotate(${f(c.between(0, 180))} ${f(x)} ${f(y)})"/>`,
        );
      }
      for (let i = 0; i < 6; i++) {
        const [x, y] = c.inDisc(240, 240, 120);
        c.add(
          `<path d="M${f(x - 14)} ${f(y)} A14 14 0 0 1 ${f(x + 14)} ${f(y)}" stroke="#a04a8a" stroke-width="4" fill="none"/>`,
        );
      }
    }),
  'mortadella-pistacchio': (c) =>
    pizza(
      c,
      () => {
        cheese(c, 6);
        for (let i = 0; i < 7; i++) {
          const [x, y] = c.inDisc(240, 240, 110);
          c.add(
            `<path d="M${f(x - 34)} ${f(y)} Q${f(x - 20)} ${f(y - 30)} ${f(x)} ${f(y - 8)} Q${f(x + 20)} ${f(y - 34)} ${f(x + 34)} ${f(y)} Q${f(x)} ${f(y + 30)} ${f(x - 34)} ${f(y)}Z" fill="#eea7a4" stroke="#dd8c8a" stroke-width="2" transform="rotate(${f(c.between(0, 360))} ${f(x)} ${f(y)})"/>`,
          );
        }
        blobs(c, 5, 240, 240, 90, [16, 24], ['#fffdf6'], 0.8);
        dots(c, 60, 240, 240, 135, [2, 4], ['#8cb04a', '#9fc05b', '#6f9a3a'], 1);
      },
      null,
    ),
  'catch-of-the-day': (c) => {
    background(c);
    plate(c, 240, 240, 215);
    wholeFish(c, 240, 230, 1.35, -12, ['#d9b27a', '#9a7447'], true);
    for (const [x, y] of [
      [150, 340],
      [330, 330],
    ] as const)
      citrusSlice(c, x, y, 24, '#f6e27a', '#e5bf2c');
    blobs(c, 6, 300, 345, 30, [10, 14], ['#d8392b'], 0.8);
    dots(c, 7, 170, 345, 40, [7, 8], ['#2f2a24'], 1);
    leaves(c, 4, 240, 330, 70, ['#3f8a3a'], [16, 22]);
  },
  saltimbocca: (c) => {
    background(c);
    plate(c);
    c.add(`<circle cx="240" cy="240" r="120" fill="#d9b07a" opacity="0.45"/>`);
    for (const [x, y, r] of [
      [190, 200, -20],
      [290, 210, 15],
      [235, 300, 5],
    ] as const) {
      c.add(
        `<ellipse cx="${x}" cy="${y}" rx="70" ry="48" fill="${c.radial([
          [0, '#c88a55'],
          [1, '#9a5f33'],
        ])}" transform="rotate(${r} ${x} ${y})"/>`,
      );
      c.add(
        `<path d="M${x - 50} ${y - 10} Q${x} ${y - 40} ${x + 50} ${y} Q${x} ${y + 25} ${x - 50} ${y - 10}Z" fill="#d98b86" opacity="0.85" transform="rotate(${r} ${x} ${y})"/>`,
      );
      leaf(c, x - 18, y, 40, r - 10, '#6f8f5a', 0.45);
    }
    for (let i = 0; i < 6; i++) {
      const [x, y] = c.inDisc(240, 240, 140);
      c.add(`<circle cx="${f(x)}" cy="${f(y)}" r="14" fill="#e6b65c"/>`);
    }
  },
  'chicken-cacciatora': (c) => {
    background(c);
    bowl(c, 240, 240, 195, '#f2ece0', ['#b8452c', '#8a2e1c']);
    c.add(
      `<ellipse cx="300" cy="300" rx="70" ry="55" fill="${c.radial([
        [0, '#f3cf5b'],
        [1, '#dcae36'],
      ])}"/>`,
    );
    for (const [x, y] of [
      [190, 200],
      [260, 180],
      [180, 290],
    ] as const) {
      c.add(
        `<ellipse cx="${x}" cy="${y}" rx="42" ry="32" fill="${c.radial([
          [0, '#d99a5b'],
          [1, '#a8642e'],
        ])}"/>`,
      );
    }
    dots(c, 10, 230, 230, 110, [7, 9], ['#2b2220'], 1);
    leaves(c, 5, 230, 230, 110, ['#4b6b3a'], [10, 16]);
  },
  parmigiana: (c) => {
    background(c);
    plate(c);
    slab(
      c,
      140,
      150,
      200,
      110,
      [
        ['#c4402a', 12],
        ['#6b3d2a', 8],
        ['#f3e2b8', 8],
        ['#b83a26', 12],
        ['#6b3d2a', 8],
      ],
      c.radial([
        [0, '#d9542f'],
        [0.7, '#b8402a'],
        [1, '#8e2e1d'],
      ]),
    );
    blobs(c, 7, 240, 205, 70, [14, 20], ['#f6e3b0', '#f1d89a'], 0.6);
    leaves(c, 3, 240, 200, 40, ['#2f7a2f'], [24, 30]);
  },
  tagliata: (c) => {
    background(c);
    plate(c);
    leaves(c, 22, 240, 240, 120, ['#5e9c3a', '#4d8a30', '#6aab44'], [26, 40]);
    for (let i = 0; i < 7; i++) {
      const x = 150 + i * 26;
      const y = 190 + Math.sin(i / 2) * 12;
      c.add(
        `<g transform="rotate(-20 ${x + 17} ${y + 55})"><rect x="${x}" y="${f(y)}" width="34" height="110" rx="12" fill="#5e2f1c"/><rect x="${x + 5}" y="${f(y + 6)}" width="24" height="98" rx="9" fill="${c.linear(
          [
            [0, '#b8524a'],
            [0.5, '#e08a80'],
            [1, '#b8524a'],
          ],
          0,
          0,
          1,
          0,
        )}"/></g>`,
      );
    }
    blobs(c, 8, 240, 240, 100, [10, 15], ['#f5ebc8'], 0.4);
    for (const [x, y] of [
      [150, 320],
      [340, 170],
      [330, 330],
    ] as const)
      c.add(`<circle cx="${x}" cy="${y}" r="14" fill="#d8392b"/>`);
    c.add(`<path d="M170 330 Q240 350 320 300" stroke="#3a1d12" stroke-width="5" fill="none" opacity="0.5"/>`);
  },
  tiramisu: (c) => {
    background(c);
    plate(c);
    slab(
      c,
      150,
      165,
      180,
      100,
      [
        ['#f5ead0', 16],
        ['#7a4a2a', 12],
        ['#f5ead0', 16],
        ['#6b3f22', 12],
      ],
      c.radial([
        [0, '#7a4a2c'],
        [1, '#5b3520'],
      ]),
    );
    dots(c, 50, 240, 215, 70, [1, 2.2], ['#4a2a17', '#8a5a38'], 0.8);
    leaf(c, 320, 330, 34, -30, '#3f8a3a');
  },
  'panna-cotta': (c) => {
    background(c);
    plate(c);
    c.add(
      `<circle cx="240" cy="240" r="88" fill="${c.radial(
        [
          [0, '#fffdf6'],
          [0.8, '#f6efdd'],
          [1, '#e6dcc4'],
        ],
        0.5,
        0.5,
        0.5,
        0.4,
        0.38,
      )}"/>`,
    );
    c.add(
      `<path d="M200 180 Q260 150 300 200 Q320 240 290 270 Q330 300 300 330 Q240 350 250 300 Q220 260 200 180Z" fill="#a8182f" opacity="0.9"/>`,
    );
    for (const [x, y] of [
      [310, 300],
      [280, 320],
      [160, 300],
    ] as const)
      c.add(`<circle cx="${x}" cy="${y}" r="12" fill="#6a1f48"/>`);
    leaf(c, 170, 200, 30, 200, '#4b9a44');
  },
  cannoli: (c) => {
    background(c);
    plate(c);
    for (const [y, r] of [
      [200, -14],
      [285, 8],
    ] as const) {
      c.add(
        `<g transform="rotate(${r} 240 ${y})"><rect x="140" y="${y - 34}" width="200" height="68" rx="30" fill="${c.radial(
          [
            [0, '#d9a050'],
            [1, '#a86a2a'],
          ],
        )}"/>`,
      );
      dots(c, 14, 240, y, 30, [2, 3.5], ['#f0c27c'], 0.8);
      for (const x of [140, 340]) {
        c.add(`<ellipse cx="${x}" cy="${y}" rx="22" ry="33" fill="#fbf6e8"/>`);
        dots(c, 7, x, y, 18, [2.5, 3.5], ['#86b04a', '#6f9a3a'], 1);
        dots(c, 3, x, y, 16, [3, 3.5], ['#e67e22'], 1);
      }
      c.add('</g>');
    }
    dots(c, 40, 240, 240, 180, [1, 2], ['#ffffff'], 0.7);
  },
  'lemon-sorbet': (c) => {
    background(c);
    shadow(c, 248, 252, 150, 150);
    c.add(
      `<circle cx="240" cy="240" r="150" fill="${c.radial([
        [0.75, '#eef3f3'],
        [1, '#b9c8c8'],
      ])}" opacity="0.95"/>`,
    );
    for (const [x, y] of [
      [205, 205],
      [280, 215],
      [240, 280],
    ] as const) {
      c.add(
        `<circle cx="${x}" cy="${y}" r="58" fill="${c.radial(
          [
            [0, '#fff7c2'],
            [0.8, '#f6e68a'],
            [1, '#e5cf62'],
          ],
          0.5,
          0.5,
          0.5,
          0.38,
          0.35,
        )}"/>`,
      );
    }
    leaf(c, 235, 235, 40, -50, '#3f8a3a');
    leaf(c, 238, 232, 36, 10, '#4b9a44');
    lemonWedge(c, 330, 330, 36, -35);
  },
  espresso: (c) =>
    cupTop(c, 70, (x, y, r) => {
      c.add(
        `<circle cx="${x}" cy="${y}" r="${r}" fill="${c.radial([
          [0, '#c98a4a'],
          [0.6, '#a8672f'],
          [1, '#5a3216'],
        ])}"/>`,
      );
      c.add(
        `<path d="M${x - 20} ${y - 10} q20 -14 40 0" stroke="#e2b37a" stroke-width="3" fill="none" opacity="0.7"/>`,
      );
    }),
  cappuccino: (c) =>
    cupTop(c, 105, (x, y, r) => {
      c.add(
        `<circle cx="${x}" cy="${y}" r="${r}" fill="${c.radial([
          [0, '#f4e9d8'],
          [0.7, '#e8d3b4'],
          [0.9, '#b57a45'],
          [1, '#8a5428'],
        ])}"/>`,
      );
      c.add(
        `<path d="M${x} ${y + 40} C${x - 70} ${y - 10} ${x - 30} ${y - 60} ${x} ${y - 20} C${x + 30} ${y - 60} ${x + 70} ${y - 10} ${x} ${y + 40}Z" fill="#fffaf0" opacity="0.9"/>`,
      );
      dots(c, 30, x, y, r * 0.9, [1, 1.8], ['#7a4a2a'], 0.6);
    }),
  affogato: (c) =>
    cupTop(c, 95, (x, y, r) => {
      c.add(
        `<circle cx="${x}" cy="${y}" r="${r}" fill="${c.radial([
          [0, '#8a5428'],
          [1, '#4a2812'],
        ])}"/>`,
      );
      c.add(
        `<circle cx="${x - 6}" cy="${y - 4}" r="${f(r * 0.62)}" fill="${c.radial(
          [
            [0, '#fffdf4'],
            [0.8, '#f5ecd5'],
            [1, '#c8a274'],
          ],
          0.5,
          0.5,
          0.5,
          0.38,
          0.35,
        )}"/>`,
      );
    }),
  chianti: (c) => {
    sideScene(c);
    wineGlass(c, '#6e1423');
  },
  'pinot-grigio': (c) => {
    sideScene(c);
    wineGlass(c, '#efe2a0');
  },
  prosecco: (c) => {
    sideScene(c);
    wineGlass(c, '#f3e6a6', true);
  },
  'mineral-water': (c) => {
    sideScene(c);
    bottle(c, 170, '#8fc3d6', '#2f6f9a');
    tallGlass(c, ['#e8f4f8', '#cfe6ee'], { top: 190 });
  },
  limonata: (c) => {
    sideScene(c);
    shadow(c, 176, 414, 60, 10, 0.35);
    c.add(
      `<rect x="120" y="170" width="110" height="240" rx="14" fill="${c.linear(
        [
          [0, '#f6d64a'],
          [1, '#e8b92a'],
        ],
        0,
        0,
        1,
        0,
      )}"/>`,
    );
    c.add(`<rect x="126" y="162" width="98" height="14" rx="5" fill="#c9ccd0"/>`);
    citrusSlice(c, 175, 290, 34, '#fbeea0', '#e2a520');
    c.add(`<rect x="120" y="370" width="110" height="10" fill="#2f7a2f"/>`);
    tallGlass(c, ['#fbf1b8', '#f3e08a'], { ice: true, top: 180 });
  },
  'coca-cola': (c) => {
    sideScene(c);
    bottle(c, 170, '#3a1f14', '#c8102e');
    tallGlass(c, ['#5a2a14', '#2a1208'], { ice: true, top: 170, foam: '#b07a52' });
  },

  // Baan Suan
  'spring-rolls': (c) => {
    background(c);
    plate(c);
    for (let i = 0; i < 4; i++) {
      const y = 165 + i * 42;
      c.add(
        `<rect x="130" y="${y}" width="170" height="38" rx="19" fill="${c.radial([
          [0, '#e7b15a'],
          [1, '#c0822f'],
        ])}" transform="rotate(${-10 + i * 4} 215 ${y + 19})"/>`,
      );
      dots(c, 8, 215, y + 19, 16, [1.5, 3], ['#f3d08e'], 0.8);
    }
    dipBowl(c, 340, 300, 44, '#e0572f');
    dots(c, 12, 340, 300, 26, [1.5, 2.5], ['#f4c2a0', '#8a2a14'], 0.9);
    leaves(c, 3, 320, 190, 20, ['#4b9a44'], [22, 28]);
  },
  'chicken-satay': (c) => {
    background(c);
    plate(c);
    for (let i = 0; i < 3; i++) skewer(c, 120, 170 + i * 50, 330, 130 + i * 60, 4, ['#c98a2e', '#b8741f', '#d9a040']);
    dipBowl(c, 330, 330, 48, '#b8742f');
    dots(c, 14, 330, 330, 30, [2, 3.5], ['#8a5018', '#d99a50'], 0.9);
    for (let i = 0; i < 6; i++) {
      const [x, y] = c.inDisc(170, 330, 35);
      c.add(`<rect x="${f(x)}" y="${f(y)}" width="18" height="18" rx="3" fill="#bcd88a"/>`);
    }
  },
  'fish-cakes': (c) => {
    background(c);
    plate(c);
    for (const [x, y] of [
      [180, 190],
      [290, 180],
      [180, 300],
      [290, 290],
    ] as const) {
      c.add(
        `<ellipse cx="${x}" cy="${y}" rx="50" ry="44" fill="${c.radial([
          [0, '#b86a3a'],
          [0.8, '#9a5128'],
          [1, '#7a3d1c'],
        ])}"/>`,
      );
      dots(c, 5, x, y, 34, [3, 4], ['#3f7d2c'], 0.9);
    }
    dipBowl(c, 360, 360, 40, '#e8e0b0');
    dots(c, 10, 360, 360, 24, [3, 4.5], ['#8fc06a', '#c0392b', '#d9b46a'], 1);
  },
  'prawns-in-blanket': (c) => {
    background(c);
    plate(c);
    for (let i = 0; i < 5; i++) {
      const a = (i / 5) * Math.PI * 2;
      const x = 240 + Math.cos(a) * 85;
      const y = 240 + Math.sin(a) * 85;
      const rot = (a * 180) / Math.PI;
      c.add(
        `<g transform="rotate(${f(rot)} ${f(x)} ${f(y)})"><ellipse cx="${f(x)}" cy="${f(y)}" rx="52" ry="24" fill="${c.radial(
          [
            [0, '#f0c56e'],
            [1, '#c98a2e'],
          ],
        )}"/><path d="M${f(x + 48)} ${f(y)} l26 -12 l-4 12 l4 12Z" fill="#e05a30"/></g>`,
      );
    }
    dipBowl(c, 240, 240, 40, '#c0392b');
  },
  'chicken-wings': (c) => {
    background(c);
    plate(c);
    for (let i = 0; i < 7; i++) {
      const [x, y] = c.inDisc(240, 230, 90);
      c.add(
        `<path d="M${f(x - 40)} ${f(y)} Q${f(x - 40)} ${f(y - 30)} ${f(x)} ${f(y - 24)} Q${f(x + 44)} ${f(y - 20)} ${f(x + 40)} ${f(y + 6)} Q${f(x + 20)} ${f(y + 30)} ${f(x - 40)} ${f(y)}Z" fill="${c.radial(
          [
            [0, '#d49a4a'],
            [1, '#9a5a22'],
          ],
        )}" transform="rotate(${f(c.between(0, 360))} ${f(x)} ${f(y)})"/>`,
      );
    }
    dots(c, 30, 240, 230, 100, [2, 3.5], ['#e8c27a', '#7a4016'], 0.8);
    dipBowl(c, 345, 345, 36, '#e0572f');
    leaves(c, 3, 160, 340, 20, ['#3f8a3a'], [20, 26]);
  },
  'tom-yum-goong': (c) => {
    background(c);
    bowl(c, 240, 240, 195, '#f1ece0', ['#e8743a', '#c2461f']);
    dots(c, 30, 240, 240, 140, [2, 5], ['#f5b04a', '#d03a1a'], 0.5);
    for (let i = 0; i < 5; i++) {
      const [x, y] = c.inDisc(240, 240, 100);
      prawn(c, x, y, 24, c.between(0, 360));
    }
    blobs(c, 6, 240, 240, 120, [12, 16], ['#e9dcc2', '#d9c8a8'], 0.7);
    leaves(c, 5, 240, 240, 120, ['#4e7a2e', '#5d8a36'], [26, 34]);
    for (let i = 0; i < 4; i++) {
      const [x, y] = c.inDisc(240, 240, 120);
      chilli(c, x, y, 26, c.between(0, 360));
    }
  },
  'tom-kha-gai': (c) => {
    background(c);
    bowl(c, 240, 240, 195, '#f1ece0', ['#f6ead0', '#e6cfa0']);
    dots(c, 24, 240, 240, 140, [3, 6], ['#f2c04a'], 0.4);
    blobs(c, 8, 240, 240, 110, [16, 22], ['#f3f0e6', '#e2d6bd'], 0.7);
    blobs(c, 6, 240, 240, 110, [12, 18], ['#c7a98a', '#b8936f'], 0.6);
    leaves(c, 5, 240, 240, 120, ['#4e7a2e', '#5d8a36'], [26, 34]);
    for (let i = 0; i < 3; i++) {
      const [x, y] = c.inDisc(240, 240, 110);
      chilli(c, x, y, 24, c.between(0, 360));
    }
  },
  'green-curry': (c) => {
    background(c);
    bowl(c, 200, 240, 170, '#f3efe6', ['#a6bf63', '#73913a']);
    c.add(`<path d="M130 230 Q200 190 270 240" stroke="#eef2d8" stroke-width="8" fill="none" opacity="0.6"/>`);
    blobs(c, 7, 200, 240, 95, [16, 22], ['#f2ead2', '#e8dcbc'], 0.7);
    for (let i = 0; i < 10; i++) {
      const [x, y] = c.inDisc(200, 240, 100);
      c.add(`<circle cx="${f(x)}" cy="${f(y)}" r="8" fill="#5f8a2a"/>`);
    }
    leaves(c, 6, 200, 240, 100, ['#2f6b2a', '#3a7d32'], [24, 32]);
    for (let i = 0; i < 3; i++) {
      const [x, y] = c.inDisc(200, 240, 100);
      chilli(c, x, y, 28, c.between(0, 360));
    }
    riceMound(c, 375, 350, 80, 70);
  },
  'red-curry-duck': (c) => {
    background(c);
    bowl(c, 200, 240, 170, '#f3efe6', ['#d8642f', '#a8401f']);
    for (let i = 0; i < 6; i++) {
      const [x, y] = c.inDisc(200, 240, 90);
      c.add(
        `<rect x="${f(x - 22)}" y="${f(y - 14)}" width="44" height="28" rx="8" fill="#7a3a22" transform="rotate(${f(c.between(0, 180))} ${f(x)} ${f(y)})"/>`,
      );
      c.add(
        `<rect x="${f(x - 22)}" y="${f(y - 14)}" width="44" height="10" rx="5" fill="#c9843e" transform="rotate(${f(c.between(0, 180))} ${f(x)} ${f(y)})"/>`,
      );
    }
    blobs(c, 5, 200, 240, 100, [12, 16], ['#f5d36a'], 0.7);
    dots(c, 5, 200, 240, 100, [9, 11], ['#d8392b'], 1);
    leaves(c, 5, 200, 240, 100, ['#2f6b2a'], [22, 30]);
    riceMound(c, 375, 350, 80, 70);
  },
  'massaman-beef': (c) => {
    background(c);
    bowl(c, 200, 240, 170, '#f3efe6', ['#c98a4a', '#9a5f2a']);
    blobs(c, 7, 200, 240, 95, [20, 26], ['#6e3a22', '#7f4628'], 0.8);
    blobs(c, 5, 200, 240, 95, [18, 22], ['#e8c26a', '#dcb257'], 0.8);
    dots(c, 22, 200, 240, 100, [3, 5], ['#e3b97a', '#c9954a'], 1);
    riceMound(c, 375, 350, 80, 70);
  },
  'panang-curry': (c) => {
    background(c);
    plate(c);
    c.add(
      `<ellipse cx="200" cy="230" rx="120" ry="110" fill="${c.radial([
        [0, '#d2642f'],
        [1, '#b04a20'],
      ])}"/>`,
    );
    c.add(`<path d="M120 200 Q200 160 280 220" stroke="#f8e6c8" stroke-width="10" fill="none" opacity="0.85"/>`);
    blobs(c, 6, 200, 230, 80, [16, 22], ['#f0dcc0'], 0.7);
    for (let i = 0; i < 14; i++) {
      const [x, y] = c.inDisc(200, 230, 90);
      c.add(
        `<rect x="${f(x)}" y="${f(y)}" width="22" height="3" fill="#2f6b2a" transform="rotate(${f(c.between(0, 180))} ${f(x)} ${f(y)})"/>`,
      );
    }
    dots(c, 20, 200, 230, 90, [2, 3], ['#e3b97a'], 1);
    riceMound(c, 330, 330, 70, 60);
  },
  'jungle-curry': (c) => {
    background(c);
    bowl(c, 240, 240, 195, '#3a3a36', ['#c2622c', '#94401a']);
    for (let i = 0; i < 7; i++) {
      const [x, y] = c.inDisc(240, 240, 110);
      c.add(
        `<rect x="${f(x - 16)}" y="${f(y - 16)}" width="32" height="32" rx="5" fill="#f3e6c0" transform="rotate(${f(c.between(0, 90))} ${f(x)} ${f(y)})"/>`,
      );
    }
    for (let i = 0; i < 6; i++) {
      const [x, y] = c.inDisc(240, 240, 110);
      c.add(
        `<rect x="${f(x - 8)}" y="${f(y - 28)}" width="16" height="56" rx="8" fill="#e9c94a" transform="rotate(${f(c.between(0, 180))} ${f(x)} ${f(y)})"/>`,
      );
    }
    for (let i = 0; i < 8; i++) {
      const [x, y] = c.inDisc(240, 240, 120);
      c.add(
        `<rect x="${f(x)}" y="${f(y)}" width="44" height="8" rx="4" fill="#4f8f3a" transform="rotate(${f(c.between(0, 180))} ${f(x)} ${f(y)})"/>`,
      );
    }
    leaves(c, 6, 240, 240, 120, ['#2f6b2a'], [22, 28]);
    for (let i = 0; i < 4; i++) {
      const [x, y] = c.inDisc(240, 240, 120);
      chilli(c, x, y, 26, c.between(0, 360));
    }
  },
  'pad-thai': (c) => {
    background(c);
    plate(c);
    c.add(`<circle cx="240" cy="240" r="118" fill="#d9a66a"/>`);
    strands(c, 40, 240, 240, 112, ['#e6bb7e', '#dcae70', '#efc98e'], 8);
    for (let i = 0; i < 5; i++) {
      const [x, y] = c.inDisc(240, 240, 85);
      prawn(c, x, y, 22, c.between(0, 360));
    }
    blobs(c, 6, 240, 240, 90, [10, 14], ['#f3d36a', '#f6e0a0'], 0.7);
    for (let i = 0; i < 10; i++) {
      const [x, y] = c.inDisc(240, 240, 100);
      c.add(
        `<rect x="${f(x)}" y="${f(y)}" width="26" height="5" rx="2" fill="#f5f0dc" transform="rotate(${f(c.between(0, 180))} ${f(x)} ${f(y)})"/>`,
      );
    }
    dots(c, 24, 240, 240, 100, [2, 4], ['#c9954a', '#e3b97a'], 1);
    lemonWedge(c, 345, 330, 34, -40, '#c8e07a', '#5c9a2c');
  },
  'pad-see-ew': (c) => {
    background(c);
    plate(c);
    for (let i = 0; i < 22; i++) {
      const [x, y] = c.inDisc(240, 240, 100);
      c.add(
        `<path d="M${f(x - 40)} ${f(y)} q20 -16 40 0 t40 0" fill="none" stroke="${c.pick(['#8a5a2e', '#9a6838', '#7a4c24'])}" stroke-width="16" stroke-linecap="round" transform="rotate(${f(c.between(0, 180))} ${f(x)} ${f(y)})"/>`,
      );
    }
    for (let i = 0; i < 7; i++) {
      const [x, y] = c.inDisc(240, 240, 100);
      leaf(c, x, y, 44, c.between(0, 360), '#2f7a2f', 0.5);
    }
    blobs(c, 6, 240, 240, 90, [10, 14], ['#f3d36a', '#f9ecc0'], 0.7);
    blobs(c, 5, 240, 240, 90, [14, 18], ['#d9b07a'], 0.7);
  },
  'pad-kra-pao': (c) => {
    background(c);
    plate(c);
    riceMound(c, 190, 240, 95, 110);
    c.add(`<ellipse cx="300" cy="240" rx="70" ry="105" fill="#7a4a2a"/>`);
    dots(c, 40, 300, 240, 70, [3, 6], ['#5e361c', '#8a5632', '#6b4024'], 1);
    leaves(c, 8, 300, 240, 65, ['#2f6b2a', '#3a7d32'], [18, 26]);
    for (let i = 0; i < 3; i++) chilli(c, c.between(270, 330), c.between(190, 290), 22, c.between(0, 360));
    c.add(
      `<path d="M175 120 Q230 95 265 130 Q290 170 250 190 Q210 205 170 180 Q140 150 175 120Z" fill="#fbfaf2" stroke="#c98a3e" stroke-width="5"/>`,
    );
    c.add(
      `<circle cx="215" cy="152" r="22" fill="${c.radial([
        [0, '#ffcf3a'],
        [1, '#ef9f1a'],
      ])}"/>`,
    );
  },
  'pineapple-fried-rice': (c) => {
    background(c);
    c.add('<g transform="translate(44 24) scale(0.9)">');
    shadow(c, 248, 252, 200, 140);
    c.add(`<ellipse cx="240" cy="240" rx="200" ry="140" fill="#8a6a2a"/>`);
    c.add(`<ellipse cx="240" cy="240" rx="186" ry="126" fill="#f3d66a"/>`);
    c.add(`<ellipse cx="240" cy="240" rx="166" ry="106" fill="#e9bf4a"/>`);
    for (let i = 0; i < 90; i++) {
      const x = 240 + c.between(-150, 150);
      const y = 240 + c.between(-90, 90) * Math.sqrt(1 - ((x - 240) / 160) ** 2);
      c.add(
        `<ellipse cx="${f(x)}" cy="${f(y)}" rx="5" ry="2.5" transform="rotate(${f(c.between(0, 180))} ${f(x)} ${f(y)})" fill="#f6dd84"/>`,
      );
    }
    for (let i = 0; i < 4; i++) prawn(c, 240 + c.between(-100, 100), 240 + c.between(-50, 50), 20, c.between(0, 360));
    for (let i = 0; i < 10; i++) {
      c.add(
        `<path d="M0 0 q10 -10 20 0" transform="translate(${f(240 + c.between(-120, 110))} ${f(240 + c.between(-60, 60))})" stroke="#e8cfa0" stroke-width="8" fill="none" stroke-linecap="round"/>`,
      );
    }
    dots(c, 16, 240, 240, 90, [5, 7], ['#f5c64a', '#6a3a5a'], 1);
    leaves(c, 4, 240, 240, 80, ['#4b9a44'], [14, 20]);
    for (let i = 0; i < 5; i++)
      leaf(c, 48, 240, 70 - Math.abs(i - 2) * 10, 150 + i * 15, i % 2 ? '#4f8f3a' : '#3f7d2c', 0.22);
    c.add('</g>');
  },
  'khao-soi': (c) => {
    background(c);
    bowl(c, 240, 240, 195, '#2f5d8a', ['#e8a24a', '#c6762a']);
    c.add(`<path d="M150 250 Q240 210 330 260" stroke="#f7d9a0" stroke-width="10" fill="none" opacity="0.6"/>`);
    strands(c, 18, 240, 240, 110, ['#f3d68a', '#ecc870'], 6);
    c.add(
      `<ellipse cx="230" cy="250" rx="55" ry="40" fill="${c.radial([
        [0, '#c98a4a'],
        [1, '#8a4e1e'],
      ])}"/>`,
    );
    for (let i = 0; i < 14; i++) {
      const x = 240 + c.between(-35, 35);
      const y = 180 + c.between(-25, 25);
      c.add(
        `<path d="M${f(x - 18)} ${f(y)} q9 -10 18 0 t18 0" stroke="#e9b04a" stroke-width="5" fill="none" stroke-linecap="round" transform="rotate(${f(c.between(0, 180))} ${f(x)} ${f(y)})"/>`,
      );
    }
    leaves(c, 5, 240, 260, 110, ['#3f8a3a'], [14, 20]);
    lemonWedge(c, 330, 330, 28, -30, '#c8e07a', '#5c9a2c');
    blobs(c, 4, 160, 320, 20, [10, 14], ['#c88fb0'], 0.7);
  },
  'jasmine-rice': (c) => {
    background(c);
    bowl(c, 240, 240, 170, '#e8eef0', ['#fbf8f0', '#e8e0cc']);
    riceMound(c, 240, 240, 125, 125);
  },
  'som-tam': (c) => {
    background(c);
    plate(c);
    for (let i = 0; i < 70; i++) {
      const [x, y] = c.inDisc(240, 240, 115);
      c.add(
        `<rect x="${f(x)}" y="${f(y)}" width="${f(c.between(30, 50))}" height="5" rx="2.5" fill="${c.pick(['#c9dc8a', '#b8d078', '#dbe8a8', '#e6d9a0'])}" transform="rotate(${f(c.between(0, 180))} ${f(x)} ${f(y)})"/>`,
      );
    }
    for (let i = 0; i < 5; i++) {
      const [x, y] = c.inDisc(240, 240, 100);
      c.add(
        `<path d="M${f(x - 16)} ${f(y)} A16 16 0 0 1 ${f(x + 16)} ${f(y)}Z" fill="#e0402f" transform="rotate(${f(c.between(0, 360))} ${f(x)} ${f(y)})"/>`,
      );
    }
    for (let i = 0; i < 6; i++) {
      const [x, y] = c.inDisc(240, 240, 100);
      c.add(
        `<rect x="${f(x)}" y="${f(y)}" width="34" height="10" rx="5" fill="#4f8f3a" transform="rotate(${f(c.between(0, 180))} ${f(x)} ${f(y)})"/>`,
      );
    }
    dots(c, 18, 240, 240, 100, [3, 4.5], ['#c98a4a', '#e09a6a'], 1);
    for (let i = 0; i < 3; i++) chilli(c, ...c.inDisc(240, 240, 100), 22, c.between(0, 360));
  },
  'larb-gai': (c) => {
    background(c);
    plate(c);
    leaves(c, 4, 240, 240, 130, ['#7fb04a', '#8cbc55'], [70, 90]);
    c.add(`<circle cx="240" cy="240" r="92" fill="#d8b78a"/>`);
    dots(c, 80, 240, 240, 92, [3, 6], ['#c9a16e', '#b88c5a', '#e6cba0', '#a87a4a'], 1);
    leaves(c, 10, 240, 240, 90, ['#3f8a3a', '#4b9a44'], [16, 24]);
    dots(c, 20, 240, 240, 90, [1.5, 2.5], ['#a8201a'], 0.9);
    blobs(c, 6, 240, 240, 80, [6, 9], ['#c78fb8'], 0.6);
  },
  'yum-woon-sen': (c) => {
    background(c);
    plate(c);
    c.add(`<circle cx="240" cy="240" r="115" fill="#efe2c6" opacity="0.7"/>`);
    strands(c, 40, 240, 240, 110, ['#f4efe2', '#ebe2cc', '#faf6ea'], 4);
    for (let i = 0; i < 5; i++) prawn(c, ...c.inDisc(240, 240, 85), 20, c.between(0, 360));
    dots(c, 20, 240, 240, 90, [4, 6], ['#b88c5a'], 1);
    leaves(c, 6, 240, 240, 100, ['#4b9a44'], [18, 24]);
    for (let i = 0; i < 5; i++)
      c.add(
        `<rect x="${f(c.between(160, 310))}" y="${f(c.between(160, 310))}" width="20" height="10" rx="3" fill="#e0402f"/>`,
      );
  },
  'pomelo-salad': (c) => {
    background(c);
    plate(c);
    for (let i = 0; i < 26; i++) {
      const [x, y] = c.inDisc(240, 240, 105);
      c.add(
        `<ellipse cx="${f(x)}" cy="${f(y)}" rx="22" ry="9" fill="${c.pick(['#f6a6a0', '#f1908a', '#fbbcb4'])}" transform="rotate(${f(c.between(0, 180))} ${f(x)} ${f(y)})"/>`,
      );
    }
    for (let i = 0; i < 4; i++) prawn(c, ...c.inDisc(240, 240, 80), 20, c.between(0, 360));
    dots(c, 30, 240, 240, 100, [2, 3.5], ['#e9c98a', '#fff4dc'], 1);
    for (let i = 0; i < 6; i++) {
      const [x, y] = c.inDisc(240, 240, 90);
      c.add(
        `<path d="M${f(x - 8)} ${f(y)} q8 -12 16 0" stroke="#e8cfa0" stroke-width="7" fill="none" stroke-linecap="round"/>`,
      );
    }
    leaves(c, 6, 240, 240, 100, ['#3f8a3a'], [16, 22]);
  },
  'steamed-sea-bass': (c) => {
    background(c);
    shadow(c, 248, 252, 220, 150);
    c.add(`<ellipse cx="240" cy="240" rx="225" ry="155" fill="#d6dcd9"/>`);
    c.add(
      `<ellipse cx="240" cy="240" rx="205" ry="135" fill="${c.radial([
        [0, '#f3f1e4'],
        [1, '#e2dcc4'],
      ])}"/>`,
    );
    wholeFish(c, 240, 240, 1.3, 0, ['#e8e6dc', '#b9b7aa'], false);
    for (const x of [170, 235, 300]) citrusSlice(c, x, 236, 20, '#d6e88a', '#6aa03a');
    for (let i = 0; i < 5; i++) chilli(c, 160 + i * 40, c.between(200, 280), 20, c.between(0, 360));
    leaves(c, 8, 240, 240, 100, ['#4b9a44', '#3f8a3a'], [14, 20]);
    dots(c, 16, 240, 240, 110, [3, 4], ['#fbf4e0'], 1);
  },
  'garlic-pepper-prawns': (c) => {
    background(c);
    plate(c);
    riceMound(c, 175, 300, 75, 60);
    for (let i = 0; i < 7; i++) prawn(c, ...c.inDisc(270, 210, 80), 28, c.between(0, 360));
    dots(c, 40, 270, 210, 100, [3, 5], ['#e8b45a', '#d49a3a', '#f3d08a'], 1);
    dots(c, 40, 270, 210, 100, [1, 1.8], ['#3a2f28'], 0.8);
    leaves(c, 4, 270, 210, 80, ['#3f8a3a'], [16, 20]);
  },
  'mango-sticky-rice': (c) => {
    background(c);
    plate(c);
    riceMound(c, 185, 250, 80, 100);
    c.add(`<path d="M140 220 Q185 200 230 230" stroke="#fffdf2" stroke-width="12" fill="none" opacity="0.9"/>`);
    for (let i = 0; i < 6; i++) {
      c.add(
        `<path d="M270 ${150 + i * 34} Q330 ${130 + i * 34} 370 ${160 + i * 34} Q330 ${185 + i * 34} 270 ${176 + i * 34}Z" fill="${c.radial(
          [
            [0, '#ffc93a'],
            [1, '#f29c12'],
          ],
        )}"/>`,
      );
    }
    dots(c, 16, 185, 250, 60, [2.5, 3.5], ['#f3cf5a'], 1);
    leaf(c, 120, 320, 50, 200, '#3f7d2c', 0.3);
  },
  'coconut-ice-cream': (c) => {
    background(c);
    shadow(c, 248, 252, 175, 175);
    c.add(
      `<circle cx="240" cy="240" r="175" fill="${c.radial([
        [0.85, '#8a5a32'],
        [1, '#5e3a1e'],
      ])}"/>`,
    );
    c.add(`<circle cx="240" cy="240" r="152" fill="#faf6ec"/>`);
    for (const [x, y] of [
      [200, 210],
      [285, 215],
      [240, 290],
    ] as const) {
      c.add(
        `<circle cx="${x}" cy="${y}" r="58" fill="${c.radial(
          [
            [0, '#ffffff'],
            [0.8, '#f6f1e4'],
            [1, '#ddd3bd'],
          ],
          0.5,
          0.5,
          0.5,
          0.38,
          0.35,
        )}"/>`,
      );
    }
    dots(c, 24, 240, 240, 80, [3, 5], ['#c9954a', '#a8742f'], 1);
    c.add(
      `<path d="M190 190 Q240 170 290 200 Q260 240 230 260" stroke="#b86a1a" stroke-width="6" fill="none" opacity="0.8"/>`,
    );
  },
  'bua-loy': (c) => {
    background(c);
    bowl(c, 240, 240, 185, '#f3efe6', ['#fbf6e6', '#e8dcc0']);
    for (let i = 0; i < 22; i++) {
      const [x, y] = c.inDisc(240, 240, 115);
      const col = c.pick(['#b7dba0', '#a8c8f0', '#f4c2d0', '#fbf3e0', '#d2b8ec']);
      c.add(
        `<circle cx="${f(x)}" cy="${f(y)}" r="17" fill="${c.radial(
          [
            [0, shade(col, 0.35)],
            [1, col],
          ],
          0.5,
          0.5,
          0.5,
          0.35,
          0.35,
        )}"/>`,
      );
    }
    leaf(c, 290, 200, 60, 220, '#3f8a3a', 0.25);
  },
  sangkaya: (c) => {
    background(c);
    plate(c);
    riceMound(c, 200, 270, 90, 80);
    c.add(
      `<path d="M180 190 L300 170 L320 250 L200 272Z" fill="${c.linear([
        [0, '#c98a3a'],
        [1, '#a0661f'],
      ])}"/>`,
    );
    c.add(`<path d="M180 190 L300 170 L304 186 L184 206Z" fill="#7a4a1a" opacity="0.6"/>`);
    leaf(c, 330, 320, 70, 200, '#3f8a3a', 0.2);
  },
  'thai-iced-tea': (c) => {
    sideScene(c);
    tallGlass(c, ['#f0a04a', '#d9722a'], { ice: true, straw: '#2f7d4f', top: 130 });
    c.add(`<path d="M180 140 Q240 170 300 135 L300 165 Q240 190 180 170Z" fill="#fbf1e2" opacity="0.8"/>`);
  },
  'fresh-coconut': (c) => {
    sideScene(c);
    shadow(c, 248, 410, 130, 16, 0.4);
    c.add(
      `<circle cx="240" cy="280" r="130" fill="${c.radial(
        [
          [0, '#a9cf5a'],
          [0.8, '#7fae3a'],
          [1, '#5a8a24'],
        ],
        0.5,
        0.5,
        0.5,
        0.38,
        0.32,
      )}"/>`,
    );
    c.add(`<ellipse cx="240" cy="165" rx="58" ry="20" fill="#f6f2e2"/>`);
    c.add(`<ellipse cx="240" cy="165" rx="40" ry="12" fill="#e9f0dc"/>`);
    c.add(
      `<path d="M252 165 L268 60 L300 30" fill="none" stroke="#e05a8a" stroke-width="10" stroke-linejoin="round"/>`,
    );
  },
  'lemongrass-pandan': (c) => {
    sideScene(c);
    tallGlass(c, ['#e6e6a0', '#c9c870'], { ice: true, top: 150 });
    c.add(`<path d="M272 410 L290 40" stroke="#b9cc6a" stroke-width="12" stroke-linecap="round"/>`);
    leaf(c, 280, 80, 110, -70, '#3f8a3a', 0.12);
  },
  'fresh-lime-soda': (c) => {
    sideScene(c);
    tallGlass(c, ['#e6f3cc', '#c8e2a0'], { ice: true, straw: '#d9572b', top: 130 });
    citrusSlice(c, 300, 110, 34, '#c8e07a', '#5c9a2c');
    dots(c, 16, 240, 300, 80, [2, 3.5], ['#ffffff'], 0.6);
  },
  singha: (c) => {
    sideScene(c);
    bottle(c, 165, '#6b3a12', '#e0b43a');
    tallGlass(c, ['#f2b53a', '#d98e14'], { top: 140, foam: '#fbf6e6' });
  },
};

/* ---------- venue art: header icons and default images ---------- */

const venueArt: Record<string, Recipe> = {
  'trattoria-da-luca-icon': (c) => {
    c.add(`<rect width="480" height="480" fill="#b5532f"/>`);
    c.add(`<circle cx="240" cy="240" r="180" fill="none" stroke="#f6ead8" stroke-width="14"/>`);
    c.add(
      `<path d="M150 330 Q240 260 330 130" stroke="#f6ead8" stroke-width="12" fill="none" stroke-linecap="round"/>`,
    );
    for (let i = 0; i < 5; i++) {
      const t = 0.15 + i * 0.17;
      const x = 150 + 180 * t;
      const y = 330 - 200 * t - 20 * Math.sin(t * Math.PI);
      leaf(c, x, y, 62, -80 - i * 4, '#f6ead8', 0.28);
      leaf(c, x, y, 62, 10 - i * 6, '#f6ead8', 0.28);
    }
    c.add(`<ellipse cx="205" cy="300" rx="20" ry="26" fill="#5f7a3a" transform="rotate(-30 205 300)"/>`);
    c.add(`<ellipse cx="270" cy="245" rx="20" ry="26" fill="#5f7a3a" transform="rotate(-30 270 245)"/>`);
  },
  'trattoria-da-luca-default': (c) => {
    background(c);
    plate(c, 240, 240, 170);
    c.add(`<rect x="40" y="100" width="16" height="280" rx="8" fill="#c9c3b6"/>`);
    for (const dx of [-14, -5, 5, 14])
      c.add(`<rect x="${408 + dx}" y="100" width="5" height="70" rx="2.5" fill="#c9c3b6"/>`);
    c.add(
      `<rect x="398" y="160" width="30" height="30" rx="10" fill="#c9c3b6"/><rect x="405" y="180" width="16" height="200" rx="8" fill="#c9c3b6"/>`,
    );
    leaves(c, 3, 240, 240, 20, ['#5f7a3a'], [40, 50]);
  },
  'baan-suan-icon': (c) => {
    c.add(`<rect width="480" height="480" fill="#2f7d4f"/>`);
    for (let i = 0; i < 7; i++) {
      const rot = -90 + (i - 3) * 26;
      leaf(c, 240, 330, 190 - Math.abs(i - 3) * 25, rot, i % 2 ? '#f3ead2' : '#fbf6ea', 0.24);
    }
    c.add(
      `<path d="M110 360 Q240 420 370 360" stroke="#d98e04" stroke-width="16" fill="none" stroke-linecap="round"/>`,
    );
  },
  'baan-suan-default': (c) => {
    background(c);
    bowl(c, 240, 240, 160, '#f3efe6', ['#fbf8f0', '#e8e0cc']);
    riceMound(c, 240, 240, 110, 110);
    c.add(`<rect x="395" y="70" width="12" height="340" rx="6" fill="#3a2a1a" transform="rotate(6 400 240)"/>`);
    c.add(`<rect x="420" y="70" width="12" height="340" rx="6" fill="#3a2a1a" transform="rotate(2 426 240)"/>`);
    leaf(c, 60, 420, 90, -60, '#2f7d4f', 0.3);
  },
  'the-anchor-icon': (c) => {
    c.add(`<rect width="480" height="480" fill="#1f3a5f"/>`);
    const ink = '#f1e6cf';
    c.add(`<circle cx="240" cy="110" r="30" fill="none" stroke="${ink}" stroke-width="16"/>`);
    c.add(`<rect x="230" y="138" width="20" height="240" rx="6" fill="${ink}"/>`);
    c.add(`<rect x="160" y="170" width="160" height="20" rx="10" fill="${ink}"/>`);
    c.add(
      `<path d="M110 280 Q120 390 240 395 Q360 390 370 280" stroke="${ink}" stroke-width="20" fill="none" stroke-linecap="round"/>`,
    );
    c.add(`<path d="M92 300 L110 262 L132 298Z" fill="${ink}"/><path d="M348 298 L370 262 L388 300Z" fill="${ink}"/>`);
    c.add(`<circle cx="240" cy="240" r="220" fill="none" stroke="#b08d57" stroke-width="10"/>`);
  },
};

/* ---------- main ---------- */

interface SeedFile {
  venue: { venueUrl: string; headerIcon?: string | null; defaultImage?: string | null };
  products: { id: string; image?: string | null }[];
}

function surfaceOf(venueUrl: string): Surface {
  if (venueUrl === 'baan-suan') return 'teak';
  if (venueUrl === 'the-anchor') return 'navy';
  return 'linen';
}

async function main(): Promise<void> {
  const pngIndex = process.argv.indexOf('--png');
  const pngDir = pngIndex > 0 ? process.argv[pngIndex + 1] : undefined;
  mkdirSync(OUT_DIR, { recursive: true });
  if (pngDir) mkdirSync(pngDir, { recursive: true });

  const jobs: { file: string; recipe: Recipe; surface: Surface }[] = [];
  const missing: string[] = [];
  for (const name of readdirSync(SEED_DIR).filter((n) => n.endsWith('.json'))) {
    const seed = JSON.parse(readFileSync(path.join(SEED_DIR, name), 'utf8')) as SeedFile;
    const surface = surfaceOf(seed.venue.venueUrl);
    const refs = [seed.venue.headerIcon, seed.venue.defaultImage, ...seed.products.map((p) => p.image)];
    for (const ref of refs) {
      if (!ref) continue;
      const key = path.basename(ref, '.webp');
      const recipe = recipes[key] ?? venueArt[key];
      if (!recipe) missing.push(`${name}: ${ref}`);
      else jobs.push({ file: path.join(SEED_DIR, ref), recipe, surface });
    }
  }
  if (missing.length) throw new Error(`No drawing for:\n  ${missing.join('\n  ')}`);

  let total = 0;
  const tooBig: string[] = [];
  for (const job of jobs) {
    const key = path.basename(job.file, '.webp');
    const canvas = new Canvas(key, job.surface);
    job.recipe(canvas);
    const svg = Buffer.from(canvas.toSvg());
    await sharp(svg).resize(SIZE, SIZE).webp({ quality: 60, effort: 6 }).toFile(job.file);
    if (pngDir)
      await sharp(svg)
        .png()
        .toFile(path.join(pngDir, `${key}.png`));
    const bytes = statSync(job.file).size;
    total += bytes;
    if (bytes > MAX_BYTES) tooBig.push(`${key} ${bytes} B`);
  }
  console.log(`${jobs.length} images, ${(total / 1024).toFixed(1)} KiB in all, in ${path.relative(ROOT, OUT_DIR)}`);
  if (tooBig.length) throw new Error(`Over ${MAX_BYTES} bytes:\n  ${tooBig.join('\n  ')}`);
}

await main();
