/**
 * The corpus generator's entry: `generateCorpus({ dir, seed, count })` writes sale folders of
 * realistic paperwork (and, on request, the decompression bomb) with a `<file>.truth.json` beside
 * each file, and returns the list. Same seed, same bytes: every random choice comes from a stream
 * derived from the seed and the document's label, and no date is read from the clock.
 *
 * Sale i's documents take the variant i % 6 of each kind, so that six sales cover every trap of
 * DOCUMENTS.md (see the table in bench/README.md).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { TRAPS, type DocSpec, type Medium } from './doc-spec.ts';
import { renderDocument } from './media.ts';
import { writeBombPdf } from './pdf-writer.ts';
import { createRng, type Rng } from './prng.ts';
import { createSale, type Sale } from './sale.ts';
import type { DocumentTruth } from './truth.ts';
import { assinaturaEletronica } from './kinds/assinatura-eletronica.ts';
import { certidaoCivil } from './kinds/certidao-civil.ts';
import { certidaoDistribuidor } from './kinds/certidao-distribuidor.ts';
import { cndFederal } from './kinds/cnd-federal.ts';
import { cndImobiliaria } from './kinds/cnd-imobiliaria.ts';
import { cndt } from './kinds/cndt.ts';
import { compromisso } from './kinds/compromisso.ts';
import { declaracaoCondominio } from './kinds/declaracao-condominio.ts';
import { escritura } from './kinds/escritura.ts';
import { habiteSe } from './kinds/habite-se.ts';
import { identidade } from './kinds/identidade.ts';
import { iptuCadastral } from './kinds/iptu-cadastral.ts';
import { iptuCarne } from './kinds/iptu-carne.ts';
import { itbiComprovante } from './kinds/itbi-comprovante.ts';
import { itbiDeclaracao } from './kinds/itbi-declaracao.ts';
import { itbiGuia } from './kinds/itbi-guia.ts';
import { laudo } from './kinds/laudo.ts';
import { matricula, type MatriculaVariant } from './kinds/matricula.ts';
import { minuta } from './kinds/minuta.ts';
import { emailImpresso, relatorioLongo } from './kinds/outro.ts';
import { pedidoCertidao } from './kinds/pedido-certidao.ts';
import { planta } from './kinds/planta.ts';
import { procuracao } from './kinds/procuracao.ts';
import { recibo } from './kinds/recibo.ts';
import { vvr } from './kinds/vvr.ts';

export const DEFAULT_SEED = 20250314;
/** Six sales cover every variant; the default corpus is seven (about 170 files). */
export const DEFAULT_SALES = 7;
/** 1 GiB inflated, as in the issue. */
export const BOMB_INFLATED_BYTES = 1 << 30;
export const BOMB_FILE = 'especiais/relatorio exportado sistema.pdf';

export interface CorpusOptions {
  dir: string;
  seed?: number;
  /** At most this many documents (sale by sale, in folder order); default: every document of DEFAULT_SALES sales. */
  count?: number;
  /** Sales to draw (default DEFAULT_SALES, or enough for `count`). */
  sales?: number;
  /** Also write the decompression bomb (1 GiB inflated; seconds to write): for the benchmark only. */
  bomb?: boolean | { inflatedBytes: number };
  /** Keep only the documents this accepts (tests). */
  only?: (planned: { type: string; file: string; sale: number; id: string }) => boolean;
  onDocument?: (entry: CorpusEntry, done: number, total: number) => void;
}

export interface CorpusEntry {
  /** Absolute path of the file. */
  path: string;
  /** Path inside the corpus directory (the truth's `file`). */
  file: string;
  /** The sale folder's number (1-based), or 0 for the special files. */
  sale: number;
  truth: DocumentTruth;
}

interface Planned {
  spec: DocSpec;
  sale: number;
}

const scan = (dpi: 200 | 300, codec: 'g4' | 'flate1' | 'jpeg', textLayer: 'none' | 'stamps', skewDeg: number, typewriter = false): Medium => ({ kind: 'scan-pdf', dpi, codec, textLayer, skewDeg, typewriter });
const TEXT: Medium = { kind: 'text-pdf' };
const PORTAL: Medium = { kind: 'text-pdf', tail: 'portal-html', producer: 'iText 5.5.13 (portal da Prefeitura)' };

function mainMatricula(v: number, sale: Sale): MatriculaVariant {
  const n = sale.property.matricula;
  const base = { printCnm: v % 2 === 0, printCep: v !== 1 && v !== 3 };
  switch (v) {
    case 0:
      return { ...base, medium: scan(300, 'g4', 'stamps', 0.7), style: 'dash-slash', typewriter: false, blankPages: 2, file: 'MATRICULA ATUALIZADA AP.pdf' };
    case 1:
      return { ...base, medium: scan(200, 'g4', 'stamps', 1.1, true), style: 'dot', typewriter: true, blankPages: 1, file: `matricula ${n}.pdf` };
    case 2:
      return { ...base, medium: TEXT, style: 'dot-padded', typewriter: false, blankPages: 0, file: `Certidao matricula ${n} - onus reais.pdf` };
    case 3:
      return { ...base, medium: scan(200, 'flate1', 'stamps', 0.9, true), style: 'dot', typewriter: true, blankPages: 1, file: 'matrícula inteiro teor.pdf' };
    case 4:
      return { ...base, medium: scan(300, 'jpeg', 'none', 0.5), style: 'dash-slash', typewriter: false, blankPages: 1, file: 'MATRICULA.pdf' };
    default:
      return { ...base, medium: TEXT, style: 'dash-slash', typewriter: false, blankPages: 1, file: `matricula ${n} atualizada.pdf` };
  }
}

/** The documents of sale `i` (folder `venda-NN/`), with the variants of i % 6. */
function planSale(root: Rng, i: number): Planned[] {
  const sale = createSale(root.fork(`sale:${i}`), i);
  const v = i % 6;
  const sp = sale.city.name === 'São Paulo';
  const r = (label: string) => root.fork(`${i}:${label}`);
  const folder = `venda-${String(i + 1).padStart(2, '0')}`;
  const out: DocSpec[] = [];
  out.push(matricula(sale, sale.property, r('matricula'), mainMatricula(v, sale)));
  if (sale.parking) {
    const medium = v === 0 ? scan(200, 'g4', 'stamps', 0.6) : TEXT;
    out.push(matricula(sale, sale.parking, r('matricula-vaga'), { medium, style: v === 2 ? 'dot' : 'dash-slash', typewriter: false, blankPages: v === 0 ? 1 : 0, printCnm: true, printCep: false, file: 'MATRICULA VAGA.pdf' }));
  }
  if (v % 2 === 0) out.push(escritura(sale, r('escritura'), { medium: v === 2 ? scan(300, 'jpeg', 'none', 0.4) : TEXT, file: v === 2 ? 'traslado escritura digitalizado.pdf' : 'Escritura venda e compra.pdf' }));
  else out.push(minuta(sale, r('minuta'), 'Minuta escritura v2.docx'));
  out.push(compromisso(sale, r('compromisso'), v === 3 ? { medium: { kind: 'screenshot' }, file: 'Captura de Tela 2025-02-11 às 10.42.18.png' } : { medium: TEXT, file: 'CCV assinado.pdf', scannedSignaturePage: v === 5 }));
  out.push(assinaturaEletronica(sale, r('assinatura'), 'Certificado de conclusão.pdf'));
  out.push(
    itbiGuia(sale, r('itbi-guia'), {
      medium: v === 4 ? { kind: 'photo', rotation: 0 } : v === 0 || v === 3 ? PORTAL : TEXT,
      order: v === 1 ? 'values-first' : 'labels-first',
      file: v === 4 ? 'guia itbi foto.jpg' : 'guia ITBI.pdf',
    }),
  );
  const comprovante: Medium = v % 3 === 1 ? { kind: 'screenshot' } : { kind: 'photo', rotation: v % 3 === 0 ? 90 : 270 };
  out.push(itbiComprovante(sale, r('itbi-comprovante'), { medium: comprovante, file: comprovante.kind === 'screenshot' ? 'comprovante pagamento itbi.png' : 'comprovante ITBI VG.jpg' }));
  out.push(itbiDeclaracao(sale, r('itbi-declaracao'), { medium: v === 1 ? PORTAL : TEXT, file: 'ITBI declaração transação.pdf' }));
  if (sp) out.push(vvr(sale, r('vvr'), { medium: v === 0 ? scan(200, 'g4', 'none', 0.8) : v === 3 ? PORTAL : TEXT, order: v === 4 ? 'rows' : 'labels-first', file: 'VVR.pdf' }));
  out.push(iptuCadastral(sale, r('iptu-cadastral'), { medium: sp ? PORTAL : TEXT, order: v === 5 ? 'rows' : 'labels-first', file: 'IPTU certidao dados cadastrais.pdf' }));
  out.push(iptuCarne(sale, r('iptu-carne'), v === 1 || v === 4 ? { medium: { kind: 'photo', rotation: v === 1 ? 270 : 0 }, file: 'carne IPTU.jpg' } : { medium: TEXT, file: 'carne IPTU 2025.pdf' }));
  out.push(cndImobiliaria(sale, r('cnd'), { medium: v === 2 ? scan(200, 'flate1', 'none', 0.6) : TEXT, positive: v === 5, file: 'CND tributos imobiliarios.pdf' }));
  sale.sellers.forEach((who, k) => {
    out.push(cndt(sale, r(`cndt-${k}`), { medium: v === 1 && k === 1 ? scan(300, 'jpeg', 'none', 0.3) : TEXT, who, id: `cndt-${i}-${k}`, file: `CNDT ${who.name.split(' ')[0]}.pdf` }));
  });
  out.push(cndFederal(sale, r('cnd-federal'), { medium: TEXT, positive: v === 4, file: 'certidao receita federal PGFN.pdf' }));
  out.push(certidaoDistribuidor(sale, r('distribuidor'), { medium: TEXT, kind: 'civel', printValidity: v % 2 === 0, file: 'distribuidor civel.pdf' }));
  if (v % 2 === 0) out.push(certidaoDistribuidor(sale, r('protesto'), { medium: TEXT, kind: 'protesto', printValidity: v === 2, file: 'certidao protesto.pdf' }));
  if (sale.property.kind !== 'casa') out.push(declaracaoCondominio(sale, r('condominio'), { medium: v === 0 ? { kind: 'photo', rotation: 0 } : TEXT, file: v === 0 ? 'declaracao condominio.jpg' : 'declaração de quitação condominial.pdf' }));
  out.push(certidaoCivil(sale, r('civil'), { medium: v % 2 === 0 ? scan(300, 'jpeg', 'none', 0.6) : scan(200, 'g4', 'none', 0.9), file: 'certidao casamento vendedores.pdf' }));
  out.push(identidade(sale, r('rg'), { medium: { kind: 'photo', rotation: v % 2 === 0 ? 90 : 270 }, who: sale.sellers[0]!, card: 'rg', id: `rg-${i}`, file: 'RG vendedor.jpg' }));
  if (v % 2 === 0) out.push(identidade(sale, r('cnh'), { medium: { kind: 'photo', rotation: v === 2 ? 90 : 270 }, who: sale.buyers[0]!, card: 'cnh', id: `cnh-${i}`, file: 'CNH comprador.jpeg' }));
  if (v % 2 === 1) out.push(procuracao(sale, r('procuracao'), { medium: scan(200, 'g4', 'stamps', 0.8), file: 'procuracao vendedores.pdf' }));
  out.push(recibo(sale, r('recibo-sinal'), { medium: v === 2 ? { kind: 'photo', rotation: 0 } : TEXT, kind: 'sinal', file: v === 2 ? 'recibo sinal.jpg' : 'recibo sinal.pdf' }));
  if (v === 0 || v === 3) out.push(recibo(sale, r('recibo-custas'), { medium: TEXT, kind: 'custas', file: 'recibo custas cartorio.pdf' }));
  out.push(pedidoCertidao(sale, r('pedido'), 'pedido certidao matricula.pdf'));
  if (v === 0 || v === 3 || v === 5) out.push(planta(sale, r('planta'), { medium: v === 5 ? scan(200, 'g4', 'none', 0.5) : TEXT, file: 'planta.pdf' }));
  if (v === 1 || v === 2 || v === 4) out.push(laudo(sale, r('laudo'), { medium: TEXT, file: 'laudo avaliacao banco.pdf' }));
  out.push(habiteSe(sale, r('habite-se'), { medium: v % 2 === 0 ? scan(300, 'g4', 'none', 0.7, true) : scan(200, 'jpeg', 'none', 0.5), typewriter: v % 2 === 0, file: 'habite-se.pdf' }));
  if (i === 0) out.push(relatorioLongo(sale, r('relatorio'), 'relatorio lancamentos condominio.pdf'));
  if (v === 2 || v === 4) out.push(emailImpresso(sale, r('email'), 'email imobiliaria.pdf'));
  return out.map((spec) => ({ spec: { ...spec, file: `${folder}/${spec.file}` }, sale: i + 1 }));
}

export async function generateCorpus(options: CorpusOptions): Promise<CorpusEntry[]> {
  const seed = options.seed ?? DEFAULT_SEED;
  const root = createRng(seed);
  const planned: Planned[] = [];
  const sales = options.sales ?? DEFAULT_SALES;
  for (let i = 0; i < sales || (options.count !== undefined && planned.length < options.count && i < 100); i++) {
    planned.push(...planSale(root, i));
  }
  let chosen = planned.filter((p) => !options.only || options.only({ type: p.spec.type, file: p.spec.file, sale: p.sale, id: p.spec.id }));
  if (options.count !== undefined) chosen = chosen.slice(0, options.count);
  const names = new Set<string>();
  for (const p of chosen) {
    if (names.has(p.spec.file)) throw new Error(`nome repetido no corpus: ${p.spec.file}`);
    names.add(p.spec.file);
  }

  const entries: CorpusEntry[] = [];
  const total = chosen.length + (options.bomb ? 1 : 0);
  for (const p of chosen) {
    const { bytes, truth } = await renderDocument(p.spec, root.fork(`render:${p.spec.id}`));
    const path = join(options.dir, p.spec.file);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, bytes);
    await writeFile(`${path}.truth.json`, `${JSON.stringify(truth, null, 2)}\n`);
    const entry = { path, file: p.spec.file, sale: p.sale, truth };
    entries.push(entry);
    options.onDocument?.(entry, entries.length, total);
  }
  if (options.bomb) {
    const inflated = typeof options.bomb === 'object' ? options.bomb.inflatedBytes : BOMB_INFLATED_BYTES;
    const path = join(options.dir, BOMB_FILE);
    await mkdir(dirname(path), { recursive: true });
    await writeBombPdf(path, inflated);
    const truth: DocumentTruth = { file: BOMB_FILE, type: 'outro', pages: [{ number: 1, needsOcr: false, blank: false }], fields: [], liens: [], traps: [TRAPS.decompressionBomb] };
    await writeFile(`${path}.truth.json`, `${JSON.stringify(truth, null, 2)}\n`);
    const entry = { path, file: BOMB_FILE, sale: 0, truth };
    entries.push(entry);
    options.onDocument?.(entry, entries.length, total);
  }
  await writeFile(join(options.dir, 'corpus.json'), `${JSON.stringify({ seed, count: entries.length, files: entries.map((e) => e.file) }, null, 2)}\n`);
  return entries;
}
