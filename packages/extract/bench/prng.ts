/**
 * The corpus's only source of chance: a seeded mulberry32, so the same seed writes the same bytes
 * on every machine (Math.random is banned in the repo). Each document draws from its own stream,
 * derived from the seed and the document's id, so adding a document does not reshuffle the others.
 */
export interface Rng {
  /** [0, 1) */
  next(): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  /** A new independent stream for `label` (same label, same stream). */
  fork(label: string): Rng;
}

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a: a stable 32-bit hash of a label, to derive sub-seeds. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function createRng(seed: number): Rng {
  const next = mulberry32(seed);
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      if (items.length === 0) throw new Error('pick() de lista vazia');
      return items[Math.floor(next() * items.length)]!;
    },
    chance: (p) => next() < p,
    fork: (label) => createRng(hash32(`${seed}:${label}`)),
  };
  return rng;
}
