/**
 * Draws demo photos and avatars as SVG (rendered by sharp). Digits are drawn
 * as seven-segment shapes so the pictures need no fonts on the machine.
 */

const SEGMENTS: Record<string, string> = {
  "0": "abcdef",
  "1": "bc",
  "2": "abdeg",
  "3": "abcdg",
  "4": "bcfg",
  "5": "acdfg",
  "6": "acdefg",
  "7": "abc",
  "8": "abcdefg",
  "9": "abcdfg",
};

function digitShapes(digit: string, x: number, y: number, size: number, fill: string): string {
  const w = size * 0.6;
  const h = size;
  const t = size * 0.13;
  const half = h / 2;
  const rects: Record<string, [number, number, number, number]> = {
    a: [x + t, y, w - 2 * t, t],
    b: [x + w - t, y + t, t, half - 1.5 * t],
    c: [x + w - t, y + half + 0.5 * t, t, half - 1.5 * t],
    d: [x + t, y + h - t, w - 2 * t, t],
    e: [x, y + half + 0.5 * t, t, half - 1.5 * t],
    f: [x, y + t, t, half - 1.5 * t],
    g: [x + t, y + half - t / 2, w - 2 * t, t],
  };
  return [...(SEGMENTS[digit] ?? "")]
    .map((s) => {
      const [rx, ry, rw, rh] = rects[s]!;
      return `<rect x="${rx.toFixed(1)}" y="${ry.toFixed(1)}" width="${rw.toFixed(1)}" height="${rh.toFixed(1)}" rx="${(t / 3).toFixed(1)}" fill="${fill}"/>`;
    })
    .join("");
}

export function numberShapes(value: number, x: number, y: number, size: number, fill: string): string {
  const text = String(value);
  const advance = size * 0.78;
  return [...text].map((d, i) => digitShapes(d, x + i * advance, y, size, fill)).join("");
}

export function numberWidth(value: number, size: number): number {
  return String(value).length * size * 0.78 - size * 0.18;
}

/** A photo of Jimmy #serial somewhere: sky, hills, sun and the figurine with its tag. */
export function discoveryPictureSvg(options: { serial: number; hue: number; variant: number; width?: number; height?: number }): string {
  const { serial, hue, variant } = options;
  const W = options.width ?? 1200;
  const H = options.height ?? 900;
  const sky1 = `hsl(${hue}, 70%, 78%)`;
  const sky2 = `hsl(${(hue + 40) % 360}, 65%, 92%)`;
  const hill1 = `hsl(${(hue + 120) % 360}, 35%, 42%)`;
  const hill2 = `hsl(${(hue + 150) % 360}, 40%, 30%)`;
  const sunX = 180 + ((variant * 137) % (W - 360));
  const figureX = W * (0.35 + ((variant * 53) % 30) / 100);
  const ground = H * 0.68;
  const tagSize = 70;
  const tagW = numberWidth(serial, tagSize) + 60;
  const body = `hsl(${(hue + 200) % 360}, 55%, 45%)`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky1}"/><stop offset="1" stop-color="${sky2}"/></linearGradient>
    <radialGradient id="sun"><stop offset="0" stop-color="#fff7cc"/><stop offset="1" stop-color="#ffd36b"/></radialGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <circle cx="${sunX}" cy="${H * 0.2}" r="${H * 0.09}" fill="url(#sun)"/>
  <path d="M0 ${ground} Q ${W * 0.25} ${ground - 160} ${W * 0.5} ${ground - 40} T ${W} ${ground - 90} V ${H} H 0 Z" fill="${hill1}"/>
  <path d="M0 ${ground + 80} Q ${W * 0.4} ${ground - 20} ${W} ${ground + 60} V ${H} H 0 Z" fill="${hill2}"/>
  <g transform="translate(${figureX} ${ground - 40})">
    <ellipse cx="0" cy="250" rx="120" ry="22" fill="rgba(0,0,0,0.25)"/>
    <rect x="-70" y="40" width="140" height="200" rx="55" fill="${body}"/>
    <rect x="-110" y="70" width="45" height="120" rx="22" fill="${body}" transform="rotate(18 -88 80)"/>
    <rect x="65" y="70" width="45" height="120" rx="22" fill="${body}" transform="rotate(-18 88 80)"/>
    <circle cx="0" cy="-20" r="78" fill="#f3c89c"/>
    <path d="M-80 -45 Q 0 -140 80 -45 Q 40 -75 0 -70 Q -40 -75 -80 -45 Z" fill="#5b3a1e"/>
    <circle cx="-27" cy="-25" r="9" fill="#2b2b2b"/><circle cx="27" cy="-25" r="9" fill="#2b2b2b"/>
    <path d="M-30 12 Q 0 38 30 12" stroke="#2b2b2b" stroke-width="7" fill="none" stroke-linecap="round"/>
  </g>
  <g transform="translate(${W - tagW - 50} ${H - tagSize - 90})">
    <rect x="0" y="0" width="${tagW}" height="${tagSize + 50}" rx="18" fill="rgba(255,255,255,0.88)"/>
    ${numberShapes(serial, 30, 25, tagSize, "#7c2d12")}
  </g>
</svg>`;
}

/** A round avatar with a face in the hunter's colour. */
export function avatarSvg(hue: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <rect width="256" height="256" fill="hsl(${hue}, 60%, 70%)"/>
  <circle cx="128" cy="104" r="52" fill="hsl(${(hue + 20) % 360}, 35%, 88%)"/>
  <path d="M40 256 Q 128 140 216 256 Z" fill="hsl(${hue}, 45%, 38%)"/>
</svg>`;
}
