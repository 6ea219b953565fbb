import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectFile, looksLikeText, sniffBytes, sniffFile } from './sniff.ts';
import { buildBmp, buildCfb, buildPdf, buildZip, docxEntries, xlsxEntries } from './test-fixtures.ts';

let dir: string;
const file = (name: string, data: Uint8Array | string) => {
  const path = join(dir, name);
  writeFileSync(path, data);
  return path;
};
const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 220, b: 240 } } });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'viabiliza-sniff-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sniffBytes', () => {
  const bytes = (...b: number[]) => Uint8Array.from(b);
  const text = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));

  it('recognises the simple signatures', () => {
    expect(sniffBytes(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe('png');
    expect(sniffBytes(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('jpeg');
    expect(sniffBytes(text('GIF89a\x01\x00\x01\x00'))).toBe('gif');
    expect(sniffBytes(text('GIF87a\x01\x00\x01\x00'))).toBe('gif');
    expect(sniffBytes(text('RIFF\x24\x00\x00\x00WEBPVP8 '))).toBe('webp');
    expect(sniffBytes(text('RIFF\x24\x00\x00\x00WAVEfmt '))).toBeNull();
    expect(sniffBytes(bytes(0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0))).toBe('tiff');
    expect(sniffBytes(bytes(0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8))).toBe('tiff');
    expect(sniffBytes(new Uint8Array(buildBmp(2, 2)))).toBe('bmp');
    expect(sniffBytes(text('PK\x03\x04\x14\x00'))).toBe('zip');
    expect(sniffBytes(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toBe('cfb');
  });

  it('finds %PDF- within the first 1024 bytes only', () => {
    expect(sniffBytes(text('%PDF-1.7\n'))).toBe('pdf');
    expect(sniffBytes(text(`${'\x00'.repeat(500)}%PDF-1.4\n`))).toBe('pdf');
    expect(sniffBytes(text(`${'\x00'.repeat(1100)}%PDF-1.4\n`))).toBeNull();
  });

  it('refuses executables, even with a PDF signature inside', () => {
    expect(sniffBytes(text('MZ\x90\x00\x03\x00\x00\x00%PDF-1.4'))).toBeNull();
    expect(sniffBytes(text('\x7fELF\x02\x01\x01\x00'))).toBeNull();
    expect(sniffBytes(text('#!/bin/sh\nrm -rf /\n'))).toBeNull();
    expect(sniffBytes(bytes(0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 0x34))).toBeNull();
  });

  it('does not take "BM" text for a bitmap', () => {
    expect(sniffBytes(text('BM é o começo desta frase, não um bitmap.'))).toBe('txt');
  });

  it('accepts UTF-8, Windows-1252 and UTF-16 text with its BOM, refuses binary and BOM-less UTF-16', () => {
    expect(sniffBytes(new Uint8Array(Buffer.from('Matrícula nº 12.345 — São Paulo\n', 'utf8')))).toBe('txt');
    expect(sniffBytes(text('Matr\xedcula n\xba 12.345 \x96 S\xe3o Paulo\r\n'))).toBe('txt');
    // Notepad's 'Unicode' (UTF-16LE with BOM) and its big-endian twin.
    expect(sniffBytes(new Uint8Array(Buffer.from('\ufeffMatrícula nº 12.345\r\n', 'utf16le')))).toBe('txt');
    expect(sniffBytes(new Uint8Array(Buffer.from('\ufeffMatrícula', 'utf16le').swap16()))).toBe('txt');
    expect(sniffBytes(new Uint8Array(Buffer.from('Matrícula', 'utf16le')))).toBeNull();
    // A BOM in front of binary does not make it text.
    expect(sniffBytes(new Uint8Array([0xff, 0xfe, 0x00, 0x00, 0x01, 0x00, 0x02, 0x00]))).toBeNull();
    const binary = new Uint8Array(4096).map((_, i) => (i * 167 + 13) % 255 + 1);
    expect(sniffBytes(binary)).toBeNull();
    expect(sniffBytes(new Uint8Array(0))).toBeNull();
  });

  it('does not judge a UTF-8 character cut by the end of the sample as invalid', () => {
    const sample = Buffer.from('aaaé', 'utf8').subarray(0, 4);
    expect(looksLikeText(new Uint8Array(sample))).toBe(true);
  });
});

describe('sniffFile', () => {
  it('types images by content', async () => {
    expect(await sniffFile(file('a.png', await image(8, 8).png().toBuffer()))).toBe('png');
    expect(await sniffFile(file('a.jpg', await image(8, 8).jpeg().toBuffer()))).toBe('jpeg');
    expect(await sniffFile(file('a.gif', await image(8, 8).gif().toBuffer()))).toBe('gif');
    expect(await sniffFile(file('a.webp', await image(8, 8).webp().toBuffer()))).toBe('webp');
    expect(await sniffFile(file('a.tiff', await image(8, 8).tiff().toBuffer()))).toBe('tiff');
    expect(await sniffFile(file('a.bmp', buildBmp(3, 2)))).toBe('bmp');
  });

  it('types a PDF, also one with a junk prefix', async () => {
    expect(await sniffFile(file('a.pdf', buildPdf()))).toBe('pdf');
    expect(await sniffFile(file('b.pdf', buildPdf({ prefix: 'X-Scanner: 1.0\n' })))).toBe('pdf');
  });

  it('types DOCX and XLSX from the zip directory, and refuses other zips', async () => {
    expect(await sniffFile(file('a.docx', buildZip(docxEntries())))).toBe('docx');
    expect(await sniffFile(file('a.xlsx', buildZip(xlsxEntries())))).toBe('xlsx');
    expect(await sniffFile(file('a.zip', buildZip([{ name: 'leiame.txt', data: 'olá' }])))).toBeNull();
    // A zip with only word/document.xml is not an OOXML package.
    expect(await sniffFile(file('b.zip', buildZip([{ name: 'word/document.xml', data: '<x/>' }])))).toBeNull();
  });

  it('types DOC and XLS from the OLE2 directory', async () => {
    expect(await sniffFile(file('a.doc', buildCfb({ streams: ['WordDocument', '1Table'] })))).toBe('doc');
    expect(await sniffFile(file('a.xls', buildCfb({ streams: ['Workbook'] })))).toBe('xls');
    expect(await sniffFile(file('b.xls', buildCfb({ streams: ['Book'] })))).toBe('xls');
    expect(await sniffFile(file('a.msg', buildCfb({ streams: ['__substg1.0_0037001F'] })))).toBeNull();
  });

  it('reports a truncated zip or compound file as unreadable', async () => {
    const zip = buildZip(docxEntries());
    const cut = await inspectFile(file('cut.docx', zip.subarray(0, zip.length - 30)));
    expect(cut).toMatchObject({ kind: null, container: 'zip', unreadable: true });
    const cfb = await inspectFile(file('cut.doc', buildCfb({ streams: ['WordDocument'] }).subarray(0, 700)));
    expect(cfb).toMatchObject({ kind: null, container: 'cfb', unreadable: true });
  });

  it('returns txt for HTML: the content patterns of validate.ts decide about scripts', async () => {
    expect(await sniffFile(file('page.txt', '<html><body><script>alert(1)</script></body></html>'))).toBe('txt');
  });

  it('refuses an executable whatever its name', async () => {
    expect(await sniffFile(file('fatura.pdf', Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(200, 1)])))).toBeNull();
  });
});
