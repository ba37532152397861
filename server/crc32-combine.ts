/**
 * CRC-32 (as gzip and zlib.crc32 compute it) of a sequence whose pieces'
 * CRCs are known, without reading the pieces again: crc(A + B) is crc(A)
 * carried over B.length zero bytes, XOR crc(B). Carrying a CRC over n zero
 * bytes is a linear map on its 32 bits (a 32 × 32 matrix over GF(2)); for a
 * length used again and again (a stored page's parts) the matrix is made
 * once and each use is 32 XORs at most. The method is zlib's crc32_combine.
 */

/** A linear map on 32-bit values: column i is the image of bit i. */
export type Operator = Uint32Array<ArrayBuffer>;

function apply(operator: Operator, value: number): number {
  let sum = 0;
  for (let i = 0; value !== 0; i++, value >>>= 1) if (value & 1) sum ^= operator[i]!;
  return sum >>> 0;
}

/** b after a: the map that applies `a`, then `b`. */
function compose(b: Operator, a: Operator): Operator {
  const result = new Uint32Array(32);
  for (let i = 0; i < 32; i++) result[i] = apply(b, a[i]!);
  return result;
}

/** Carrying a CRC over one zero bit (the reflected CRC-32 polynomial), then over one zero byte. */
const ONE_BIT = (() => {
  const operator = new Uint32Array(32);
  operator[0] = 0xedb88320;
  for (let i = 1; i < 32; i++) operator[i] = 1 << (i - 1);
  return operator;
})();
const ONE_BYTE = [1, 2, 3].reduce<Operator>((operator) => compose(operator, operator), ONE_BIT);
const IDENTITY = Uint32Array.from({ length: 32 }, (_, i) => (1 << i) >>> 0);

/** The map that carries a CRC-32 over `length` zero bytes. */
export function zeroBytesOperator(length: number): Operator {
  let result = IDENTITY;
  let power = ONE_BYTE;
  for (let n = length; n > 0; n = Math.floor(n / 2)) {
    if (n % 2 === 1) result = compose(power, result);
    if (n > 1) power = compose(power, power);
  }
  return result;
}

/** crc32(A + B) from crc32(A), crc32(B) and the operator for B's length. */
export function combineCrc32(crcA: number, crcB: number, overB: Operator): number {
  return (apply(overB, crcA) ^ crcB) >>> 0;
}
