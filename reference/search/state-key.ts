// The reference searches' position key (the wasm core hashes its state block instead).

/** A key for the whole state: equal states, and only they, give the same string. */
export function stateKey(s: unknown): string {
  return JSON.stringify(s, (_, v: unknown) => (ArrayBuffer.isView(v) ? Array.from(v as Uint8Array).join(',') : v));
}
