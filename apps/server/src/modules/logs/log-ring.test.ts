import { describe, expect, it } from 'vitest';
import { LogRing } from './log-ring.ts';

const line = (msg: string, level = 30, reqId?: string) => JSON.stringify({ level, time: Date.parse('2026-11-24T00:00:00Z'), pid: 1, hostname: 'h', msg, ...(reqId ? { reqId } : {}) });

describe('LogRing', () => {
  it('keeps only the last N lines, newest first', () => {
    const ring = new LogRing(3);
    for (const m of ['a', 'b', 'c', 'd', 'e']) ring.push(line(m));
    expect(ring.size).toBe(3);
    expect(ring.search({ level: 'trace', limit: 10 }).map((l) => l.message)).toEqual(['e', 'd', 'c']);
  });

  it('filters by request id and minimum level, and drops pid and hostname', () => {
    const ring = new LogRing(10);
    ring.push(line('incoming request', 30, 'r1'));
    ring.push(line('other', 30, 'r2'));
    ring.push(line('app error', 50, 'r1'));
    const r1 = ring.search({ requestId: 'r1', level: 'info', limit: 10 });
    expect(r1.map((l) => [l.message, l.level])).toEqual([['app error', 'error'], ['incoming request', 'info']]);
    expect(r1[0]!.data).toEqual({});
    expect(ring.search({ requestId: 'r1', level: 'warn', limit: 10 }).map((l) => l.message)).toEqual(['app error']);
  });

  it('keeps a non-JSON line as its message, and shrinks without losing the newest', () => {
    const ring = new LogRing(5);
    ring.push('texto solto\n');
    for (const m of ['a', 'b', 'c']) ring.push(line(m));
    ring.resize(2);
    expect(ring.search({ level: 'info', limit: 10 }).map((l) => l.message)).toEqual(['c', 'b']);
    ring.push(line('d'));
    expect(ring.search({ level: 'info', limit: 10 }).map((l) => l.message)).toEqual(['d', 'c']);
    ring.resize(0);
    ring.push(line('e'));
    expect(ring.size).toBe(0);
  });
});
