import zlib from "node:zlib";
import jsQR from "jsqr";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { parseLabelCode } from "~/lib/qr-code";
import { buildLabels, LABEL_INSTRUCTION, LABELS_PER_PAGE, renderLabelsPdf, renderLabelsSvg } from "./labels.server";
import { isValidCheck } from "./qr.server";

const secret = "label-test-secret-0123456789abcdef0123";
const publicUrl = new URL("https://hunt.example");

async function decodeFirstLabel(svg: string): Promise<string | null> {
  // Render the top-left label (sheet coordinates are points) the way a camera would see it.
  const page = sharp(Buffer.from(svg), { density: 100 });
  const perPoint = (await page.metadata()).width! / (8.5 * 72);
  const { data, info } = await page
    .extract({ left: 0, top: 0, width: Math.round(200 * perPoint), height: Math.round(110 * perPoint) })
    .flatten({ background: "#fff" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

describe("label sheets", () => {
  it("print a QR code that leads to the Jimmy's /q/ URL, with a check that verifies", async () => {
    const labels = buildLabels([4711], { secret, publicUrl });
    const svg = renderLabelsSvg(labels, "Jimmy Hunt");
    const url = await decodeFirstLabel(svg);
    expect(url).toBe(labels[0]!.url);
    const parsed = new URL(url!);
    expect(parsed.origin).toBe("https://hunt.example");
    const code = parseLabelCode(parsed.pathname.replace("/q/", ""));
    expect(code?.serial).toBe(4711);
    expect(isValidCheck(4711, code!.check, secret)).toBe(true);
    // The serial and check are printed for typing in by hand.
    expect(svg).toContain(">#4711<");
    expect(svg).toContain(`>Code ${code!.check}<`);
  });

  it("lay out a page per 30 labels in the PDF", () => {
    const serials = Array.from({ length: LABELS_PER_PAGE + 1 }, (_, i) => i + 1);
    const pdf = renderLabelsPdf(buildLabels(serials, { secret, publicUrl }), "Jimmy Hunt").toString("latin1");
    expect(pdf.startsWith("%PDF-1.4")).toBe(true);
    expect(pdf).toContain("/Count 2");
    expect(pdf.trimEnd().endsWith("%%EOF")).toBe(true);
    // Every object the cross-reference table names starts where it says.
    const start = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    const offsets = pdf
      .slice(start)
      .split("\n")
      .filter((line) => / 00000 n $/.test(line))
      .map((line) => Number(line.slice(0, 10)));
    offsets.forEach((offset, index) => expect(pdf.slice(offset, offset + 12)).toMatch(new RegExp(`^${index + 1} 0 obj`)));
  });

  it("print, for a finder whose camera cannot read the QR code, where to type the number and code: in the SVG and in the PDF's text", () => {
    const labels = buildLabels([4711, 4712], { secret, publicUrl: new URL("https://hunt.example:8443/anything") });
    const svg = renderLabelsSvg(labels, "Jimmy Hunt");
    expect(svg).toContain(`>${LABEL_INSTRUCTION}<`);
    expect(svg).toContain(">hunt.example:8443/scan<");
    const pdf = renderLabelsPdf(labels, "Jimmy Hunt").toString("latin1");
    // The page's drawing is a deflated stream: the text a PDF reader extracts is in its Tj strings.
    const streams = [...pdf.matchAll(/stream\n([\s\S]*?)\nendstream/g)].map((match) =>
      zlib.inflateSync(Buffer.from(match[1]!, "latin1")).toString("latin1"),
    );
    const printed = streams.flatMap((stream) => [...stream.matchAll(/\((.*?)\) Tj/g)].map((match) => match[1]));
    for (const label of labels) {
      expect(printed).toEqual(expect.arrayContaining([`#${label.serial}`, `Code ${label.check}`]));
    }
    expect(printed.filter((text) => text === "hunt.example:8443/scan")).toHaveLength(2);
    expect(printed.filter((text) => text === LABEL_INSTRUCTION)).toHaveLength(2);
  });
});
