import { deflateSync } from 'node:zlib';

/**
 * A small PNG encoder (RGB, 8-bit, no interlace) and the demo posters drawn with it: the picture
 * of the demo cartoon and of the playlists, made by the project itself.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** `rgb` holds width × height × 3 bytes, row by row. */
export function pngFile(width: number, height: number, rgb: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0; // filter: none
    Buffer.from(rgb.buffer, rgb.byteOffset + y * width * 3, width * 3).copy(
      raw,
      y * (width * 3 + 1) + 1,
    );
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export type Rgb = readonly [number, number, number];

/**
 * The demo cartoon's scene at time `t` seconds (0..1 of the way across): a sky, a hill, the sun
 * rising on an arc, a cloud drifting and a ball bouncing. The poster and every video frame
 * (make-video.ts) are drawn by this one function.
 */
export function drawScene(width: number, height: number, progress: number): Uint8Array {
  const rgb = new Uint8Array(width * height * 3);
  const sunX = width * (0.1 + 0.8 * progress);
  const sunY = height * (0.55 - 0.4 * Math.sin(Math.PI * progress));
  const sunR = height * 0.11;
  const cloudX = width * ((0.7 - 0.5 * progress + 1) % 1);
  const cloudY = height * 0.22;
  const ballX = width * (0.2 + 0.6 * progress);
  const bounce = Math.abs(Math.sin(progress * Math.PI * 4));
  const ballY = height * (0.78 - 0.3 * bounce);
  const ballR = height * 0.06;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const hill = height * (0.72 + 0.08 * Math.cos((x / width) * Math.PI * 2));
      let colour: Rgb;
      const sky = y / height;
      colour = [Math.round(90 + 80 * sky), Math.round(160 + 60 * sky), 235];
      if ((x - sunX) ** 2 + (y - sunY) ** 2 < sunR ** 2) colour = [255, 206, 60];
      const cloud =
        ((x - cloudX) / (width * 0.09)) ** 2 + ((y - cloudY) / (height * 0.06)) ** 2 < 1 ||
        ((x - cloudX - width * 0.06) / (width * 0.07)) ** 2 +
          ((y - cloudY + height * 0.03) / (height * 0.06)) ** 2 <
          1;
      if (cloud) colour = [250, 250, 252];
      if (y > hill) colour = [76, 175, 80 - Math.round(30 * ((y - hill) / height))];
      if ((x - ballX) ** 2 + (y - ballY) ** 2 < ballR ** 2)
        colour = x < ballX ? [229, 57, 53] : [255, 255, 255];
      const at = (y * width + x) * 3;
      rgb[at] = colour[0];
      rgb[at + 1] = colour[1];
      rgb[at + 2] = colour[2];
    }
  }
  return rgb;
}

/** The poster of a playlist: stripes of `colours` with music-note dots. */
export function drawStripes(width: number, height: number, colours: readonly Rgb[]): Uint8Array {
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const stripe = Math.floor(((x + y) / (width + height)) * colours.length);
      let colour = colours[Math.min(stripe, colours.length - 1)]!;
      for (let note = 0; note < 3; note++) {
        const cx = width * (0.3 + 0.2 * note);
        const cy = height * (0.6 - 0.1 * note);
        if ((x - cx) ** 2 + (y - cy) ** 2 < (height * 0.07) ** 2) colour = [40, 40, 60];
        if (x > cx + height * 0.05 && x < cx + height * 0.07 && y < cy && y > cy - height * 0.3)
          colour = [40, 40, 60];
      }
      const at = (y * width + x) * 3;
      rgb[at] = colour[0];
      rgb[at + 1] = colour[1];
      rgb[at + 2] = colour[2];
    }
  }
  return rgb;
}
