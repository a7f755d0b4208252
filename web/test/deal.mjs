// Hands dealt from a shuffled 136-tile wall by a fixed-seed generator, as
// rows of 34 counts: the same hands for the module's tests and its bench.
export function deal(n, size, seed = 7) {
  let x = seed;
  const rand = () => (x = (x * 1103515245 + 12345) >>> 0) / 2 ** 32;
  const rows = new Uint8Array(n * 34);
  for (let i = 0; i < n; ++i) {
    const wall = Array.from({length: 136}, (_, t) => t >> 2);
    for (let k = 0; k < size; ++k) {
      const j = k + Math.floor(rand() * (136 - k));
      [wall[k], wall[j]] = [wall[j], wall[k]];
      rows[i * 34 + wall[k]]++;
    }
  }
  return rows;
}
