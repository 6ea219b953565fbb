import { UPLOAD_MESSAGES } from '@viabiliza/contracts/documents';
import { describe, expect, it } from 'vitest';

import { DROPZONE_ACCEPT, checkFiles, estimateKind, fileExtension, fileFamily } from './upload-rules';

const MB = 1024 * 1024;
const file = (name: string, size: number) => ({ name, size });

describe('checkFiles (spec 01 §5 file schema)', () => {
  it('refuses the whole batch above 20 files', () => {
    const files = Array.from({ length: 21 }, (_, i) => file(`f${i}.pdf`, 100));
    expect(checkFiles(files)).toEqual({ tooMany: true, good: [], rejected: [] });
    expect(checkFiles(files.slice(0, 20)).good).toHaveLength(20);
  });
  it('counts files refused by type toward the 20', () => {
    const files = Array.from({ length: 20 }, (_, i) => file(`f${i}.pdf`, 100));
    expect(checkFiles(files, [file('virus.exe', 10)]).tooMany).toBe(true);
  });
  it('rejects empty and oversized files and keeps the good ones', () => {
    const result = checkFiles([file('ok.pdf', 5 * MB), file('vazio.txt', 0), file('grande.pdf', 10 * MB + 1), file('limite.pdf', 10 * MB)]);
    expect(result.good.map((f) => f.name)).toEqual(['ok.pdf', 'limite.pdf']);
    expect(result.rejected).toEqual([
      { fileName: 'vazio.txt', reason: UPLOAD_MESSAGES.empty },
      { fileName: 'grande.pdf', reason: UPLOAD_MESSAGES.tooLarge },
    ]);
  });
  it('reports files refused by type', () => {
    expect(checkFiles([], [file('script.exe', 10)]).rejected).toEqual([
      { fileName: 'script.exe', reason: 'Tipo de arquivo não permitido' },
    ]);
  });
});

describe('file names', () => {
  it('reads extensions case-insensitively', () => {
    expect(fileExtension('Matricula.PDF')).toBe('.pdf');
    expect(fileExtension('.bashrc')).toBe('');
    expect(fileExtension('sem-extensao')).toBe('');
  });
  it('picks the icon family', () => {
    expect(fileFamily('a.docx')).toBe('text');
    expect(fileFamily('a.xlsx')).toBe('spreadsheet');
    expect(fileFamily('a.JPG')).toBe('image');
    expect(fileFamily('a.zip')).toBe('other');
  });
  it('maps names to the kinds of estimatedSeconds', () => {
    expect(estimateKind('a.pdf')).toBe('pdf');
    expect(estimateKind('a.jpg')).toBe('jpeg');
    expect(estimateKind('a.tif')).toBe('tiff');
    expect(estimateKind('a.png')).toBe('png');
    expect(estimateKind('a.docx')).toBe('docx');
  });
  it('offers every accepted extension in the picker', () => {
    const offered = Object.values(DROPZONE_ACCEPT).flat();
    expect(offered).toEqual(expect.arrayContaining(['.pdf', '.docx', '.xlsx', '.png', '.jpg', '.jpeg']));
    expect(DROPZONE_ACCEPT['image/jpeg']).toEqual(['.jpg', '.jpeg']);
  });
});
