// An f64 and its bit pattern as 16 hex digits, as the listings' golden protocol writes numbers.
// A DataView is big-endian by default, so the hex reads as the number.

const view = new DataView(new ArrayBuffer(8));

/** The 16 hex digits of `x`'s bits. */
export function toHex(x) {
  view.setFloat64(0, x);
  return view.getBigUint64(0).toString(16).padStart(16, "0");
}

/** The f64 whose bits the 16 hex digits `tok` spell. */
export function fromHex(tok) {
  view.setBigUint64(0, BigInt("0x" + tok));
  return view.getFloat64(0);
}
