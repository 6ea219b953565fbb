import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateUpload, zipBombReasons } from './validate.ts';
import { buildBmp, buildCfb, buildPdf, buildZip, docxEntries, objectStream, pngHeader, xlsxEntries } from './test-fixtures.ts';
import { incrementalUpdate, withPortalPage } from '../test/hostile-pdfs.ts';

let dir: string;
let counter = 0;
/** Writes `data` to a fresh file and validates it under the upload name `name`. */
async function upload(name: string, data: Uint8Array | string) {
  const path = join(dir, `upload-${++counter}`);
  writeFileSync(path, data);
  return validateUpload({ path, name, size: Buffer.byteLength(data), declaredMime: 'application/pdf' });
}
const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 250, g: 250, b: 250 } } });
const clean = (kind: string) => ({ kind, errors: [], warnings: [], quarantineReason: null });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'viabiliza-validate-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('validateUpload: accepted files', () => {
  it('accepts every allowed kind, typed by content', async () => {
    expect(await upload('matricula.pdf', buildPdf())).toEqual(clean('pdf'));
    expect(await upload('foto.png', await image(64, 48).png().toBuffer())).toEqual(clean('png'));
    expect(await upload('foto.jpg', await image(64, 48).jpeg().toBuffer())).toEqual(clean('jpeg'));
    expect(await upload('foto.gif', await image(16, 16).gif().toBuffer())).toEqual(clean('gif'));
    expect(await upload('foto.webp', await image(64, 48).webp().toBuffer())).toEqual(clean('webp'));
    expect(await upload('foto.tif', await image(64, 48).tiff().toBuffer())).toEqual(clean('tiff'));
    expect(await upload('planta.bmp', buildBmp(20, 10))).toEqual(clean('bmp'));
    expect(await upload('escritura.docx', buildZip(docxEntries()))).toEqual(clean('docx'));
    expect(await upload('tabela.xlsx', buildZip(xlsxEntries()))).toEqual(clean('xlsx'));
    expect(await upload('antigo.doc', buildCfb({ streams: ['WordDocument', '1Table'] }))).toEqual(clean('doc'));
    expect(await upload('antigo.xls', buildCfb({ streams: ['Workbook'] }))).toEqual(clean('xls'));
    expect(await upload('notas.txt', 'Matrícula nº 12.345, Rua das Flores, 100.\n')).toEqual(clean('txt'));
  });

  it('accepts a Windows-1252 text file', async () => {
    const text = Buffer.from('Escritura p\xfablica \x96 \xc1rea total: 120,00 m\xb2 \x93S\xe3o Paulo\x94\r\n', 'latin1');
    expect(await upload('escritura.txt', text)).toEqual(clean('txt'));
  });

  it('accepts a chart workbook embedded in a DOCX (a zip inside the zip, by design)', async () => {
    const embedded = buildZip(xlsxEntries());
    const docx = buildZip([...docxEntries(), { name: 'word/embeddings/Microsoft_Excel_Worksheet.xlsx', data: embedded, deflate: false }]);
    expect(await upload('relatorio.docx', docx)).toEqual(clean('docx'));
  });
});

describe('validateUpload: size and type', () => {
  it('refuses an empty file', async () => {
    expect(await upload('vazio.pdf', '')).toEqual({ kind: null, errors: ['Arquivo não pode estar vazio'], warnings: [], quarantineReason: null });
  });

  it('refuses a file over 10 MB', async () => {
    const big = Buffer.concat([buildPdf(), Buffer.alloc(10 * 1024 * 1024)]);
    expect((await upload('grande.pdf', big)).errors).toEqual(['Arquivo muito grande (máximo 10MB)']);
  });

  it('refuses an executable renamed .pdf, an ELF, a plain zip and BOM-less UTF-16', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00', 'latin1'), Buffer.alloc(500, 0x41)]);
    const typeError = { kind: null, errors: ['Tipo de arquivo não permitido'], quarantineReason: null };
    expect(await upload('fatura.pdf', exe)).toMatchObject(typeError);
    expect(await upload('relatorio.pdf', Buffer.from('\x7fELF\x02\x01\x01\x00\x00\x00', 'latin1'))).toMatchObject(typeError);
    expect(await upload('docs.zip', buildZip([{ name: 'a.txt', data: 'texto' }]))).toMatchObject(typeError);
    expect(await upload('texto.txt', Buffer.from('Texto em UTF-16 sem BOM', 'utf16le'))).toMatchObject(typeError);
    expect(await upload('texto.txt', Buffer.from('\ufeffTexto em UTF-16', 'utf16le'))).toMatchObject({ kind: 'txt', errors: [], quarantineReason: null });
  });

  it('accepts a file whose extension lies about a permitted kind, with a warning', async () => {
    const result = await upload('recibo.txt', await image(10, 10).png().toBuffer());
    expect(result).toEqual({ kind: 'png', errors: [], warnings: ['A extensão do arquivo não corresponde ao conteúdo (png)'], quarantineReason: null });
  });

  it('refuses a truncated DOCX as corrupt', async () => {
    const docx = buildZip(docxEntries());
    const result = await upload('cortado.docx', docx.subarray(0, docx.length - 40));
    expect(result).toMatchObject({ kind: null, errors: ['Arquivo corrompido ou ilegível'] });
  });

  it('refuses a DOCX whose deflate data is damaged as corrupt', async () => {
    const docx = buildZip(docxEntries('x'.repeat(5000)));
    const damaged = Buffer.from(docx);
    const at = damaged.indexOf('word/document.xml') + 'word/document.xml'.length + 5;
    damaged.fill(0xff, at, at + 20);
    expect((await upload('estragado.docx', damaged)).errors).toEqual(['Arquivo corrompido ou ilegível']);
  });

  it('refuses an image whose header cannot be read as corrupt', async () => {
    const png = await image(10, 10).png().toBuffer();
    const broken = Buffer.concat([png.subarray(0, 8), Buffer.alloc(30, 0)]);
    expect(await upload('foto.png', broken)).toMatchObject({ kind: 'png', errors: ['Arquivo corrompido ou ilegível'] });
  });

  it('explains a password-protected Office file', async () => {
    const encrypted = buildCfb({ streams: ['EncryptionInfo', 'EncryptedPackage'] });
    expect((await upload('protegido.docx', encrypted)).errors).toEqual(['Documento protegido por senha não é suportado']);
  });
});

describe('validateUpload: suspicious names', () => {
  const pdf = buildPdf();
  const quarantinedForName = async (name: string) => {
    const result = await upload(name, pdf);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toContain('Nome de arquivo suspeito');
    expect(result.quarantineReason).toMatch(/^Nome de arquivo suspeito: /);
    return result.quarantineReason;
  };

  it('quarantines executable extensions anywhere in the name', async () => {
    expect(await quarantinedForName('fatura.pdf.exe')).toBe('Nome de arquivo suspeito: extensão executável (.exe)');
    expect(await quarantinedForName('boleto.scr.pdf')).toContain('extensão executável (.scr)');
  });

  it('quarantines path traversal, control characters and special characters', async () => {
    expect(await quarantinedForName('../../etc/passwd.pdf')).toContain('caminho de diretório');
    expect(await quarantinedForName('..\\windows\\boot.pdf')).toContain('caminho de diretório');
    expect(await quarantinedForName('matricula\u0000.pdf')).toContain('caracteres de controle');
    expect(await quarantinedForName('fatura\u202Efdp.exe')).toContain('caracteres de controle');
    expect(await quarantinedForName('contrato<1>.pdf')).toContain('caracteres especiais');
  });

  it('quarantines the other name rules of the spec', async () => {
    expect(await quarantinedForName('.htaccess.pdf')).toContain('começa com ponto');
    expect(await quarantinedForName('escritura.pdf ')).toContain('termina com espaço');
    expect(await quarantinedForName('aaaaaaaaaaaa.pdf')).toContain('caracteres repetidos');
    expect(await quarantinedForName('system-report.pdf')).toContain('palavra suspeita (system)');
    expect(await quarantinedForName('virus_teste.pdf')).toContain('nome indica ameaça (virus)');
  });

  it('leaves ordinary Portuguese names alone', async () => {
    for (const name of ['Matrícula 12.345 - 1º RI.pdf', 'ITBI_guia (2).pdf', 'escrituração-sistema.pdf', 'avaliação.pdf']) {
      expect(await upload(name, pdf), name).toEqual(clean('pdf'));
    }
  });
});

describe('validateUpload: content', () => {
  it('quarantines a script in UTF-16 text, where NUL bytes would hide it from a byte scan', async () => {
    const result = await upload('leia-me.txt', Buffer.from('\ufeff<html><script>fetch("/api")</script></html>', 'utf16le'));
    expect(result.quarantineReason).toMatch(/^Padrão de conteúdo suspeito detectado/);
  });

  it('quarantines HTML with a script renamed .txt', async () => {
    const result = await upload('leia-me.txt', '<html><body><p>Oi</p><script>fetch("/api")</script></body></html>');
    expect(result).toEqual({ kind: 'txt', errors: [], warnings: [], quarantineReason: 'Padrão de conteúdo suspeito detectado: <script' });
  });

  it('quarantines javascript: URLs, encoded scripts, event handlers and long base64', async () => {
    expect((await upload('a.txt', 'clique <a href="javascript:alert(1)">aqui</a>')).quarantineReason).toBe(
      'Padrão de conteúdo suspeito detectado: javascript:',
    );
    expect((await upload('b.txt', 'busca?q=%3Cscript%3Ealert(1)')).quarantineReason).toBe('Padrão de conteúdo suspeito detectado: script codificado');
    expect((await upload('c.svg.txt', '<svg onload="alert(1)"></svg>')).quarantineReason).toBe(
      'Padrão de conteúdo suspeito detectado: atributo de evento HTML',
    );
    const blob = Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 37) % 256)).toString('base64');
    expect((await upload('d.txt', `anexo: ${blob}\n`)).quarantineReason).toBe('Padrão de conteúdo suspeito detectado: base64');
  });

  it('accepts harmless HTML-looking text', async () => {
    expect(await upload('nota.txt', '<p>Área: 120 m²</p>\nValor < 500 mil & prazo > 30 dias')).toEqual(clean('txt'));
  });

  it('quarantines an archive embedded in a text file and warns for one appended to an image', async () => {
    const zip = buildZip([{ name: 'payload.bin', data: 'x'.repeat(100) }]);
    // Within the first 8192 bytes the zip's NUL bytes already make it binary: refused.
    expect((await upload('curto.txt', Buffer.concat([Buffer.from('Texto comum.\n'.repeat(20)), zip]))).errors).toEqual([
      'Tipo de arquivo não permitido',
    ]);
    const txt = await upload('notas.txt', Buffer.concat([Buffer.from('Texto comum.\n'.repeat(800)), zip]));
    expect(txt.warnings).toContain('Arquivo compactado embutido detectado em arquivo que não é compactado');
    expect(txt.quarantineReason).toBe('Arquivo compactado embutido detectado em arquivo que não é compactado');

    const jpeg = await upload('foto.jpg', Buffer.concat([await image(32, 32).jpeg().toBuffer(), zip]));
    expect(jpeg).toEqual({
      kind: 'jpeg',
      errors: [],
      warnings: ['Arquivo compactado embutido detectado em arquivo que não é compactado'],
      quarantineReason: null,
    });
  });
});

describe('validateUpload: PDF active content', () => {
  const jsAction = '<< /Type /Action /S /JavaScript /JS (app.alert\\(1\\)) >>';

  it('quarantines a PDF that runs JavaScript when opened', async () => {
    const result = await upload('boleto.pdf', buildPdf({ catalogExtra: '/OpenAction 5 0 R', objects: [jsAction] }));
    expect(result.quarantineReason).toBe('PDF com conteúdo ativo (JavaScript, JS, OpenAction)');
    expect(result.errors).toEqual([]);
  });

  it('sees through #xx escapes in names', async () => {
    const obfuscated = '<< /Type /Action /S /J#61vaScript /J#53 (app.alert\\(1\\)) >>';
    const result = await upload('boleto.pdf', buildPdf({ catalogExtra: '/OpenAction 5 0 R', objects: [obfuscated] }));
    expect(result.quarantineReason).toBe('PDF com conteúdo ativo (JavaScript, JS, OpenAction)');
  });

  it('finds JavaScript inside a compressed object stream', async () => {
    const pdf = buildPdf({ catalogExtra: '/OpenAction 6 0 R', objects: [objectStream([jsAction], 6)] });
    expect(pdf.includes('JavaScript')).toBe(false);
    expect((await upload('boleto.pdf', pdf)).quarantineReason).toBe('PDF com conteúdo ativo (JavaScript, JS, OpenAction)');
  });

  it('quarantines launch actions and embedded files', async () => {
    const launch = buildPdf({ catalogExtra: '/OpenAction 5 0 R', objects: ['<< /S /Launch /F (cmd.exe) >>'] });
    expect((await upload('a.pdf', launch)).quarantineReason).toBe('PDF com conteúdo ativo (Launch)');
    const attached = buildPdf({
      catalogExtra: '/Names << /EmbeddedFiles 5 0 R >>',
      objects: ['<< /Names [(a.exe) 6 0 R] >>', '<< /Type /Filespec /F (a.exe) /EF << /F 7 0 R >> >>', '<< /Type /EmbeddedFile /Length 2 >>\nstream\nMZ\nendstream'],
    });
    expect((await upload('b.pdf', attached)).quarantineReason).toBe('PDF com conteúdo ativo (EmbeddedFiles, EmbeddedFile)');
  });

  it('leaves an /OpenAction that only opens a page alone', async () => {
    expect(await upload('c.pdf', buildPdf({ catalogExtra: '/OpenAction [3 0 R /Fit]' }))).toEqual(clean('pdf'));
  });

  it('quarantines script patterns in the raw bytes of a PDF', async () => {
    const pdf = buildPdf({ objects: ['<< /Type /Annot /Subtype /Link /A << /S /URI /URI (javascript:alert\\(1\\)) >> >>'] });
    const result = await upload('d.pdf', pdf);
    expect(result.quarantineReason).toBe('Padrão de conteúdo suspeito detectado: javascript:; PDF com conteúdo ativo (javascript:)');
  });

  it("reads a portal's PDF with its HTML page after %%EOF, warning about the page and its scripts", async () => {
    // Small enough that the page falls in the first 8 KB, where the byte scan looks for scripts.
    const pdf = withPortalPage(buildPdf());
    expect(pdf.length).toBeLessThan(8192);
    expect(await upload('certidao-dados-cadastrais.pdf', pdf)).toEqual({
      kind: 'pdf',
      errors: [],
      warnings: [
        'Conteúdo após o fim do PDF (%%EOF) foi ignorado',
        'O conteúdo após o fim do PDF contém script (<script, javascript:); ele não faz parte do documento e não é executado',
      ],
      quarantineReason: null,
    });
  });

  it('still quarantines JavaScript inside the PDF when a page follows it, and in an incremental update', async () => {
    const active = withPortalPage(buildPdf({ catalogExtra: '/OpenAction 5 0 R', objects: [jsAction] }));
    expect((await upload('guia.pdf', active)).quarantineReason).toBe('PDF com conteúdo ativo (JavaScript, JS, OpenAction)');
    const updated = incrementalUpdate(buildPdf(), [jsAction, '<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>'], 5);
    expect((await upload('guia.pdf', withPortalPage(updated))).quarantineReason).toBe('PDF com conteúdo ativo (JavaScript, JS, OpenAction)');
  });
});

describe('validateUpload: images', () => {
  it('quarantines an image header declaring 30000×30000 without decoding it', async () => {
    const result = await upload('planta.png', pngHeader(30000, 30000));
    expect(result).toEqual({ kind: 'png', errors: [], warnings: [], quarantineReason: 'Imagem com dimensões excessivas (30000×30000)' });
  });

  it('quarantines a single side over 20000 px and a count over 50 megapixels', async () => {
    expect((await upload('a.png', pngHeader(25000, 10))).quarantineReason).toBe('Imagem com dimensões excessivas (25000×10)');
    expect((await upload('b.png', pngHeader(8000, 7000))).quarantineReason).toBe('Imagem com dimensões excessivas (8000×7000)');
    expect((await upload('c.png', pngHeader(7000, 7000))).quarantineReason).toBeNull();
  });
});

describe('validateUpload: DOCX/XLSX decompression limits and macros', () => {
  it('quarantines a zip bomb: 50 MB of zeros deflated to about 50 KB', async () => {
    const bomb = buildZip([...docxEntries(), { name: 'word/media/image1.png', data: Buffer.alloc(50 * 1024 * 1024) }]);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const result = await upload('contrato.docx', bomb);
    expect(result).toEqual({ kind: 'docx', errors: [], warnings: [], quarantineReason: 'Arquivo compactado suspeito (possível bomba de descompressão)' });
  });

  it('quarantines a zip whose header understates what an entry inflates to', async () => {
    const liar = buildZip([...xlsxEntries(), { name: 'xl/media/image1.png', data: Buffer.alloc(2 * 1024 * 1024, 7), declaredSize: 1000 }]);
    expect((await upload('planilha.xlsx', liar)).quarantineReason).toBe('Arquivo compactado suspeito (possível bomba de descompressão)');
  });

  it('quarantines entries with path traversal and nested archives', async () => {
    const traversal = buildZip([...docxEntries(), { name: '../../evil.sh', data: 'echo' }]);
    expect((await upload('a.docx', traversal)).quarantineReason).toBe('Arquivo compactado suspeito (possível bomba de descompressão)');
    const nested = buildZip([...docxEntries(), { name: 'word/media/image2.png', data: buildZip([{ name: 'x', data: 'y' }]), deflate: false }]);
    expect((await upload('b.docx', nested)).quarantineReason).toBe('Arquivo compactado suspeito (possível bomba de descompressão)');
  });

  it('counts entries, total size and ratio from the central directory', () => {
    const entry = (name: string, compressedSize: number, uncompressedSize: number) => ({ name, compressedSize, uncompressedSize, pathProblem: null });
    expect(zipBombReasons({ entryCount: 6000, entries: [] })).toEqual(['mais de 5000 entradas']);
    expect(zipBombReasons({ entryCount: 2, entries: [entry('a', 60e6, 60e6), entry('b', 60e6, 60e6)] })).toEqual(['tamanho descompactado acima de 100 MB']);
    expect(zipBombReasons({ entryCount: 1, entries: [entry('a', 10_000, 2_000_000)] })).toEqual(['taxa de compressão 200:1 em a']);
    // A highly compressible small entry (an XML part) is normal.
    expect(zipBombReasons({ entryCount: 1, entries: [entry('a', 1_000, 900_000)] })).toEqual([]);
  });

  it('quarantines OOXML and legacy Office files with macros', async () => {
    const docm = buildZip([...docxEntries(), { name: 'word/vbaProject.bin', data: buildCfb({ streams: ['dir'] }) }]);
    expect((await upload('contrato.docx', docm)).quarantineReason).toBe('Documento com macros');
    const xls = buildCfb({ streams: ['Workbook'], storages: ['_VBA_PROJECT_CUR'] });
    expect((await upload('planilha.xls', xls)).quarantineReason).toBe('Documento com macros');
  });
});

describe('validateUpload: never throws', () => {
  it('reports a missing file as unreadable', async () => {
    expect(await validateUpload({ path: join(dir, 'nao-existe'), name: 'a.pdf', size: 10 })).toMatchObject({
      kind: null,
      errors: ['Arquivo corrompido ou ilegível'],
    });
  });

  it('warns when an object stream cannot be analysed', async () => {
    const pdf = buildPdf({ objects: ['<< /Type /ObjStm /N 1 /First 4 /Filter /LZWDecode /Length 4 >>\nstream\nabcd\nendstream'] });
    expect(await upload('lzw.pdf', pdf)).toEqual({
      kind: 'pdf',
      errors: [],
      warnings: ['Não foi possível analisar o conteúdo do arquivo'],
      quarantineReason: null,
    });
  });
});
