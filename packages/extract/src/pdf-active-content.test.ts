import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodePdfName, pdfEnd, scanPdfActiveContent } from './pdf-active-content.ts';
import { buildPdf, objectStream } from './test-fixtures.ts';
import { incrementalUpdate, PORTAL_PAGE, withPortalPage } from '../test/hostile-pdfs.ts';

const scan = (pdf: Buffer, limits = {}) => scanPdfActiveContent(new Uint8Array(pdf), limits);

describe('scanPdfActiveContent', () => {
  it('finds nothing in a plain PDF', () => {
    expect(scan(buildPdf())).toEqual({ found: [], incomplete: false, trailing: null });
  });

  it('decodes #xx escapes in names', () => {
    expect(decodePdfName('J#61va#53cript')).toBe('JavaScript');
    expect(scan(buildPdf({ objects: ['<< /S /#4Caunch /F (x) >>'] })).found).toEqual(['Launch']);
    expect(scan(buildPdf({ objects: ['<< /#52ich#4dedia 1 >>'] })).found).toEqual(['RichMedia']);
  });

  it('matches whole names only', () => {
    expect(scan(buildPdf({ objects: ['<< /JSON 1 /XFAX 2 /JavaScripts 3 >>'] })).found).toEqual([]);
    expect(scan(buildPdf({ catalogExtra: '/AcroForm << /XFA 5 0 R >>' })).found).toEqual(['XFA']);
  });

  it('does not read names in ordinary stream data', () => {
    const data = 'garbage /JS /JavaScript /Launch bytes';
    const pdf = buildPdf({ objects: [`<< /Length ${data.length} /Subtype /Image >>\nstream\n${data}\nendstream`] });
    expect(scan(pdf)).toEqual({ found: [], incomplete: false, trailing: null });
  });

  it('inflates object streams, also one cut short', () => {
    const stream = objectStream(['<< /S /JavaScript /JS 9 0 R >>'], 6);
    expect(scan(buildPdf({ objects: [stream] })).found).toEqual(['JavaScript', 'JS']);
    const raw = Buffer.from('6 0 << /S /Launch /F (calc.exe) >>'.padEnd(2000, ' '));
    const cut = deflateSync(raw).subarray(0, 30).toString('latin1');
    const truncated = `<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${cut.length} >>\nstream\n${cut}\nendstream`;
    expect(scan(buildPdf({ objects: [truncated] })).found).toEqual(['Launch']);
  });

  it('reports an object stream over the inflation budget as not analysed', () => {
    const big = objectStream([`<< /Filler (${'x'.repeat(200_000)}) >>`], 6);
    expect(scan(buildPdf({ objects: [big] }), { maxInflatedBytes: 100_000 })).toEqual({ found: [], incomplete: true, trailing: null });
  });

  it('lets a data attachment through (a scanning app’s page JSON), not a program declared as one', () => {
    const attach = (subtype: string, data: string) =>
      buildPdf({
        catalogExtra: '/Names << /EmbeddedFiles 5 0 R >>',
        objects: ['<< /Names [(pageEntities.json) 6 0 R] >>', '<< /Type /Filespec /F (pageEntities.json) /EF << /F 7 0 R >> >>', `<< /Length ${data.length} /Subtype /${subtype} /Type /EmbeddedFile >>\nstream\n${data}\nendstream`],
      });
    expect(scan(attach('application#2Fjson', '{"type":"Document","languages":["pt-br"]}')).found).toEqual([]);
    expect(scan(attach('text#2Fxml', '<?xml version="1.0"?><NFe/>')).found).toEqual([]);
    expect(scan(attach('application#2Fjson', 'MZ\x90\x00\x03')).found).toEqual(expect.arrayContaining(['EmbeddedFile']));
    expect(scan(attach('application#2Fx-msdownload', '{"a":1}')).found).toEqual(expect.arrayContaining(['EmbeddedFile']));
  });

  it('reports triggers only together with JavaScript', () => {
    const js = buildPdf({ catalogExtra: '/OpenAction 5 0 R', objects: ['<< /S /JavaScript /JS (x) >>', '<< /AA << /O 5 0 R >> >>'] });
    expect(scan(js).found).toEqual(['JavaScript', 'JS', 'OpenAction', 'AA']);
    expect(scan(buildPdf({ catalogExtra: '/OpenAction [3 0 R /Fit]' })).found).toEqual([]);
  });
});

describe('pdfEnd and the content after %%EOF', () => {
  const portal = withPortalPage;

  it('ignores an HTML page glued after %%EOF, reporting its scripts', () => {
    const pdf = buildPdf();
    const glued = portal(pdf);
    expect(pdfEnd(glued.toString('latin1'))).toBe(pdf.length);
    expect(scan(glued)).toEqual({ found: [], incomplete: false, trailing: { bytes: PORTAL_PAGE.length, scripts: ['<script', 'javascript:'] } });
  });

  it('still finds JavaScript inside the PDF before its %%EOF', () => {
    const active = portal(buildPdf({ catalogExtra: '/OpenAction 5 0 R', objects: ['<< /S /JavaScript /JS (app.alert\\(1\\)) >>'] }));
    expect(scan(active).found).toEqual(['JavaScript', 'JS', 'OpenAction']);
  });

  it('reads every revision of an incrementally updated PDF, then cuts the tail', () => {
    const updated = incrementalUpdate(buildPdf(), ['<< /S /Launch /F (calc.exe) >>'], 5);
    expect(updated.toString('latin1').match(/%%EOF/g)).toHaveLength(2);
    expect(pdfEnd(updated.toString('latin1'))).toBe(updated.length);
    expect(scan(updated)).toMatchObject({ found: ['Launch'], trailing: null });
    const glued = portal(updated);
    expect(pdfEnd(glued.toString('latin1'))).toBe(updated.length);
    expect(scan(glued).found).toEqual(['Launch']);
    const harmless = incrementalUpdate(buildPdf(), ['<< /Producer (Prefeitura) >>'], 5);
    expect(scan(portal(harmless))).toMatchObject({ found: [], trailing: { bytes: PORTAL_PAGE.length } });
  });

  it('takes objects after the last %%EOF as PDF, not as a tail to ignore', () => {
    // An update without its own %%EOF (or objects hidden after one) is read by a reader that
    // rebuilds the cross-reference table: it is scanned like the rest.
    const hidden = Buffer.concat([buildPdf(), Buffer.from('<html>\n9 0 obj\n<< /S /JavaScript /JS (x) >>\nendobj\n</html>', 'latin1')]);
    expect(scan(hidden)).toMatchObject({ found: ['JavaScript', 'JS'], trailing: null });
  });

  it('does not cut where startxref points into the tail', () => {
    const pdf = buildPdf().toString('latin1').replace(/startxref\s+\d+/, 'startxref\n999999');
    expect(pdfEnd(pdf + PORTAL_PAGE)).toBe(pdf.length + PORTAL_PAGE.length);
  });

  it('leaves white space after %%EOF, and a file without one, alone', () => {
    const padded = Buffer.concat([buildPdf(), Buffer.from('\r\n\0\0  \n', 'latin1')]);
    expect(scan(padded).trailing).toBeNull();
    expect(pdfEnd('%PDF-1.4 no end marker <script>')).toBe(31);
  });
});
