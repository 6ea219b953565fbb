import { describe, expect, it } from 'vitest';
import { decodeText, decodeWindows1252 } from './text.ts';

describe('decodeText', () => {
  it('reads UTF-8 and strips its BOM', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Área — São Paulo', 'utf8')]);
    expect(decodeText(bytes)).toEqual({ text: 'Área — São Paulo', encoding: 'utf-8' });
  });

  it('falls back to Windows-1252 when the bytes are not UTF-8', () => {
    // 'Ação – “ok” €' in Windows-1252
    const bytes = Uint8Array.from([0x41, 0xe7, 0xe3, 0x6f, 0x20, 0x96, 0x20, 0x93, 0x6f, 0x6b, 0x94, 0x20, 0x80]);
    expect(decodeText(bytes)).toEqual({ text: 'Ação – “ok” €', encoding: 'windows-1252' });
  });

  it('reads UTF-16 with a BOM', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Matrícula', 'utf16le')]);
    expect(decodeText(le)).toEqual({ text: 'Matrícula', encoding: 'utf-16le' });
    const be = Buffer.from(le);
    be.swap16();
    expect(decodeText(be)).toEqual({ text: 'Matrícula', encoding: 'utf-16be' });
  });
});

describe('decodeWindows1252', () => {
  it('maps 0x80–0x9F to the code page, not to C1 controls, and the rest as Latin-1', () => {
    expect(decodeWindows1252(Uint8Array.from([0x80, 0x85, 0x91, 0x92, 0x97, 0x9f, 0x81, 0xa0, 0xff]))).toBe('€…‘’—Ÿ\u0081\u00a0ÿ');
  });

  it('handles long input in chunks', () => {
    expect(decodeWindows1252(new Uint8Array(100_000).fill(0xe9))).toBe('é'.repeat(100_000));
  });
});
