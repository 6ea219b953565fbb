import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodePdfName, scanPdfActiveContent } from './pdf-active-content.ts';
import { buildPdf, objectStream } from './test-fixtures.ts';

const scan = (pdf: Buffer, limits = {}) => scanPdfActiveContent(new Uint8Array(pdf), limits);

describe('scanPdfActiveContent', () => {
  it('finds nothing in a plain PDF', () => {
    expect(scan(buildPdf())).toEqual({ found: [], incomplete: false });
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
    expect(scan(pdf)).toEqual({ found: [], incomplete: false });
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
    expect(scan(buildPdf({ objects: [big] }), { maxInflatedBytes: 100_000 })).toEqual({ found: [], incomplete: true });
  });

  it('reports triggers only together with JavaScript', () => {
    const js = buildPdf({ catalogExtra: '/OpenAction 5 0 R', objects: ['<< /S /JavaScript /JS (x) >>', '<< /AA << /O 5 0 R >> >>'] });
    expect(scan(js).found).toEqual(['JavaScript', 'JS', 'OpenAction', 'AA']);
    expect(scan(buildPdf({ catalogExtra: '/OpenAction [3 0 R /Fit]' })).found).toEqual([]);
  });
});
