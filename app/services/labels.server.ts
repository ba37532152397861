import zlib from "node:zlib";
import QRCode from "qrcode";
import { env } from "~/infra/env.server";
import { labelCode, labelUrl } from "./qr.server";

/**
 * Printable label sheets. The layout is Avery 5160 / 8160 (US Letter,
 * 3 × 10 labels of 2⅝" × 1"); every label holds the QR code and, for a
 * finder whose camera cannot read it, the serial, the check code, one line
 * of instructions and the hunt's short address (host + "/scan") to type them
 * into. Everything is drawn as vector shapes so labels print sharp at any size.
 */
const PT = 72;
const PAGE = { width: 8.5 * PT, height: 11 * PT };
const GRID = { columns: 3, rows: 10, left: 0.1875 * PT, top: 0.5 * PT, pitchX: 2.75 * PT, pitchY: 1 * PT };
const LABEL = { width: 2.625 * PT, height: 1 * PT };
const QR_SIZE = 0.86 * PT;
const PADDING = 0.07 * PT;
export const LABELS_PER_PAGE = GRID.columns * GRID.rows;
/** The most serials one sheet request renders. */
export const MAX_LABELS = 1000;

/** The line printed above the address, for a finder without a working QR code. */
export const LABEL_INSTRUCTION = "Found me? Type my number and code at";

export type Label = { serial: number; code: string; check: string; url: string; scanAddress: string; modules: boolean[][] };

/** Where a finder types the code by hand: the hunt's host and /scan, short enough to read off a label. */
export function scanAddress(publicUrl: URL): string {
  return `${publicUrl.host}/scan`;
}

/** The text lines beside a label's QR code: [font, size, baseline from the label's top, text]. */
function labelLines(label: Label, huntName: string): [font: "regular" | "bold" | "mono", size: number, baseline: number, text: string][] {
  // Text column: the label's width less the QR code and three paddings (about 112 pt).
  const column = LABEL.width - QR_SIZE - 3 * PADDING;
  // Helvetica Bold averages about 0.6 em a character: a long host gets a smaller font, never a cut one.
  const addressSize = Math.min(8, Math.floor((column / (label.scanAddress.length * 0.6)) * 10) / 10);
  return [
    ["regular", 7, 12, huntName],
    ["bold", 14, 27, `#${label.serial}`],
    ["mono", 10, 40, `Code ${label.check}`],
    ["regular", 5.5, 52, LABEL_INSTRUCTION],
    ["bold", addressSize, 63, label.scanAddress],
  ];
}

export function buildLabels(serials: number[], options: { secret?: string; publicUrl?: URL } = {}): Label[] {
  const publicUrl = options.publicUrl ?? env().publicUrl;
  return serials.map((serial) => {
    const url = labelUrl(serial, { ...options, publicUrl });
    const code = labelCode(serial, options.secret);
    // M recovers from about 15% damage: a label can be scuffed and still scan.
    const qr = QRCode.create(url, { errorCorrectionLevel: "M" });
    const size = qr.modules.size;
    const modules = Array.from({ length: size }, (_, y) => Array.from({ length: size }, (_, x) => qr.modules.get(y, x) === 1));
    return { serial, code, check: code.slice(code.indexOf("-") + 1), url, scanAddress: scanAddress(publicUrl), modules };
  });
}

/** Dark modules as horizontal runs, [x, y, length], so a label needs a few hundred shapes rather than a thousand. */
function runs(modules: boolean[][]): [number, number, number][] {
  const out: [number, number, number][] = [];
  modules.forEach((row, y) => {
    let start = -1;
    row.forEach((dark, x) => {
      if (dark && start < 0) start = x;
      if ((!dark || x === row.length - 1) && start >= 0) {
        out.push([start, y, (dark ? x + 1 : x) - start]);
        start = -1;
      }
    });
  });
  return out;
}

function labelOrigin(index: number) {
  const slot = index % LABELS_PER_PAGE;
  return { x: GRID.left + (slot % GRID.columns) * GRID.pitchX, y: GRID.top + Math.floor(slot / GRID.columns) * GRID.pitchY };
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * One SVG in the Letter label layout, pages stacked one under another
 * (for editing or roll printers; print the PDF for sheets).
 */
export function renderLabelsSvg(labels: Label[], huntName: string): string {
  const pages = Math.max(1, Math.ceil(labels.length / LABELS_PER_PAGE));
  const height = PAGE.height * pages;
  const parts = labels.map((label, index) => {
    const page = Math.floor(index / LABELS_PER_PAGE);
    const { x, y } = labelOrigin(index);
    const top = y + page * PAGE.height;
    const size = label.modules.length;
    const scale = QR_SIZE / size;
    const path = runs(label.modules)
      .map(([mx, my, len]) => `M${mx} ${my}h${len}v1h-${len}z`)
      .join("");
    const textX = x + PADDING + QR_SIZE + PADDING;
    return [
      `<g data-serial="${label.serial}">`,
      `<rect x="${x}" y="${top}" width="${LABEL.width}" height="${LABEL.height}" rx="6" fill="#fff" stroke="#d6d3d1" stroke-width="0.5"/>`,
      `<path transform="translate(${x + PADDING} ${top + (LABEL.height - QR_SIZE) / 2}) scale(${scale})" d="${path}" fill="#000"/>`,
      ...labelLines(label, huntName).map(([font, size, baseline, text]) => {
        const family = font === "mono" ? "Courier, monospace" : "Helvetica, Arial, sans-serif";
        const weight = font === "regular" ? "" : ` font-weight="bold"`;
        return `<text x="${textX}" y="${top + baseline}" font-family="${family}" font-size="${size}"${weight} fill="#000">${escapeXml(text)}</text>`;
      }),
      `</g>`,
    ].join("");
  });
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE.width}pt" height="${height}pt" viewBox="0 0 ${PAGE.width} ${height}">`,
    `<title>${escapeXml(huntName)} labels #${labels[0]?.serial ?? ""}–#${labels[labels.length - 1]?.serial ?? ""}</title>`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    ...parts,
    `</svg>`,
  ].join("\n");
}

/** PDF text strings: Latin-1 with (, ) and \ escaped; anything else becomes "?". */
function pdfString(text: string): string {
  return `(${text.replace(/[^\x20-\x7e]/g, "?").replace(/([()\\])/g, "\\$1")})`;
}

const num = (n: number) => (Math.round(n * 1000) / 1000).toString();

/**
 * A PDF of Letter pages in the label layout. Written by hand (it needs only
 * filled rectangles and the standard Helvetica and Courier fonts), with each
 * page's drawing compressed.
 */
export function renderLabelsPdf(labels: Label[], huntName: string): Buffer {
  const pageCount = Math.max(1, Math.ceil(labels.length / LABELS_PER_PAGE));
  const objects: Buffer[] = [];
  const add = (body: string | Buffer) => {
    objects.push(typeof body === "string" ? Buffer.from(body, "latin1") : body);
    return objects.length;
  };
  const catalog = add("");
  const pagesId = add("");
  const helvetica = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const helveticaBold = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  const courier = add("<< /Type /Font /Subtype /Type1 /BaseFont /Courier-Bold /Encoding /WinAnsiEncoding >>");
  const pageIds: number[] = [];
  for (let page = 0; page < pageCount; page++) {
    const ops: string[] = [];
    labels.slice(page * LABELS_PER_PAGE, (page + 1) * LABELS_PER_PAGE).forEach((label, slot) => {
      const { x, y } = labelOrigin(slot);
      // PDF's origin is the bottom-left corner.
      const top = PAGE.height - y;
      const size = label.modules.length;
      const scale = QR_SIZE / size;
      const qrLeft = x + PADDING;
      const qrTop = top - (LABEL.height - QR_SIZE) / 2;
      ops.push("0 g");
      for (const [mx, my, len] of runs(label.modules)) {
        ops.push(`${num(qrLeft + mx * scale)} ${num(qrTop - (my + 1) * scale)} ${num(len * scale)} ${num(scale)} re`);
      }
      ops.push("f");
      const textX = num(qrLeft + QR_SIZE + PADDING);
      const fonts = { regular: "/F1", bold: "/F2", mono: "/F4" } as const;
      for (const [font, size, baseline, text] of labelLines(label, huntName)) {
        ops.push(`BT ${fonts[font]} ${num(size)} Tf ${textX} ${num(top - baseline)} Td ${pdfString(text)} Tj ET`);
      }
    });
    const stream = zlib.deflateSync(Buffer.from(ops.join("\n"), "latin1"));
    const content = add(
      Buffer.concat([
        Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, "latin1"),
        stream,
        Buffer.from("\nendstream", "latin1"),
      ]),
    );
    pageIds.push(
      add(
        `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Contents ${content} 0 R ` +
          `/Resources << /Font << /F1 ${helvetica} 0 R /F2 ${helveticaBold} 0 R /F4 ${courier} 0 R >> >> >>`,
      ),
    );
  }
  objects[catalog - 1] = Buffer.from(`<< /Type /Catalog /Pages ${pagesId} 0 R >>`, "latin1");
  objects[pagesId - 1] = Buffer.from(
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pageIds.length} >>`,
    "latin1",
  );
  const info = add(`<< /Title ${pdfString(`${huntName} labels`)} /Producer (Jimmy Hunt) >>`);

  const chunks: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let offset = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    const chunk = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`, "latin1"), body, Buffer.from("\nendobj\n", "latin1")]);
    offsets.push(offset);
    offset += chunk.length;
    chunks.push(chunk);
  });
  const xref = [
    "xref",
    `0 ${objects.length + 1}`,
    "0000000000 65535 f ",
    ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n `),
    "trailer",
    `<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>`,
    "startxref",
    String(offset),
    "%%EOF",
  ].join("\n");
  chunks.push(Buffer.from(`${xref}\n`, "latin1"));
  return Buffer.concat(chunks);
}
