/** A room placed on the plan, in metres: width × height is exactly its area. */
export interface PlacedRoom<T> {
  room: T;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Lays rooms out to scale in a rectangle about 4:3: rows of about √n rooms, each row as tall as its
 * rooms' total area divided by the plan's width, each room as wide as its area divided by that
 * height. The drawing is schematic (the real walls are not known) but every area is true.
 */
export function layoutFloorPlan<T extends { areaM2: number }>(rooms: readonly T[]): { width: number; height: number; placed: PlacedRoom<T>[] } {
  const total = rooms.reduce((s, r) => s + r.areaM2, 0);
  if (!rooms.length || total <= 0) return { width: 0, height: 0, placed: [] };
  const width = Math.sqrt((total * 4) / 3);
  const perRow = Math.max(1, Math.ceil(Math.sqrt(rooms.length)));
  const placed: PlacedRoom<T>[] = [];
  let y = 0;
  for (let i = 0; i < rooms.length; i += perRow) {
    const row = rooms.slice(i, i + perRow);
    const rowArea = row.reduce((s, r) => s + r.areaM2, 0);
    const height = rowArea / width;
    let x = 0;
    for (const room of row) {
      const w = room.areaM2 / height;
      placed.push({ room, x, y, width: w, height });
      x += w;
    }
    y += height;
  }
  return { width, height: y, placed };
}

/** Zoom from the spec: 50 to 200 in steps of 25. */
export function nextZoom(current: number, direction: 1 | -1, { min, max, step }: { min: number; max: number; step: number }): number {
  return Math.min(max, Math.max(min, current + direction * step));
}
