/**
 * Generated artwork for the demo catalog: abstract artist portraits and album/single covers.
 *
 * Pictures are built as SVG strings (pure functions of a seed, so they are easy to test) and
 * rasterised to PNG by sharp. They contain shapes only, no text: text would depend on the fonts
 * installed on the machine, which would make the output differ between machines.
 */
import sharp from 'sharp';
import { mulberry32, pick, type Rng, randFloat, randInt, shuffle } from './prng.ts';

export const IMAGE_SIZE = 640;
const S = IMAGE_SIZE;

// ---------------------------------------------------------------------------------------------
// Colour helpers
// ---------------------------------------------------------------------------------------------

/** HSL → #rrggbb. Hex is used because every SVG renderer parses it the same way. */
export function hsl(hue: number, saturation: number, lightness: number): string {
  const h = (((hue % 360) + 360) % 360) / 360;
  const s = Math.min(1, Math.max(0, saturation));
  const l = Math.min(1, Math.max(0, lightness));
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t0: number) => {
    const t = t0 < 0 ? t0 + 1 : t0 > 1 ? t0 - 1 : t0;
    const v =
      t < 1 / 6
        ? p + (q - p) * 6 * t
        : t < 1 / 2
          ? q
          : t < 2 / 3
            ? p + (q - p) * (2 / 3 - t) * 6
            : p;
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(h + 1 / 3)}${channel(h)}${channel(h - 1 / 3)}`;
}

interface Palette {
  background: [string, string];
  colors: string[];
  ink: string;
}

/** A harmonious palette around a random base hue (analogous plus one complementary accent). */
function makePalette(rng: Rng): Palette {
  const base = rng() * 360;
  const scheme = pick(rng, [
    [0, 30, 60, 180],
    [0, 150, 210, 30],
    [0, 120, 240, 60],
    [0, 20, -20, 200],
  ] as const);
  const dark = rng() < 0.5;
  const colors = scheme.map((offset, i) =>
    hsl(base + offset, randFloat(rng, 0.5, 0.85), dark ? 0.45 + i * 0.08 : 0.35 + i * 0.1),
  );
  return {
    background: dark
      ? [hsl(base + 200, 0.45, 0.12), hsl(base + 240, 0.5, 0.24)]
      : [hsl(base + 40, 0.6, 0.86), hsl(base - 20, 0.55, 0.7)],
    colors,
    ink: dark ? hsl(base + 30, 0.3, 0.92) : hsl(base + 200, 0.5, 0.15),
  };
}

function round(n: number): string {
  return (Math.round(n * 10) / 10).toString();
}

function svgDocument(defs: string, body: string): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}">`,
    `<defs>${defs}</defs>`,
    body,
    '</svg>',
  ].join('');
}

function linearGradient(id: string, [from, to]: [string, string], angle: number): string {
  const rad = (angle * Math.PI) / 180;
  const x = Math.cos(rad) * 0.5;
  const y = Math.sin(rad) * 0.5;
  return (
    `<linearGradient id="${id}" x1="${round(0.5 - x)}" y1="${round(0.5 - y)}" ` +
    `x2="${round(0.5 + x)}" y2="${round(0.5 + y)}">` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`
  );
}

// ---------------------------------------------------------------------------------------------
// Portraits
// ---------------------------------------------------------------------------------------------

type Backdrop = (rng: Rng, palette: Palette) => string;

const BACKDROPS: Backdrop[] = [
  // Concentric rings behind the head, like a halo.
  (rng, p) =>
    Array.from({ length: randInt(rng, 4, 8) }, (_, i) => {
      const r = 60 + i * randFloat(rng, 38, 55);
      return `<circle cx="320" cy="270" r="${round(r)}" fill="none" stroke="${p.colors[i % p.colors.length]}" stroke-width="${round(randFloat(rng, 6, 22))}" opacity="0.55"/>`;
    }).join(''),
  // Sun rays.
  (rng, p) => {
    const count = randInt(rng, 10, 22);
    const turn = rng() * 360;
    return Array.from({ length: count }, (_, i) => {
      const a = ((turn + (i * 360) / count) * Math.PI) / 180;
      const b = a + Math.PI / count;
      const pts = [
        [320, 270],
        [320 + 700 * Math.cos(a), 270 + 700 * Math.sin(a)],
        [320 + 700 * Math.cos(b), 270 + 700 * Math.sin(b)],
      ];
      return `<polygon points="${pts.map(([x, y]) => `${round(x!)},${round(y!)}`).join(' ')}" fill="${p.colors[i % 2]}" opacity="0.35"/>`;
    }).join('');
  },
  // Scattered dots of varying size.
  (rng, p) =>
    Array.from(
      { length: randInt(rng, 18, 40) },
      () =>
        `<circle cx="${round(rng() * S)}" cy="${round(rng() * S)}" r="${round(randFloat(rng, 8, 60))}" fill="${pick(rng, p.colors)}" opacity="${round(randFloat(rng, 0.25, 0.7))}"/>`,
    ).join(''),
  // Diagonal stripes.
  (rng, p) => {
    const width = randInt(rng, 24, 70);
    const angle = pick(rng, [-45, -30, 30, 45, 60]);
    const stripes = Array.from({ length: Math.ceil((S * 2) / width) }, (_, i) =>
      i % 2 === 0
        ? `<rect x="${-S / 2 + i * width}" y="${-S / 2}" width="${width}" height="${S * 2}" fill="${p.colors[(i / 2) % p.colors.length]}" opacity="0.4"/>`
        : '',
    ).join('');
    return `<g transform="rotate(${angle} 320 320)">${stripes}</g>`;
  },
  // Big soft blobs.
  (rng, p) =>
    Array.from({ length: randInt(rng, 3, 5) }, (_, i) => {
      const rx = randFloat(rng, 120, 260);
      const ry = randFloat(rng, 100, 240);
      return `<ellipse cx="${round(rng() * S)}" cy="${round(rng() * S)}" rx="${round(rx)}" ry="${round(ry)}" fill="${p.colors[i % p.colors.length]}" opacity="0.5" transform="rotate(${randInt(rng, 0, 180)} 320 320)"/>`;
    }).join(''),
];

export const BACKDROP_COUNT = BACKDROPS.length;

/** SVG for an abstract artist portrait: a backdrop pattern and a stylised head-and-shoulders. */
export function portraitSvg(seed: number, variant: number): string {
  const rng = mulberry32(seed);
  const palette = makePalette(rng);
  const backdrop = BACKDROPS[variant % BACKDROPS.length]!(rng, palette);
  const headR = randFloat(rng, 82, 112);
  const headY = randFloat(rng, 280, 305);
  const shoulderW = randFloat(rng, 190, 250);
  const tilt = randFloat(rng, -5, 5);
  const figure = pick(rng, palette.colors.slice(1));
  const accent = palette.colors[0]!;
  const hair = pick(rng, ['none', 'cap', 'long', 'bun'] as const);
  const neckW = headR * 0.6;
  const hairSvg = {
    none: '',
    cap: `<circle cx="320" cy="${round(headY - headR * 0.14)}" r="${round(headR * 1.1)}" fill="${accent}"/>`,
    long: `<rect x="${round(320 - headR * 1.15)}" y="${round(headY - headR * 1.2)}" width="${round(headR * 2.3)}" height="${round(headR * 2.6)}" rx="${round(headR * 1.1)}" fill="${accent}"/>`,
    bun: `<circle cx="320" cy="${round(headY - headR * 1.05)}" r="${round(headR * 0.45)}" fill="${accent}"/>`,
  }[hair];
  // Drawn back to front: hair, neck, shoulders (hiding the neck's base), then the face.
  const figureSvg = [
    `<g transform="rotate(${round(tilt)} 320 640)">`,
    hairSvg,
    `<rect x="${round(320 - neckW / 2)}" y="${round(headY)}" width="${round(neckW)}" height="${round(520 - headY)}" fill="${figure}"/>`,
    `<rect x="${round(320 - neckW / 2)}" y="${round(headY)}" width="${round(neckW)}" height="${round(520 - headY)}" fill="#000" opacity="0.25"/>`,
    `<ellipse cx="320" cy="660" rx="${round(shoulderW)}" ry="235" fill="url(#fig)"/>`,
    `<circle cx="320" cy="${round(headY)}" r="${round(headR)}" fill="url(#fig)"/>`,
    '</g>',
  ].join('');
  const defs =
    linearGradient('bg', palette.background, randInt(rng, 0, 360)) +
    linearGradient('fig', [figure, palette.ink], 90) +
    `<radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></radialGradient>`;
  return svgDocument(
    defs,
    `<rect width="${S}" height="${S}" fill="url(#bg)"/>${backdrop}${figureSvg}<rect width="${S}" height="${S}" fill="url(#vignette)"/>`,
  );
}

// ---------------------------------------------------------------------------------------------
// Covers
// ---------------------------------------------------------------------------------------------

type CoverStyle = (rng: Rng, palette: Palette) => string;

const COVER_STYLES: CoverStyle[] = [
  // Retro sunset: a striped sun over layered hills.
  (rng, p) => {
    const sunY = randFloat(rng, 250, 330);
    const bands = Array.from(
      { length: 6 },
      (_, i) =>
        `<rect x="0" y="${round(sunY + 20 + i * 24)}" width="${S}" height="${round(4 + i * 3)}" fill="url(#bg)"/>`,
    ).join('');
    const hills = [0, 1, 2]
      .map((i) => {
        const base = 430 + i * 70;
        const pts = Array.from({ length: 9 }, (_, k) => `${k * 80},${round(base - rng() * 90)}`);
        return `<polygon points="0,${S} ${pts.join(' ')} ${S},${S}" fill="${p.colors[(i + 1) % p.colors.length]}" opacity="${0.7 + i * 0.1}"/>`;
      })
      .join('');
    return `<circle cx="320" cy="${round(sunY)}" r="170" fill="${p.colors[0]}"/>${bands}${hills}`;
  },
  // Grid of circles and squares.
  (rng, p) => {
    const n = randInt(rng, 4, 7);
    const cell = S / n;
    let out = '';
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        const c = pick(rng, p.colors);
        const cx = x * cell + cell / 2;
        const cy = y * cell + cell / 2;
        const r = cell * randFloat(rng, 0.22, 0.46);
        out +=
          rng() < 0.55
            ? `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" fill="${c}"/>`
            : `<rect x="${round(cx - r)}" y="${round(cy - r)}" width="${round(2 * r)}" height="${round(2 * r)}" fill="${c}" transform="rotate(${randInt(rng, 0, 3) * 15} ${round(cx)} ${round(cy)})"/>`;
      }
    }
    return out;
  },
  // Off-centre concentric rings.
  (rng, p) => {
    const cx = randFloat(rng, 180, 460);
    const cy = randFloat(rng, 180, 460);
    return Array.from({ length: 12 }, (_, i) => {
      const r = 460 - i * 36;
      return `<circle cx="${round(cx)}" cy="${round(cy)}" r="${r}" fill="${p.colors[i % p.colors.length]}" opacity="${i % 2 === 0 ? 0.95 : 0.6}"/>`;
    }).join('');
  },
  // Stacked waves.
  (rng, p) => {
    const layers = randInt(rng, 5, 8);
    return Array.from({ length: layers }, (_, i) => {
      const base = 120 + (i * (S - 120)) / layers;
      const amp = randFloat(rng, 20, 60);
      const freq = randFloat(rng, 1, 3);
      const phase = rng() * Math.PI * 2;
      const pts: string[] = [];
      for (let x = 0; x <= S; x += 20) {
        const y = base + amp * Math.sin(phase + (x / S) * Math.PI * 2 * freq);
        pts.push(`${x},${round(y)}`);
      }
      return `<polygon points="0,${S} ${pts.join(' ')} ${S},${S}" fill="${p.colors[i % p.colors.length]}" opacity="0.85"/>`;
    }).join('');
  },
  // Triangle mosaic.
  (rng, p) => {
    const n = randInt(rng, 5, 8);
    const cell = S / n;
    let out = '';
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        const x0 = round(x * cell);
        const y0 = round(y * cell);
        const x1 = round((x + 1) * cell);
        const y1 = round((y + 1) * cell);
        const flip = rng() < 0.5;
        const a = flip
          ? `${x0},${y0} ${x1},${y0} ${x0},${y1}`
          : `${x0},${y0} ${x1},${y0} ${x1},${y1}`;
        const b = flip
          ? `${x1},${y0} ${x1},${y1} ${x0},${y1}`
          : `${x0},${y0} ${x1},${y1} ${x0},${y1}`;
        out += `<polygon points="${a}" fill="${pick(rng, p.colors)}"/><polygon points="${b}" fill="${pick(rng, p.colors)}" opacity="0.8"/>`;
      }
    }
    return out;
  },
  // Bauhaus composition: quarter circles, bars and a dot.
  (rng, p) => {
    const c = shuffle(rng, p.colors);
    const q = randInt(rng, 0, 3) * 90;
    return [
      `<path d="M0,0 L400,0 A400,400 0 0 1 0,400 Z" fill="${c[0]}" transform="rotate(${q} 320 320)"/>`,
      `<rect x="${randInt(rng, 60, 360)}" y="${randInt(rng, 300, 420)}" width="${randInt(rng, 180, 300)}" height="${randInt(rng, 50, 110)}" fill="${c[1]}"/>`,
      `<path d="M640,640 L640,${randInt(rng, 340, 420)} A260,260 0 0 0 ${randInt(rng, 340, 420)},640 Z" fill="${c[2]}"/>`,
      `<circle cx="${randInt(rng, 380, 520)}" cy="${randInt(rng, 110, 240)}" r="${randInt(rng, 40, 90)}" fill="${c[3]}"/>`,
      `<rect x="${randInt(rng, 60, 160)}" y="${randInt(rng, 420, 520)}" width="18" height="${randInt(rng, 90, 160)}" fill="${p.ink}"/>`,
    ].join('');
  },
  // Diagonal bars of varying width.
  (rng, p) => {
    let x = -S;
    let out = '';
    let i = 0;
    while (x < S * 2) {
      const w = randInt(rng, 20, 90);
      out += `<rect x="${x}" y="${-S}" width="${w}" height="${S * 3}" fill="${p.colors[i % p.colors.length]}" opacity="${round(randFloat(rng, 0.5, 1))}"/>`;
      x += w + randInt(rng, 10, 60);
      i++;
    }
    return `<g transform="rotate(${pick(rng, [30, 45, -30, -45])} 320 320)">${out}</g>`;
  },
];

export const COVER_STYLE_COUNT = COVER_STYLES.length;

/** SVG for a cover; `style` picks the composition so covers in one catalog can all differ. */
export function coverSvg(seed: number, style: number): string {
  const rng = mulberry32(seed);
  const palette = makePalette(rng);
  const body = COVER_STYLES[style % COVER_STYLES.length]!(rng, palette);
  const defs =
    linearGradient('bg', palette.background, randInt(rng, 0, 360)) +
    `<radialGradient id="sheen" cx="0.3" cy="0.25" r="0.9"><stop offset="0" stop-color="#fff" stop-opacity="0.18"/><stop offset="1" stop-color="#000" stop-opacity="0.25"/></radialGradient>`;
  // A thin inner frame gives the square the feel of a printed sleeve.
  const frame = `<rect x="24" y="24" width="${S - 48}" height="${S - 48}" fill="none" stroke="${palette.ink}" stroke-opacity="0.35" stroke-width="3"/>`;
  return svgDocument(
    defs,
    `<rect width="${S}" height="${S}" fill="url(#bg)"/>${body}<rect width="${S}" height="${S}" fill="url(#sheen)"/>${frame}`,
  );
}

/** Rasterises SVG to PNG. */
export async function svgToPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}

export function renderPortrait(seed: number, variant: number): Promise<Buffer> {
  return svgToPng(portraitSvg(seed, variant));
}

export function renderCover(seed: number, style: number): Promise<Buffer> {
  return svgToPng(coverSvg(seed, style));
}
