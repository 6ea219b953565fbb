import { describe, expect, it } from 'vitest';
import { checkRoomsArea } from './viewer.ts';

describe('checkRoomsArea', () => {
  it('compares the rooms total with the usable area and warns beyond 10%', () => {
    expect(checkRoomsArea([], 80)).toMatchObject({ kind: 'none', roomsTotal: 0 });
    expect(checkRoomsArea([30, 20], null)).toMatchObject({ kind: 'no-usable-area', roomsTotal: 50 });
    expect(checkRoomsArea([30, 20, 22], 80)).toEqual({ kind: 'ok', roomsTotal: 72, usableArea: 80, diffPercent: 10 });
    expect(checkRoomsArea([30, 20, 21.9], 80)).toMatchObject({ kind: 'mismatch', diffPercent: 10.1 });
    expect(checkRoomsArea([60, 40], 80)).toMatchObject({ kind: 'mismatch', roomsTotal: 100, diffPercent: 25 });
  });
});
