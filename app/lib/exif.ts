/**
 * Reads the GPS position and orientation from a JPEG's EXIF block, in the
 * browser, before the photo is downscaled (re-encoding drops the metadata).
 * A small parser of the TIFF structure: no library, no network.
 */
export type ExifFacts = { latitude: number | null; longitude: number | null; orientation: number | null };

const NONE: ExifFacts = { latitude: null, longitude: null, orientation: null };

export function readExif(buffer: ArrayBuffer): ExifFacts {
  try {
    return parse(new DataView(buffer));
  } catch {
    return NONE;
  }
}

function parse(view: DataView): ExifFacts {
  if (view.byteLength < 4 || view.getUint16(0) !== 0xffd8) return NONE;
  let offset = 2;
  while (offset + 4 <= view.byteLength) {
    const marker = view.getUint16(offset);
    if ((marker & 0xff00) !== 0xff00) return NONE;
    const length = view.getUint16(offset + 2);
    if (marker === 0xffe1 && view.getUint32(offset + 4) === 0x45786966 /* "Exif" */) {
      return parseTiff(view, offset + 10);
    }
    if (marker === 0xffda /* start of scan: no EXIF ahead */) return NONE;
    offset += 2 + length;
  }
  return NONE;
}

function parseTiff(view: DataView, start: number): ExifFacts {
  const little = view.getUint16(start) === 0x4949;
  const u16 = (at: number) => view.getUint16(start + at, little);
  const u32 = (at: number) => view.getUint32(start + at, little);
  if (u16(2) !== 42) return NONE;

  type Entry = { tag: number; type: number; count: number; valueAt: number };
  const entries = (ifd: number): Entry[] => {
    const count = u16(ifd);
    const list: Entry[] = [];
    for (let i = 0; i < count; i++) {
      const at = ifd + 2 + i * 12;
      const type = u16(at + 2);
      const n = u32(at + 4);
      const size = ({ 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 9: 4, 10: 8 } as Record<number, number>)[type] ?? 1;
      list.push({ tag: u16(at), type, count: n, valueAt: size * n > 4 ? u32(at + 8) : at + 8 });
    }
    return list;
  };

  const ifd0 = entries(u32(4));
  const orientationEntry = ifd0.find((e) => e.tag === 0x0112);
  const orientation = orientationEntry ? u16(orientationEntry.valueAt) : null;
  const gpsPointer = ifd0.find((e) => e.tag === 0x8825);
  if (!gpsPointer) return { latitude: null, longitude: null, orientation };

  const gps = entries(u32(gpsPointer.valueAt));
  const ascii = (tag: number) => {
    const e = gps.find((x) => x.tag === tag);
    return e ? String.fromCharCode(view.getUint8(start + e.valueAt)) : null;
  };
  const degrees = (tag: number) => {
    const e = gps.find((x) => x.tag === tag);
    if (!e || e.type !== 5 || e.count < 3) return null;
    const rational = (i: number) => {
      const den = u32(e.valueAt + i * 8 + 4);
      return den === 0 ? NaN : u32(e.valueAt + i * 8) / den;
    };
    const value = rational(0) + rational(1) / 60 + rational(2) / 3600;
    return Number.isFinite(value) ? value : null;
  };
  const lat = degrees(0x0002);
  const lng = degrees(0x0004);
  const latRef = ascii(0x0001);
  const lngRef = ascii(0x0003);
  const latitude = lat === null ? null : latRef === "S" ? -lat : lat;
  const longitude = lng === null ? null : lngRef === "W" ? -lng : lng;
  const valid = latitude !== null && longitude !== null && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
  return { latitude: valid ? round6(latitude) : null, longitude: valid ? round6(longitude) : null, orientation };
}

function round6(n: number) {
  return Math.round(n * 1e6) / 1e6;
}
