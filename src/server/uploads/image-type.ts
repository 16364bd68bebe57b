/** The image formats a seller may upload. */
export type PhotoType = 'jpeg' | 'png' | 'webp' | 'avif';

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/**
 * What the file's first bytes say it is (its "magic number"), whatever its name or declared type.
 * AVIF is an ISO-BMFF file whose `ftyp` box names the `avif` (still) or `avis` (sequence) brand,
 * as its major brand or among the compatible ones; HEIC (same box, other brands) is not AVIF.
 */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | undefined {
  if (bytes.length < 12) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const boxSize = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
    const end = Math.min(boxSize, bytes.length, 4096);
    // Major brand at 8–12, minor version at 12–16, then compatible brands, 4 bytes each.
    for (let at = 8; at + 4 <= end; at += at === 8 ? 8 : 4) {
      const brand = ascii(bytes, at, at + 4);
      if (brand === 'avif' || brand === 'avis') return 'avif';
    }
  }
  return undefined;
}
