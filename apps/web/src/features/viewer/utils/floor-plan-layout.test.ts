import { describe, expect, it } from 'vitest';
import { VIEWER_LIMITS } from '@viabiliza/contracts/viewer';
import { layoutFloorPlan, nextZoom } from './floor-plan-layout';

describe('layoutFloorPlan', () => {
  it('draws every room with its true area, side by side without overlapping, inside the plan', () => {
    const rooms = [30, 12.5, 9, 4.5, 6, 18].map((areaM2, i) => ({ id: String(i), areaM2 }));
    const plan = layoutFloorPlan(rooms);
    expect(plan.width * plan.height).toBeCloseTo(80, 6);
    for (const p of plan.placed) {
      expect(p.width * p.height).toBeCloseTo(p.room.areaM2, 6);
      expect(p.x + p.width).toBeLessThanOrEqual(plan.width + 1e-9);
      expect(p.y + p.height).toBeLessThanOrEqual(plan.height + 1e-9);
    }
    for (const a of plan.placed) {
      for (const b of plan.placed) {
        if (a === b) continue;
        const overlapX = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
        const overlapY = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
        expect(overlapX > 1e-9 && overlapY > 1e-9).toBe(false);
      }
    }
  });

  it('draws nothing without rooms', () => {
    expect(layoutFloorPlan([])).toEqual({ width: 0, height: 0, placed: [] });
  });
});

describe('nextZoom', () => {
  it('moves in steps of 25 between 50 and 200', () => {
    const z = { min: VIEWER_LIMITS.zoomMin, max: VIEWER_LIMITS.zoomMax, step: VIEWER_LIMITS.zoomStep };
    expect(nextZoom(100, 1, z)).toBe(125);
    expect(nextZoom(200, 1, z)).toBe(200);
    expect(nextZoom(50, -1, z)).toBe(50);
    expect(nextZoom(75, -1, z)).toBe(50);
  });
});
