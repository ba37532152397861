// Minimal typings for the offline geography packages used by app/services/geo.server.ts.

declare module "pbf" {
  export default class Pbf {
    constructor(buffer: Uint8Array);
    pos: number;
    length: number;
    readMessage<T>(read: (tag: number, result: T, pbf: Pbf) => void, result: T): T;
    readString(): string;
    readVarint(): number;
    readSVarint(): number;
    skip(value: number): void;
  }
}

declare module "which-polygon" {
  type Properties = Record<string, unknown>;
  type FeatureCollection = {
    type: "FeatureCollection";
    features: { type: "Feature"; properties: Properties; geometry: unknown }[];
  };
  export default function whichPolygon<P extends Properties>(data: FeatureCollection): (point: [number, number]) => P | null;
}

declare module "topojson-client" {
  /** The lines shared by the object's shapes (with a filter: only those between two different ones), as a MultiLineString. */
  export function mesh(
    topology: unknown,
    object: unknown,
    filter?: (a: unknown, b: unknown) => boolean,
  ): { type: "MultiLineString"; coordinates: [number, number][][] };
  export function feature(
    topology: unknown,
    object: unknown,
  ): {
    type: "FeatureCollection";
    features: { type: "Feature"; id?: string | number; properties: Record<string, unknown>; geometry: unknown }[];
  };
}
