/**
 * Draws the marketing illustrations as hand-written SVG and renders them with sharp to
 * src/web/public/images/{name}.webp and .png (plus logo.gif). Same input, same bytes: no randomness, no
 * text (fonts differ between machines). Run: npx tsx scripts/build-images.ts
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { AgentId } from '../src/shared/agents.ts';

const OUT = join(import.meta.dirname, '../src/web/public/images');

type Palette = { light: string; dark: string; accent: string };

const PALETTES: Record<AgentId, Palette> = {
  alex: { light: '#818cf8', dark: '#3730a3', accent: '#c7d2fe' },
  jim: { light: '#2dd4bf', dark: '#115e59', accent: '#fde68a' },
  emma: { light: '#e879f9', dark: '#6b21a8', accent: '#fcd34d' },
  maya: { light: '#fbbf24', dark: '#b45309', accent: '#fff7ed' },
  david: { light: '#60a5fa', dark: '#1e40af', accent: '#fde047' },
  sofia: { light: '#34d399', dark: '#065f46', accent: '#a7f3d0' },
};

/** `scale` renders the drawing smaller than its coordinate space (soft backgrounds need few pixels). */
const svg = (width: number, height: number, body: string, scale = 1) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width * scale}" height="${height * scale}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

/** A four-pointed sparkle centred on (x, y). */
const sparkle = (x: number, y: number, r: number, fill: string) =>
  `<path d="M${x} ${y - r}Q${x} ${y} ${x + r} ${y}Q${x} ${y} ${x} ${y + r}Q${x} ${y} ${x - r} ${y}Q${x} ${y} ${x} ${y - r}Z" fill="${fill}"/>`;

const MOTIFS: Record<AgentId, (p: Palette) => string> = {
  // Company Finder: a skyline of companies under a magnifying glass.
  alex: (p) => {
    const windows = [0, 1, 2, 3]
      .flatMap((row) =>
        [0, 1].map(
          (col) =>
            `<rect x="${196 + col * 22}" y="${142 + row * 30}" width="14" height="16" rx="3" fill="${p.dark}" fill-opacity="0.55"/>`,
        ),
      )
      .join('');
    return `
      <rect x="104" y="176" width="62" height="118" rx="10" fill="#fff" fill-opacity="0.7"/>
      <rect x="118" y="196" width="14" height="14" rx="3" fill="${p.dark}" fill-opacity="0.4"/>
      <rect x="138" y="196" width="14" height="14" rx="3" fill="${p.dark}" fill-opacity="0.4"/>
      <rect x="118" y="222" width="14" height="14" rx="3" fill="${p.dark}" fill-opacity="0.4"/>
      <rect x="138" y="222" width="14" height="14" rx="3" fill="${p.dark}" fill-opacity="0.4"/>
      <rect x="178" y="116" width="76" height="178" rx="10" fill="#fff"/>
      ${windows}
      <rect x="92" y="290" width="216" height="10" rx="5" fill="#fff" fill-opacity="0.85"/>
      <circle cx="268" cy="226" r="46" fill="${p.light}" fill-opacity="0.55" stroke="#fff" stroke-width="14"/>
      <path d="M300 258L330 288" stroke="#fff" stroke-width="18" stroke-linecap="round"/>
      ${sparkle(268, 226, 16, '#fff')}`;
  },
  // People Finder: a buying committee, one contact found with an e-mail.
  jim: (p) => `
      <circle cx="120" cy="186" r="28" fill="#fff" fill-opacity="0.55"/>
      <path d="M70 296a50 50 0 0 1 100 0z" fill="#fff" fill-opacity="0.55"/>
      <circle cx="280" cy="186" r="28" fill="#fff" fill-opacity="0.55"/>
      <path d="M230 296a50 50 0 0 1 100 0z" fill="#fff" fill-opacity="0.55"/>
      <circle cx="200" cy="160" r="42" fill="#fff"/>
      <path d="M128 296a72 72 0 0 1 144 0z" fill="#fff"/>
      <circle cx="272" cy="118" r="36" fill="${p.accent}" stroke="${p.dark}" stroke-width="6"/>
      <rect x="252" y="105" width="40" height="28" rx="5" fill="none" stroke="${p.dark}" stroke-width="5"/>
      <path d="M254 108l18 14 18-14" fill="none" stroke="${p.dark}" stroke-width="5" stroke-linejoin="round"/>`,
  // Sales Q&A: a question answered, with a citation chip.
  emma: (p) => `
      <rect x="156" y="98" width="150" height="96" rx="26" fill="#fff" fill-opacity="0.5"/>
      <path d="M270 190l26 28 -4 -30z" fill="#fff" fill-opacity="0.5"/>
      <circle cx="206" cy="138" r="7" fill="${p.dark}" fill-opacity="0.5"/>
      <circle cx="230" cy="138" r="7" fill="${p.dark}" fill-opacity="0.5"/>
      <circle cx="254" cy="138" r="7" fill="${p.dark}" fill-opacity="0.5"/>
      <rect x="92" y="164" width="196" height="124" rx="28" fill="#fff"/>
      <path d="M124 284l-12 36 44 -34z" fill="#fff"/>
      <rect x="120" y="196" width="128" height="12" rx="6" fill="${p.dark}" fill-opacity="0.75"/>
      <rect x="120" y="222" width="96" height="12" rx="6" fill="${p.dark}" fill-opacity="0.35"/>
      <rect x="120" y="248" width="72" height="12" rx="6" fill="${p.dark}" fill-opacity="0.35"/>
      <rect x="206" y="242" width="54" height="26" rx="13" fill="${p.accent}"/>
      <rect x="220" y="251" width="26" height="8" rx="4" fill="${p.dark}" fill-opacity="0.7"/>`,
  // RFP responses: a questionnaire with answered items.
  maya: (p) => {
    const tick = (cy: number) =>
      `<circle cx="150" cy="${cy}" r="14" fill="${p.dark}"/><path d="M143 ${cy}l5 5 9 -10" fill="none" stroke="#fff" stroke-width="4.5" stroke-linecap="round" stroke-linejoin="round"/>`;
    const line = (y: number, w: number) =>
      `<rect x="174" y="${y}" width="${w}" height="11" rx="5.5" fill="${p.dark}" fill-opacity="0.3"/>`;
    return `
      <rect x="128" y="92" width="160" height="206" rx="18" fill="#fff" fill-opacity="0.35" transform="rotate(9 208 195)"/>
      <rect x="120" y="96" width="160" height="206" rx="18" fill="#fff" fill-opacity="0.6" transform="rotate(4 200 199)"/>
      <rect x="112" y="100" width="164" height="210" rx="18" fill="#fff"/>
      ${tick(146)}${line(134, 78)}${line(152, 54)}
      ${tick(202)}${line(190, 70)}${line(208, 60)}
      <circle cx="150" cy="258" r="12" fill="none" stroke="${p.dark}" stroke-opacity="0.45" stroke-width="4"/>
      ${line(246, 74)}${line(264, 46)}
      ${sparkle(300, 112, 26, '#fff')}`;
  },
  // Document generation: an account plan being written.
  david: (p) => `
      <rect x="108" y="98" width="172" height="214" rx="18" fill="#fff"/>
      <rect x="132" y="126" width="92" height="16" rx="8" fill="${p.dark}" fill-opacity="0.85"/>
      <rect x="132" y="158" width="124" height="9" rx="4.5" fill="${p.dark}" fill-opacity="0.3"/>
      <rect x="132" y="177" width="108" height="9" rx="4.5" fill="${p.dark}" fill-opacity="0.3"/>
      <rect x="132" y="202" width="58" height="50" rx="9" fill="${p.light}"/>
      <path d="M142 240l12 -14 10 8 16 -20" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>
      <rect x="198" y="202" width="58" height="22" rx="6" fill="${p.dark}" fill-opacity="0.2"/>
      <rect x="198" y="230" width="58" height="22" rx="6" fill="${p.dark}" fill-opacity="0.2"/>
      <rect x="132" y="268" width="100" height="9" rx="4.5" fill="${p.dark}" fill-opacity="0.3"/>
      ${sparkle(298, 120, 34, p.accent)}
      ${sparkle(322, 178, 15, '#fff')}`,
  // Universal search: files in a folder, found.
  sofia: (p) => `
      <path d="M96 148a16 16 0 0 1 16 -16h54l20 22h104a16 16 0 0 1 16 16v112a16 16 0 0 1 -16 16h-178a16 16 0 0 1 -16 -16z" fill="#fff" fill-opacity="0.5"/>
      <rect x="124" y="150" width="120" height="84" rx="10" fill="#fff" fill-opacity="0.9" transform="rotate(-6 184 192)"/>
      <rect x="150" y="158" width="120" height="84" rx="10" fill="#fff" transform="rotate(5 210 200)"/>
      <rect x="96" y="186" width="218" height="112" rx="18" fill="#fff"/>
      <rect x="120" y="212" width="84" height="10" rx="5" fill="${p.dark}" fill-opacity="0.3"/>
      <rect x="120" y="232" width="60" height="10" rx="5" fill="${p.dark}" fill-opacity="0.3"/>
      <circle cx="262" cy="240" r="34" fill="${p.accent}" fill-opacity="0.6" stroke="${p.dark}" stroke-width="11"/>
      <path d="M287 265l26 26" stroke="${p.dark}" stroke-width="15" stroke-linecap="round"/>`,
};

/** One agent's square illustration; `prefix` keeps gradient ids unique when several are nested in one SVG. */
function agentBody(id: AgentId, prefix: string = id): string {
  const p = PALETTES[id];
  return `
    <defs>
      <linearGradient id="${prefix}-bg" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="${p.light}"/><stop offset="1" stop-color="${p.dark}"/>
      </linearGradient>
      <radialGradient id="${prefix}-glow" cx="0.28" cy="0.2" r="0.75">
        <stop offset="0" stop-color="#fff" stop-opacity="0.38"/><stop offset="1" stop-color="#fff" stop-opacity="0"/>
      </radialGradient>
      <pattern id="${prefix}-dots" width="24" height="24" patternUnits="userSpaceOnUse">
        <circle cx="3" cy="3" r="1.6" fill="#fff" fill-opacity="0.16"/>
      </pattern>
    </defs>
    <rect width="400" height="400" fill="url(#${prefix}-bg)"/>
    <rect width="400" height="400" fill="url(#${prefix}-dots)"/>
    <rect width="400" height="400" fill="url(#${prefix}-glow)"/>
    <circle cx="200" cy="205" r="150" fill="#fff" fill-opacity="0.08"/>
    <circle cx="200" cy="205" r="118" fill="#fff" fill-opacity="0.08"/>
    ${MOTIFS[id](p)}`;
}

const AGENT_IDS = Object.keys(PALETTES) as AgentId[];

const LOGO_PATH = 'M10 23V9h7a5 5 0 0 1 0 10h-3v4z';

/** The six agents around the copilot hub, joined by the hand-offs between them. */
function agentsGroup(): string {
  const [w, h, cx, cy] = [1200, 630, 600, 315];
  const nodes = AGENT_IDS.map((id, i) => {
    const angle = (Math.PI / 3) * i - Math.PI / 2 + Math.PI / 6;
    return { id, x: Math.round(cx + 400 * Math.cos(angle)), y: Math.round(cy + 205 * Math.sin(angle)) };
  });
  const ring = nodes
    .map((n, i) => {
      const next = nodes[(i + 1) % nodes.length] ?? n;
      return `<path d="M${n.x} ${n.y}L${next.x} ${next.y}" stroke="#a5b4fc" stroke-opacity="0.25" stroke-width="2" stroke-dasharray="6 10"/>`;
    })
    .join('');
  const spokes = nodes
    .map(
      (n) =>
        `<path d="M${cx} ${cy}L${n.x} ${n.y}" stroke="#c7d2fe" stroke-opacity="0.45" stroke-width="3" stroke-linecap="round"/>`,
    )
    .join('');
  const r = 84;
  const avatars = nodes
    .map(
      (n) => `
      <clipPath id="clip-${n.id}"><circle cx="${n.x}" cy="${n.y}" r="${r}"/></clipPath>
      <circle cx="${n.x}" cy="${n.y}" r="${r + 10}" fill="#fff" fill-opacity="0.08"/>
      <g clip-path="url(#clip-${n.id})">
        <svg x="${n.x - r}" y="${n.y - r}" width="${2 * r}" height="${2 * r}" viewBox="0 0 400 400">${agentBody(n.id, `g-${n.id}`)}</svg>
      </g>
      <circle cx="${n.x}" cy="${n.y}" r="${r}" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="3"/>`,
    )
    .join('');
  return svg(
    w,
    h,
    `<defs>
      <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#1e1b4b"/><stop offset="0.55" stop-color="#312e81"/><stop offset="1" stop-color="#4338ca"/>
      </linearGradient>
      <radialGradient id="halo" cx="0.5" cy="0.5" r="0.5">
        <stop offset="0" stop-color="#818cf8" stop-opacity="0.55"/><stop offset="1" stop-color="#818cf8" stop-opacity="0"/>
      </radialGradient>
      <pattern id="grid" width="40" height="40" patternUnits="userSpaceOnUse">
        <path d="M40 0H0V40" fill="none" stroke="#fff" stroke-opacity="0.05" stroke-width="1"/>
      </pattern>
    </defs>
    <rect width="${w}" height="${h}" fill="url(#sky)"/>
    <rect width="${w}" height="${h}" fill="url(#grid)"/>
    <circle cx="${cx}" cy="${cy}" r="260" fill="url(#halo)"/>
    ${ring}${spokes}
    <circle cx="${cx}" cy="${cy}" r="78" fill="#fff" fill-opacity="0.1"/>
    <g transform="translate(${cx - 48} ${cy - 48}) scale(3)">
      <rect width="32" height="32" rx="8" fill="#4f46e5"/>
      <path d="${LOGO_PATH}" fill="none" stroke="#fff" stroke-width="3" stroke-linejoin="round"/>
    </g>
    ${avatars}`,
  );
}

/** Soft colour fields and contour lines on a transparent ground, so it sits on light and dark cards alike. */
function abstractBackground(): string {
  const [w, h] = [1600, 1000];
  const blobs: readonly [number, number, number, string][] = [
    [360, 260, 560, '#6366f1'],
    [1280, 220, 500, '#a855f7'],
    [980, 900, 600, '#14b8a6'],
    [180, 920, 380, '#38bdf8'],
  ];
  const contours = [160, 250, 340, 430, 520, 610]
    .map(
      (r, i) =>
        `<ellipse cx="1180" cy="720" rx="${r * 1.5}" ry="${r}" fill="none" stroke="#6366f1" stroke-opacity="${(0.22 - i * 0.025).toFixed(3)}" stroke-width="2" transform="rotate(-18 1180 720)"/>`,
    )
    .join('');
  return svg(
    w,
    h,
    `<defs>
      ${blobs
        .map(
          ([, , , color], i) =>
            `<radialGradient id="blob${i}" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${color}" stop-opacity="0.5"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`,
        )
        .join('')}
      <pattern id="dots" width="32" height="32" patternUnits="userSpaceOnUse">
        <circle cx="4" cy="4" r="1.8" fill="#6366f1" fill-opacity="0.16"/>
      </pattern>
    </defs>
    ${blobs.map(([x, y, r], i) => `<circle cx="${x}" cy="${y}" r="${r}" fill="url(#blob${i})"/>`).join('')}
    <rect width="${w}" height="${h}" fill="url(#dots)"/>
    ${contours}`,
    0.5,
  );
}

/** Plan tiers as stacked layers: one, two and three. */
function pricingTier(tier: 1 | 2 | 3): string {
  const [from, to] = (
    {
      1: ['#a5b4fc', '#6366f1'],
      2: ['#818cf8', '#4f46e5'],
      3: ['#6366f1', '#312e81'],
    } as const
  )[tier];
  const ys = { 1: [206], 2: [236, 170], 3: [262, 200, 138] }[tier];
  const layers = ys
    .map((y, i) => {
      const top = i === ys.length - 1;
      return `
      <path d="M88 ${y}L200 ${y + 62}L312 ${y}V${y + 20}L200 ${y + 82}L88 ${y + 20}Z" fill="#fff" fill-opacity="${top ? 0.55 : 0.3}"/>
      <path d="M88 ${y}L200 ${y - 62}L312 ${y}L200 ${y + 62}Z" fill="#fff" fill-opacity="${top ? 1 : 0.5}"/>`;
    })
    .join('');
  return svg(
    400,
    400,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="400" height="400" rx="96" fill="url(#bg)"/>
    ${layers}`,
  );
}

function logo(size: number): string {
  return svg(
    size,
    size,
    `<g transform="scale(${size / 32})"><rect width="32" height="32" rx="8" fill="#4f46e5"/><path d="${LOGO_PATH}" fill="none" stroke="#fff" stroke-width="3" stroke-linejoin="round"/></g>`,
  );
}

async function render(name: string, source: string): Promise<void> {
  const input = Buffer.from(source);
  await Promise.all([
    sharp(input)
      .webp({ quality: 85, alphaQuality: 60, effort: 6 })
      .toFile(join(OUT, `${name}.webp`)),
    sharp(input)
      .png({ compressionLevel: 9, palette: true, quality: 90, effort: 10 })
      .toFile(join(OUT, `${name}.png`)),
  ]);
}

mkdirSync(OUT, { recursive: true });
const started = Date.now();
const drawings: readonly [string, string][] = [
  ...AGENT_IDS.map((id): [string, string] => [id, svg(400, 400, agentBody(id))]),
  ['agents', agentsGroup()],
  ['abstract', abstractBackground()],
  ['pricing-1', pricingTier(1)],
  ['pricing-2', pricingTier(2)],
  ['pricing-3', pricingTier(3)],
  ['logo', logo(128)],
];
for (const [name, source] of drawings) await render(name, source);
await sharp(Buffer.from(logo(128)))
  .gif({ effort: 10 })
  .toFile(join(OUT, 'logo.gif'));
console.log(`[images] ${drawings.length} illustrations in ${Date.now() - started} ms -> ${OUT}`);
