/**
 * Random and adversarial request bodies for the parser fuzz tests: seeded,
 * so a failure names the case that reproduces it.
 */

/** A small seeded generator (mulberry32): the same seed gives the same bodies. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const bytes = (length: number) => Uint8Array.from({ length }, () => int(256));
  return { next, int, pick, bytes };
}

type Random = ReturnType<typeof random>;

export type FuzzBody = { what: string; contentType: string; body: Uint8Array<ArrayBuffer> };

const FILENAMES = [
  "IMG=1234.jpg",
  "a;b.jpg",
  'quote"d.jpg',
  "back\\slash.jpg",
  "../../etc/passwd",
  "été.jpg",
  "名前.jpg",
  "\u202Egpj.exe",
  "nul\u0000byte.jpg",
  "",
  " ",
  "x".repeat(5000),
  'semi;colon=equals;name="evil".jpg',
  "%00%2F.jpg",
];

const DISPOSITIONS = (filename: string) => [
  `form-data; name="photo"; filename="${filename}"`,
  `form-data; name="photo"; filename=${filename}`,
  `form-data; name="photo"; filename*=UTF-8''${encodeURIComponent(filename)}`,
  `form-data; name="photo"; filename*=bogus'xx'%ZZ%`,
  `form-data; name="photo"; filename="${filename}"; filename="${filename}"`,
  `form-data; name=photo`,
  `form-data; filename="${filename}"`,
  `form-data; name="${filename}"`,
  `attachment; name="photo"`,
  `form-data; name="photo"; filename`,
  `;;;==;"`,
];

const encoder = new TextEncoder();
const concat = (parts: (string | Uint8Array)[]) => {
  const encoded = parts.map((part) => (typeof part === "string" ? encoder.encode(part) : part));
  const out = new Uint8Array(encoded.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of encoded) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

function multipart(r: Random): FuzzBody {
  const boundary = r.pick(["----fuzz", "x", "a".repeat(70), "b".repeat(200), "with space", '"quoted"', "--", "é"]);
  const parts: (string | Uint8Array)[] = [];
  const count = r.pick([0, 1, 3, 10, 60, 400]);
  for (let i = 0; i < count; i++) {
    const filename = r.pick(FILENAMES);
    const disposition = r.next() < 0.5 ? r.pick(DISPOSITIONS(filename)) : `form-data; name="f${r.int(80)}"`;
    const headers = [`Content-Disposition: ${disposition}`];
    if (r.next() < 0.4)
      headers.push(
        `Content-Type: ${r.pick(["image/jpeg", "text/plain; charset=utf-16", "application/octet-stream", "", "image/svg+xml"])}`,
      );
    if (r.next() < 0.1) headers.push(`Content-Transfer-Encoding: ${r.pick(["base64", "quoted-printable", "7bit"])}`);
    if (r.next() < 0.05) headers.push(...Array.from({ length: 50 }, (_, j) => `X-H${j}: v`));
    // Many parts are short, as in a field flood; a few long ones test the per-field and per-file limits.
    const sizes = count > 50 ? [0, 1, 100] : [0, 1, 100, 4097, 30_000];
    const value = r.next() < 0.5 ? r.bytes(r.pick(sizes)) : "v".repeat(r.pick(sizes));
    parts.push(`--${boundary}${r.next() < 0.05 ? " " : ""}\r\n${headers.join(r.next() < 0.05 ? "\n" : "\r\n")}\r\n\r\n`, value, "\r\n");
  }
  if (r.next() < 0.7) parts.push(`--${boundary}--\r\n`);
  let body = concat(parts);
  let what = `multipart with ${count} parts, boundary ${JSON.stringify(boundary.slice(0, 12))}`;
  if (r.next() < 0.3 && body.length > 0) {
    body = body.subarray(0, r.int(body.length));
    what += ", cut off";
  }
  const contentType = r.pick([
    `multipart/form-data; boundary=${boundary}`,
    `multipart/form-data; boundary="${boundary}"`,
    `multipart/form-data; boundary=${boundary}; charset=utf-8`,
    "multipart/form-data",
    "multipart/form-data; boundary=",
    `multipart/mixed; boundary=${boundary}`,
  ]);
  return { what: `${what}, ${contentType}`, contentType, body };
}

function json(r: Random): FuzzBody {
  const samples = [
    "{}",
    "[]",
    "null",
    '"text"',
    "{",
    '{"jimmyId": 1e309}',
    `{"a": ${"[".repeat(5000)}${"]".repeat(5000)}}`,
    `{"caption": "${"\\u0000".repeat(100)}"}`,
    '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}',
    '{"latitude": "0x10", "longitude": "0b11"}',
    "\uFEFF{}",
    '{"a":1,"a":2}',
    `{"k": "${"x".repeat(70_000)}"}`,
  ];
  const choice = r.next();
  const body = choice < 0.7 ? encoder.encode(r.pick(samples)) : r.bytes(r.pick([0, 10, 1000, 70_000]));
  const contentType = r.pick(["application/json", "application/json; charset=utf-16", "text/plain", "application/json;;;"]);
  return { what: `JSON (${body.length} bytes), ${contentType}`, contentType, body };
}

function urlencoded(r: Random): FuzzBody {
  const samples = [
    "a=1&a=2",
    "%",
    "%zz=%",
    "=&=&=",
    "firstName=%00%01&lastName=%E2%80%AE",
    `caption=${"x".repeat(70_000)}`,
    Array.from({ length: 5000 }, (_, i) => `f${i}=1`).join("&"),
    "state=x&id_token=" + "e".repeat(5000),
  ];
  const body = r.next() < 0.7 ? encoder.encode(r.pick(samples)) : r.bytes(r.pick([0, 100, 70_000]));
  const contentType = r.pick(["application/x-www-form-urlencoded", "application/x-www-form-urlencoded; charset=latin1", "text/plain"]);
  return { what: `form (${body.length} bytes), ${contentType}`, contentType, body };
}

/** One random body: multipart, JSON or a plain form, about evenly. */
export function fuzzBody(r: Random): FuzzBody {
  const kind = r.next();
  return kind < 0.5 ? multipart(r) : kind < 0.75 ? json(r) : urlencoded(r);
}
