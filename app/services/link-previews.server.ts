/**
 * The images link previews show (issue 24, item 2): JPEGs of 1200×630, the
 * size the big link-preview scrapers ask for. A discovery's is its own
 * photo, cropped to fit, made once and kept beside the photo's variants
 * (so it goes when the photo goes); a page without a photo gets a card
 * drawn once on the hunt's colours and kept under a key made from what it
 * shows.
 */
import crypto from "node:crypto";
import sharp from "sharp";
import type { Storage } from "~/infra/storage.server";
import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from "~/lib/link-preview";
import { previewKey, variantKey } from "./images.server";

const JPEG = { quality: 82, mozjpeg: true } as const;

/** The preview of a stored photo: made from its largest variant the first time it is asked for. Null when the photo is gone. */
export async function photoPreview(storage: Storage, photo: { key: string; variants: number[] }): Promise<Buffer | null> {
  const key = previewKey(photo.key);
  const stored = await readAll(storage, key);
  if (stored) return stored;
  const largest = Math.max(...photo.variants);
  const source = await readAll(storage, variantKey(photo.key, largest));
  if (!source) return null;
  const preview = await sharp(source).resize(PREVIEW_WIDTH, PREVIEW_HEIGHT, { fit: "cover", position: "attention" }).jpeg(JPEG).toBuffer();
  await storage.put(key, preview, "image/jpeg");
  return preview;
}

export type PreviewCard = { title: string; subtitle: string; footer: string };

/** A card with the hunt's logo, a title, a line under it and a footer, drawn once for what it says. */
export async function cardPreview(storage: Storage, card: PreviewCard): Promise<Buffer> {
  const svg = cardSvg(card);
  const key = `previews/${crypto.createHash("sha256").update(svg).digest("hex").slice(0, 32)}.jpg`;
  const stored = await readAll(storage, key);
  if (stored) return stored;
  const image = await sharp(Buffer.from(svg)).jpeg(JPEG).toBuffer();
  await storage.put(key, image, "image/jpeg");
  return image;
}

async function readAll(storage: Storage, key: string): Promise<Buffer | null> {
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

/** Cut to `max` characters at a word where possible, with an ellipsis. */
function fit(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

/** The hunt's logo (public/logo.svg), drawn large. */
const LOGO = `<g transform="translate(96 150) scale(5)">
  <circle cx="32" cy="32" r="32" fill="#ffedd5"/>
  <rect x="20" y="36" width="24" height="22" rx="10" fill="#7c2d12"/>
  <circle cx="32" cy="27" r="13" fill="#fde6cf"/>
  <path d="M18.5 24c2-9 25-9 27 0-4-3-8-4-13.5-4s-9.5 1-13.5 4Z" fill="#5b3a1e"/>
  <circle cx="27.5" cy="26.5" r="1.8" fill="#292524"/>
  <circle cx="36.5" cy="26.5" r="1.8" fill="#292524"/>
  <path d="M27 32c2.8 2.6 7.2 2.6 10 0" stroke="#292524" stroke-width="1.8" fill="none" stroke-linecap="round"/>
</g>`;

/** Room for the title and subtitle, right of the logo. */
const TEXT_WIDTH = 650;

/** The largest font size (up to `max`) at which `text` fits TEXT_WIDTH, for glyphs about `em` of the size wide on average. */
const sizeToFit = (text: string, max: number, em: number) => Math.min(max, Math.floor(TEXT_WIDTH / (Math.max(text.length, 1) * em)));

export function cardSvg(card: PreviewCard): string {
  const font = "DejaVu Sans, Liberation Sans, Arial, sans-serif";
  const title = fit(card.title, 20);
  const subtitle = fit(card.subtitle, 40);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" viewBox="0 0 ${PREVIEW_WIDTH} ${PREVIEW_HEIGHT}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f97316"/><stop offset="1" stop-color="#c2410c"/></linearGradient></defs>
  <rect width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" fill="url(#bg)"/>
  ${LOGO}
  <g font-family="${font}" fill="#ffffff">
    <text x="480" y="270" font-size="${sizeToFit(title, 88, 0.72)}" font-weight="bold">${escapeXml(title)}</text>
    <text x="480" y="350" font-size="${sizeToFit(subtitle, 38, 0.56)}" fill="#ffedd5">${escapeXml(subtitle)}</text>
    <text x="96" y="560" font-size="32" font-weight="bold">${escapeXml(fit(card.footer, 60))}</text>
  </g>
</svg>`;
}
