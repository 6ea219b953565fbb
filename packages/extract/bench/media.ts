/**
 * Turns a document's page model into the bytes a folder holds (text PDF, scanner PDF, phone
 * photo, screenshot, DOCX) and writes its truth: which pages need OCR, which are blank, how a
 * photo is turned, the traps its medium adds.
 */
import { docx } from '../test/corpus.ts';
import { addNoise, bilevel, blur, encodeG4, jpegGray, packBilevel, phonePhoto } from './degrade.ts';
import { TRAPS, type DocSpec } from './doc-spec.ts';
import type { PageItem, PageModel } from './layout.ts';
import { writePdf, type PdfImage, type PdfPage } from './pdf-writer.ts';
import type { Rng } from './prng.ts';
import { rasterize, toGray } from './render.ts';
import type { DocumentTruth, TruthPage } from './truth.ts';
import { portalHtml } from './kinds/common.ts';

const textLayerOf = (page: PageModel): PageItem[] => page.items.filter((i) => i.kind === 'text' && i.textLayer);

async function scanImage(
  page: PageModel,
  rng: Rng,
  options: { dpi: number; codec: 'g4' | 'flate1' | 'jpeg'; skewDeg: number; typewriter?: boolean; textLayerApart?: boolean },
): Promise<PdfImage> {
  // Stamps and footers written as text by the certificate system sit on top of the scan, not in it.
  const drawn = options.textLayerApart ? { ...page, items: page.items.filter((i) => !(i.kind === 'text' && i.textLayer)) } : page;
  const canvas = rasterize(drawn, {
    dpi: options.dpi,
    skewDeg: options.skewDeg,
    paper: options.typewriter ? '#f3eedf' : '#fbfbf8',
    inkJitter: options.typewriter ? () => rng.next() : undefined,
  });
  const gray = addNoise(await blur(toGray(canvas), options.codec === 'jpeg' ? 0.9 : 0.6), rng, options.codec === 'jpeg' ? 12 : 18, page.blank ? 60 : 400);
  if (options.codec === 'jpeg') return jpegGray(gray, 62);
  const bw = bilevel(gray, options.typewriter ? 170 : 150);
  return options.codec === 'g4' ? encodeG4(bw) : packBilevel(bw);
}

export async function renderDocument(spec: DocSpec, rng: Rng): Promise<{ bytes: Buffer; truth: DocumentTruth }> {
  const { doc, medium } = spec;
  const traps = new Set(spec.traps);
  let bytes: Buffer;
  let pages: TruthPage[];
  let fields = doc.fields;
  switch (medium.kind) {
    case 'text-pdf': {
      const out: PdfPage[] = [];
      for (const page of doc.pages) {
        if (page.raster) {
          traps.add(TRAPS.mixedPages);
          out.push({ items: textLayerOf(page), image: await scanImage(page, rng, { dpi: 200, codec: 'jpeg', skewDeg: 0.4, textLayerApart: true }) });
        } else out.push({ items: page.items });
      }
      if (medium.tail) traps.add(TRAPS.eofHtmlTail);
      bytes = writePdf(out, { producer: medium.producer ?? 'Sistema de Certidões 4.2', created: '20250301090000', tail: medium.tail ? portalHtml(spec.file) : undefined });
      pages = doc.pages.map((p, i) => ({ number: i + 1, needsOcr: Boolean(p.raster) && !p.blank, blank: p.blank }));
      break;
    }
    case 'scan-pdf': {
      const out: PdfPage[] = [];
      for (const [i, page] of doc.pages.entries()) {
        // Each sheet lies a little differently on the glass.
        const skewDeg = medium.skewDeg === 0 ? 0 : medium.skewDeg * (0.6 + 0.4 * ((i % 3) / 2)) * (i % 2 ? -1 : 1);
        out.push({
          items: medium.textLayer === 'stamps' ? textLayerOf(page) : [],
          image: await scanImage(page, rng, { dpi: medium.dpi, codec: medium.codec, skewDeg, typewriter: medium.typewriter, textLayerApart: medium.textLayer === 'stamps' }),
        });
      }
      traps.add(medium.dpi === 200 ? TRAPS.scan200 : TRAPS.scan300);
      if (medium.codec === 'g4') traps.add(TRAPS.ccitt);
      if (medium.codec === 'flate1') traps.add(TRAPS.bilevelFlate);
      if (medium.skewDeg) traps.add(TRAPS.skew);
      if (medium.textLayer === 'stamps') traps.add(TRAPS.stampOnlyTextLayer);
      bytes = writePdf(out, { producer: 'ScanSnap Manager #S1500', created: '20250228143000' });
      pages = doc.pages.map((p, i) => ({ number: i + 1, needsOcr: !p.blank, blank: p.blank }));
      break;
    }
    case 'photo': {
      const canvas = rasterize(doc.pages[0]!, { dpi: 150, paper: '#f6f1e4' });
      bytes = await phonePhoto(canvas, rng, { rotation: medium.rotation });
      if (medium.rotation) traps.add(TRAPS.sidewaysPhoto);
      traps.add(TRAPS.perspective);
      pages = [{ number: 1, needsOcr: true, blank: false, rotation: medium.rotation }];
      fields = fields.filter((f) => f.page === 1);
      break;
    }
    case 'screenshot': {
      const canvas = rasterize(doc.pages[0]!, { dpi: 110, paper: '#ffffff' });
      bytes = canvas.encodeSync('png');
      traps.add(TRAPS.screenshot);
      pages = [{ number: 1, needsOcr: true, blank: false, rotation: 0 }];
      fields = fields.filter((f) => f.page === 1);
      break;
    }
    case 'docx': {
      bytes = docx(medium.paragraphs, medium.table ?? []);
      traps.add(TRAPS.docx);
      pages = [{ number: 1, needsOcr: false, blank: false }];
      fields = fields.map((f) => ({ ...f, page: 1 }));
      break;
    }
  }
  return {
    bytes,
    truth: { file: spec.file, type: spec.type, pages, fields, liens: spec.liens, traps: [...traps].sort() },
  };
}
