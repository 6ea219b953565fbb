/**
 * A stand-in for the extraction worker that keeps allocating until V8 ends the thread at its heap
 * limit, as a pathological file would: for the pool's out-of-memory test.
 */
export default function hog(): never {
  const kept: number[][] = [];
  for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => i));
}
