/**
 * The corpus generator's entry: `generateCorpus({ dir, seed, count })` writes sale folders of
 * realistic paperwork (and, on request, the decompression bomb) with a `<file>.truth.json` beside
 * each file, and returns the list. Same seed, same bytes: every random choice comes from a stream
 * derived from the seed and the document's label, and no date is read from the clock.
 *
 * Sale i's documents take the variant i % 6 of each kind, so that six sales cover every trap of
 * DOCUMENTS.md (see the table in bench/README.md).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { TRAPS, type DocSpec, type Medium } from './doc-spec.ts';
import { renderDocument } from './media.ts';
import { writeBombPdf } from './pdf-writer.ts';
import { createRng, type Rng } from './prng.ts';
import { createSale, type Sale } from './sale.ts';
import type { DocumentTruth, DossierTruth } from './truth.ts';
import { dossierTruth, type FolderDocument } from './dossier-truth.ts';
import { addDays } from './people.ts';
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
/** Six sales cover every variant; sales 7–9 add issue 16's scenarios (about 250 files in all). */
export const DEFAULT_SALES = 10;
/** Issue 14's corpus: the first seven sales (its tables in BENCHMARKS.md were measured on them). */
export const ISSUE14_SALES = 7;
/** Each sale folder's truth as a whole (issue 16). */
export const DOSSIER_TRUTH_FILE = 'dossier.truth.json';
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

const folderName = (i: number) => `venda-${String(i + 1).padStart(2, '0')}`;

/** The documents of sale `i` (folder `venda-NN/`), with the variants of i % 6. */
function planSale(root: Rng, i: number): { sale: Sale; folder: string; specs: DocSpec[] } {
  const sale = createSale(root.fork(`sale:${i}`), i);
  const v = i % 6;
  const perSeller = sale.scenario === 7;
  const sp = sale.city.name === 'São Paulo';
  const r = (label: string) => root.fork(`${i}:${label}`);
  const folder = folderName(i);
  const out: DocSpec[] = [];
  // Issue 16's scenarios print their main matrícula born digital, so text-only folders hold them.
  const matriculaVariant = sale.scenario === 6 ? 5 : sale.scenario === 8 ? 2 : v;
  out.push(matricula(sale, sale.property, r('matricula'), mainMatricula(matriculaVariant, sale)));
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
    // Issue 16's stale certificate: the second seller's CNDT was drawn 200 days before the analysis.
    const issued = sale.expired === 'cndt' && k === 1 ? addDays(sale.dates.today, -200) : undefined;
    out.push(cndt(sale, r(`cndt-${k}`), { medium: v === 1 && k === 1 ? scan(300, 'jpeg', 'none', 0.3) : TEXT, who, id: `cndt-${i}-${k}`, file: `CNDT ${who.name.split(' ')[0]}.pdf`, issued }));
  });
  if (perSeller) {
    // The big folder (a partilha to three heirs): every personal certificate for every seller.
    sale.sellers.forEach((who, k) => {
      const first = who.name.split(' ')[0]!;
      out.push(cndFederal(sale, r(`cnd-federal-${k}`), { medium: TEXT, positive: false, who, id: `cnd-federal-${i}-${k}`, file: `certidao receita federal PGFN ${first}.pdf` }));
      out.push(certidaoDistribuidor(sale, r(`distribuidor-${k}`), { medium: TEXT, kind: 'civel', printValidity: k !== 1, who, id: `distribuidor-civel-${i}-${k}`, file: `distribuidor civel ${first}.pdf` }));
      out.push(certidaoDistribuidor(sale, r(`protesto-${k}`), { medium: TEXT, kind: 'protesto', printValidity: k === 0, who, id: `distribuidor-protesto-${i}-${k}`, file: `certidao protesto ${first}.pdf` }));
    });
  } else {
    out.push(cndFederal(sale, r('cnd-federal'), { medium: TEXT, positive: v === 4, file: 'certidao receita federal PGFN.pdf' }));
    out.push(certidaoDistribuidor(sale, r('distribuidor'), { medium: TEXT, kind: 'civel', printValidity: v % 2 === 0, file: 'distribuidor civel.pdf' }));
    if (v % 2 === 0) out.push(certidaoDistribuidor(sale, r('protesto'), { medium: TEXT, kind: 'protesto', printValidity: v === 2, file: 'certidao protesto.pdf' }));
  }
  if (sale.property.kind !== 'casa') out.push(declaracaoCondominio(sale, r('condominio'), { medium: v === 0 ? { kind: 'photo', rotation: 0 } : TEXT, file: v === 0 ? 'declaracao condominio.jpg' : 'declaração de quitação condominial.pdf' }));
  out.push(certidaoCivil(sale, r('civil'), { medium: v % 2 === 0 ? scan(300, 'jpeg', 'none', 0.6) : scan(200, 'g4', 'none', 0.9), file: 'certidao casamento vendedores.pdf' }));
  out.push(identidade(sale, r('rg'), { medium: { kind: 'photo', rotation: v % 2 === 0 ? 90 : 270 }, who: sale.sellers[0]!, card: 'rg', id: `rg-${i}`, file: 'RG vendedor.jpg' }));
  if (perSeller) {
    sale.sellers.slice(1).forEach((who, k) => out.push(identidade(sale, r(`rg-${k + 1}`), { medium: { kind: 'photo', rotation: k === 0 ? 270 : 0 }, who, card: k === 0 ? 'rg' : 'cnh', id: `rg-${i}-${k + 1}`, file: `documento ${who.name.split(' ')[0]}.jpg` })));
  }
  if (v % 2 === 0) out.push(identidade(sale, r('cnh'), { medium: { kind: 'photo', rotation: v === 2 ? 90 : 270 }, who: sale.buyers[0]!, card: 'cnh', id: `cnh-${i}`, file: 'CNH comprador.jpeg' }));
  if (perSeller) {
    // The estate: the death certificate of the owner the partilha settled; the heirs sell by proxy.
    out.push(certidaoCivil(sale, r('obito'), { medium: TEXT, file: 'certidao de obito.pdf', death: sale.deceased! }));
    out.push(procuracao(sale, r('procuracao'), { medium: scan(200, 'g4', 'stamps', 0.8), file: 'procuracao herdeiros.pdf' }));
  }
  if (v % 2 === 1) out.push(procuracao(sale, r('procuracao'), { medium: scan(200, 'g4', 'stamps', 0.8), file: 'procuracao vendedores.pdf' }));
  out.push(recibo(sale, r('recibo-sinal'), { medium: v === 2 ? { kind: 'photo', rotation: 0 } : TEXT, kind: 'sinal', file: v === 2 ? 'recibo sinal.jpg' : 'recibo sinal.pdf' }));
  if (v === 0 || v === 3 || perSeller) out.push(recibo(sale, r('recibo-custas'), { medium: TEXT, kind: 'custas', file: 'recibo custas cartorio.pdf' }));
  out.push(pedidoCertidao(sale, r('pedido'), 'pedido certidao matricula.pdf'));
  if (v === 0 || v === 3 || v === 5 || perSeller) out.push(planta(sale, r('planta'), { medium: v === 5 ? scan(200, 'g4', 'none', 0.5) : TEXT, file: 'planta.pdf' }));
  if (v === 1 || v === 2 || v === 4) out.push(laudo(sale, r('laudo'), { medium: TEXT, file: 'laudo avaliacao banco.pdf' }));
  out.push(habiteSe(sale, r('habite-se'), { medium: v % 2 === 0 ? scan(300, 'g4', 'none', 0.7, true) : scan(200, 'jpeg', 'none', 0.5), typewriter: v % 2 === 0, file: 'habite-se.pdf' }));
  if (i === 0) out.push(relatorioLongo(sale, r('relatorio'), 'relatorio lancamentos condominio.pdf'));
  if (v === 2 || v === 4) out.push(emailImpresso(sale, r('email'), 'email imobiliaria.pdf'));
  return { sale, folder, specs: out };
}

/** Every planned document of the first `sales` sales, in folder order. */
function planCorpus(root: Rng, sales: number, count?: number): { plans: ReturnType<typeof planSale>[]; planned: Planned[] } {
  const plans: ReturnType<typeof planSale>[] = [];
  const planned: Planned[] = [];
  for (let i = 0; i < sales || (count !== undefined && planned.length < count && i < 100); i++) {
    const plan = planSale(root, i);
    plans.push(plan);
    planned.push(...plan.specs.map((spec) => ({ spec: { ...spec, file: `${plan.folder}/${spec.file}` }, sale: i + 1 })));
  }
  return { plans, planned };
}

export async function generateCorpus(options: CorpusOptions): Promise<CorpusEntry[]> {
  const seed = options.seed ?? DEFAULT_SEED;
  const root = createRng(seed);
  const { plans, planned } = planCorpus(root, options.sales ?? DEFAULT_SALES, options.count);
  let chosen = planned.filter((p) => !options.only || options.only({ type: p.spec.type, file: p.spec.file, sale: p.sale, id: p.spec.id }));
  if (options.count !== undefined) chosen = chosen.slice(0, options.count);
  const names = new Set<string>();
  for (const p of chosen) {
    if (names.has(p.spec.file)) throw new Error(`nome repetido no corpus: ${p.spec.file}`);
    names.add(p.spec.file);
  }

  const entries: CorpusEntry[] = [];
  const total = chosen.length + (options.bomb ? 1 : 0);
  const rendered: FolderDocument[] = [];
  for (const p of chosen) {
    const { bytes, truth } = await renderDocument(p.spec, root.fork(`render:${p.spec.id}`));
    const path = join(options.dir, p.spec.file);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, bytes);
    await writeFile(`${path}.truth.json`, `${JSON.stringify(truth, null, 2)}\n`);
    const entry = { path, file: p.spec.file, sale: p.sale, truth };
    entries.push(entry);
    rendered.push({ spec: p.spec, truth });
    options.onDocument?.(entry, entries.length, total);
  }
  // Each folder's dossier truth, over the documents written (a subset judges only what it holds).
  for (const plan of plans) {
    const docs = rendered.filter((d) => d.spec.file.startsWith(`${plan.folder}/`));
    if (docs.length === 0) continue;
    const truth = dossierTruth(plan.sale, plan.folder, docs);
    await writeFile(join(options.dir, plan.folder, DOSSIER_TRUTH_FILE), `${JSON.stringify(truth, null, 2)}\n`);
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

export interface SaleFolderOptions {
  /** The folder to write into (created): the files sit directly in it. */
  dir: string;
  seed?: number;
  /** Which sale (0-based; `venda-NN` is index + 1). Sales 7–9 carry issue 16's scenarios. */
  index: number;
  /**
   * Only born-digital files (text PDFs without scanned pages, DOCX): no scans, photos or
   * screenshots, so nothing needs OCR. The dossier truth then judges only what is kept (a scanned
   * matrícula left out makes its certificate 'ausente'). Sales whose main matrícula is born
   * digital: 2, 5 and 8 (the partilha to three heirs, with its parking space); see README.md.
   */
  textOnly?: boolean;
}

const bornDigital = (spec: DocSpec) => spec.medium.kind === 'docx' || (spec.medium.kind === 'text-pdf' && !spec.doc.pages.some((p) => p.raster));

/**
 * Writes ONE sale's folder: every file of the sale (or its born-digital ones), each
 * `<file>.truth.json`, and `dossier.truth.json` (format: truth.ts `DossierTruth`). Same seed and
 * index, same bytes as the folder `generateCorpus` writes for that sale. Returns the entries
 * (`file` is the name inside the folder; `sale` is index + 1).
 */
export async function generateSaleFolder(options: SaleFolderOptions): Promise<CorpusEntry[]> {
  const root = createRng(options.seed ?? DEFAULT_SEED);
  // Streams are forked by label, not drawn in turn: the sale plans alone, as in the whole corpus.
  const plan = planSale(root, options.index);
  const specs = options.textOnly ? plan.specs.filter(bornDigital) : plan.specs;
  await mkdir(options.dir, { recursive: true });
  const entries: CorpusEntry[] = [];
  const docs: FolderDocument[] = [];
  for (const spec of specs) {
    const { bytes, truth } = await renderDocument(spec, root.fork(`render:${spec.id}`));
    const path = join(options.dir, spec.file);
    await writeFile(path, bytes);
    await writeFile(`${path}.truth.json`, `${JSON.stringify(truth, null, 2)}\n`);
    entries.push({ path, file: spec.file, sale: options.index + 1, truth });
    docs.push({ spec, truth });
  }
  const truth = dossierTruth(plan.sale, plan.folder, docs);
  await writeFile(join(options.dir, DOSSIER_TRUTH_FILE), `${JSON.stringify(truth, null, 2)}\n`);
  return entries;
}

/** Reads a folder's `dossier.truth.json`. */
export async function readDossierTruth(dir: string): Promise<DossierTruth> {
  return JSON.parse(await readFile(join(dir, DOSSIER_TRUTH_FILE), 'utf8')) as DossierTruth;
}
