/**
 * A map tile server on loopback for the browser tests: /map's pan-and-zoom
 * map loads its tiles from here (MAP_TILE_URL), never from the internet. It
 * answers any /{z}/{x}/{y}.png with a real 256 px PNG that shows a grid and
 * the tile's address, so a screenshot shows which tiles the map asked for;
 * anything else is a 404.
 */
import http from "node:http";
import sharp from "sharp";

export const TILE_ATTRIBUTION = "Test tiles on loopback";

const TILE_PATH = /^\/(\d{1,2})\/(\d{1,7})\/(\d{1,7})\.png$/;

function tileSvg(z: string, x: string, y: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
<rect width="256" height="256" fill="#e7f0e0" stroke="#b6c8a8" stroke-width="2"/>
<path d="M0 128H256M128 0V256" stroke="#cddbc2" stroke-width="1"/>
<text x="128" y="134" font-family="sans-serif" font-size="18" fill="#6b7f5c" text-anchor="middle">${z}/${x}/${y}</text>
</svg>`;
}

export async function startTileServer(port: number): Promise<{ urlTemplate: string; close(): Promise<void> }> {
  const drawn = new Map<string, Promise<Buffer>>();
  const server = http.createServer((request, response) => {
    const match = TILE_PATH.exec(new URL(request.url ?? "/", "http://tiles").pathname);
    if (request.method !== "GET" || !match) {
      response.writeHead(404, { "Content-Type": "text/plain" }).end("Not a tile");
      return;
    }
    const [, z, x, y] = match as unknown as [string, string, string, string];
    const key = `${z}/${x}/${y}`;
    let png = drawn.get(key);
    if (!png) {
      png = sharp(Buffer.from(tileSvg(z, x, y)))
        .png()
        .toBuffer();
      drawn.set(key, png);
    }
    png.then(
      (body) => response.writeHead(200, { "Content-Type": "image/png", "Cache-Control": "no-store" }).end(body),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    urlTemplate: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
