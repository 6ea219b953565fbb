/**
 * Certidão de matrícula: header with the office (and its own address), the number, the CNM, the
 * property, the opening owner (a developer with its seat address: not the property) and the
 * registro anterior, then the acts with their real spellings (R-1/46.511, R.1, AV-2, Av.2), a
 * lien history where some liens are cancelled by later acts and some stay, and the certificate
 * page with negative-search boilerplate, the selo line, 'FIM DOS ATOS PRATICADOS' and blank
 * 'EM BRANCO' pages.
 */
import type { LienType } from '@viabiliza/contracts/document-types';
import { DocBuilder } from '../layout.ts';
import type { DocSpec, Medium } from '../doc-spec.ts';
import { TRAPS } from '../doc-spec.ts';
import type { Rng } from '../prng.ts';
import { addDays, area, digits, longDate, money, person, thousands, truthAddress, type Day, type Person } from '../people.ts';
import type { Property, Sale } from '../sale.ts';
import type { TruthLien } from '../truth.ts';
import { NEGATIONS, names, officeLine, placeDate, qualify, seloLine, typewritten } from './common.ts';

export type ActStyle = 'dash-slash' | 'dot' | 'dot-padded';

interface Act {
  kind: 'R' | 'AV';
  title: string;
  body: string;
  date: Day;
  lien?: LienType[];
  /** The act (by number) whose liens this one cancels. */
  cancels?: { act: number; types: LienType[] };
  inscription?: boolean;
}

export interface MatriculaVariant {
  medium: Medium;
  style: ActStyle;
  /** 1980s typewritten ficha: Courier, 'l' for '1' and 'O' for '0' in some numbers. */
  typewriter: boolean;
  /** Blank 'EM BRANCO' pages after the acts (the back of each ficha). */
  blankPages: number;
  printCnm: boolean;
  printCep: boolean;
  file: string;
}

function ref(style: ActStyle, kind: 'R' | 'AV', n: number, matricula: number): string {
  if (style === 'dash-slash') return `${kind}-${n}/${thousands(matricula)}`;
  if (style === 'dot') return `${kind === 'AV' ? 'Av' : 'R'}.${n}`;
  return `${kind}.${String(n).padStart(2, '0')}/${matricula}`;
}


function transferAct(from: string, to: Person[], price: number, date: Day, currency = 'R$'): Act {
  return {
    kind: 'R',
    title: 'COMPRA E VENDA',
    date,
    // Acquirers are qualified with their domiciles, as registrars write them: not the property.
    body: `TRANSMITENTE: ${from}. ADQUIRENTE(S): ${to.map(qualify).join('; e ')}. TÍTULO: escritura pública de compra e venda de ${longDate(date)}, lavrada no Tabelionato de Notas local. VALOR: ${currency} ${money(price)}. O imóvel foi adquirido livre e desembaraçado de quaisquer ônus.`,
  };
}

function acts(sale: Sale, prop: Property, rng: Rng, main: boolean): Act[] {
  const dev = sale.developer.name.toUpperCase();
  const earlier: Person[] = [person(rng.fork('earlier')), person(rng.fork('earlier2'), 'F')];
  const y0 = sale.dates.developerOpening.y;
  const d = (years: number): Day => ({ y: Math.min(2024, y0 + years), m: rng.int(1, 12), d: rng.int(1, 28) });
  const bank = sale.lender;
  const inscriptionAct = (date: Day): Act => ({
    kind: 'AV',
    title: 'INSCRIÇÃO MUNICIPAL',
    date,
    inscription: true,
    body: `Procede-se a esta averbação para constar que o imóvel está atualmente cadastrado na Prefeitura sob o contribuinte nº ${prop.inscription}, conforme certidão de dados cadastrais apresentada.`,
  });
  const mortgage = (date: Day, owners: Person[] | string): Act => ({
    kind: 'R',
    title: 'HIPOTECA',
    date,
    lien: ['hipoteca'],
    body: `Por instrumento particular com força de escritura pública de ${longDate(date)}, ${typeof owners === 'string' ? owners : names(owners)} ${typeof owners !== 'string' && owners.length > 1 ? 'deram' : 'deu'} o imóvel em primeira e especial hipoteca ao ${bank.toUpperCase()}, em garantia da dívida de R$ ${money(Math.round(sale.price * 0.4))}, pagável em 180 prestações mensais.`,
  });
  const fiduciary = (date: Day, owners: Person[]): Act => ({
    kind: 'R',
    title: 'ALIENAÇÃO FIDUCIÁRIA',
    date,
    lien: ['alienacao_fiduciaria'],
    body: `Por instrumento particular de ${longDate(date)}, com força de escritura pública, nos termos da Lei 9.514/1997, ${names(owners)} ${owners.length > 1 ? 'alienaram' : 'alienou'} fiduciariamente o imóvel ao ${bank.toUpperCase()}, em garantia da dívida de R$ ${money(Math.round(sale.price * 0.55))}. Em caso de inadimplemento, a consolidação da propriedade em nome do credor fiduciário observará o artigo 26 da referida lei.`,
  });
  if (!main) {
    return [transferAct(dev, sale.sellers, sale.price * 0.08, d(3)), inscriptionAct(d(6))];
  }
  switch (sale.scenario) {
    case 0:
      return [
        transferAct(dev, earlier, sale.price * 0.3, d(1)),
        mortgage(d(1), earlier),
        inscriptionAct(d(4)),
        { kind: 'AV', title: 'CASAMENTO', date: d(6), body: `Pela certidão de casamento apresentada, ${earlier[0]!.name.toUpperCase()} casou-se sob o regime da comunhão parcial de bens.` },
        { kind: 'AV', title: 'CANCELAMENTO DE HIPOTECA', date: d(12), cancels: { act: 2, types: ['hipoteca'] }, body: `Fica cancelada a hipoteca objeto do registro nº 2 desta matrícula, em virtude de autorização dada pelo credor ${bank.toUpperCase()} no termo de quitação apresentado.` },
        transferAct(names(earlier), sale.sellers, sale.price * 0.7, d(20)),
        fiduciary(d(21), sale.sellers),
      ];
    case 1:
      return [
        transferAct(dev, earlier.slice(0, 1), sale.price * 0.3, d(2)),
        { kind: 'R', title: 'DOAÇÃO COM RESERVA DE USUFRUTO', date: d(15), lien: ['usufruto'], body: `Por escritura de ${longDate(d(15))}, ${names(earlier.slice(0, 1))} doou o imóvel a ${names(sale.sellers)}, reservando para si o usufruto vitalício.` },
        { kind: 'AV', title: 'CLÁUSULAS RESTRITIVAS', date: d(15), lien: ['impenhorabilidade', 'incomunicabilidade'], body: 'Da escritura de doação objeto do R.2 consta que o imóvel doado fica gravado com as cláusulas de impenhorabilidade e incomunicabilidade, vitalícias.' },
        { kind: 'R', title: 'PENHORA', date: d(18), lien: ['penhora'], body: `Por certidão expedida nos autos da execução de título extrajudicial, processo nº ${rng.int(1000000, 9999999)}-${rng.int(10, 99)}.2019.8.26.0100, da ${rng.int(1, 45)}ª Vara Cível, procede-se ao registro da penhora do imóvel, sendo depositário ${names(sale.sellers.slice(0, 1))}.` },
        inscriptionAct(d(19)),
        { kind: 'AV', title: 'CANCELAMENTO DE PENHORA', date: d(21), cancels: { act: 4, types: ['penhora'] }, body: 'Por mandado judicial, fica cancelada a penhora objeto do R.4 desta matrícula, em virtude da extinção da execução.' },
      ];
    case 2:
      return [
        transferAct(dev, sale.sellers, sale.price * 0.5, d(5)),
        mortgage(d(5), sale.sellers),
        { kind: 'AV', title: 'CANCELAMENTO', date: d(16), cancels: { act: 2, types: ['hipoteca'] }, body: 'Procede-se ao cancelamento do R.2, hipoteca, em razão da quitação integral da dívida, conforme instrumento de quitação do credor.' },
        inscriptionAct(d(17)),
      ];
    case 3:
      return [
        transferAct(dev, earlier, sale.price * 0.3, d(1)),
        transferAct(names(earlier), sale.sellers, sale.price * 0.6, d(14)),
        fiduciary(d(14), sale.sellers),
        { kind: 'AV', title: 'INDISPONIBILIDADE', date: d(18), lien: ['indisponibilidade'], body: `Por ordem da Central Nacional de Indisponibilidade de Bens - CNIB, protocolo ${rng.int(100000, 999999)}.${rng.int(10, 99)}, decretada nos autos do processo nº ${rng.int(1000000, 9999999)}-${rng.int(10, 99)}.2020.5.02.0${rng.int(10, 99)}, procede-se à averbação da indisponibilidade dos bens de ${names(sale.sellers.slice(0, 1))}.` },
        { kind: 'AV', title: 'CANCELAMENTO DE INDISPONIBILIDADE', date: d(19), cancels: { act: 4, types: ['indisponibilidade'] }, body: 'Por ordem da CNIB, fica cancelada a indisponibilidade objeto da Av.4 desta matrícula.' },
        { kind: 'AV', title: 'CANCELAMENTO DA PROPRIEDADE FIDUCIÁRIA', date: d(22), cancels: { act: 3, types: ['alienacao_fiduciaria'] }, body: `Fica cancelada a propriedade fiduciária objeto do R.3, em virtude do termo de quitação emitido pelo ${sale.lender.toUpperCase()}, consolidando-se a propriedade plena nos devedores fiduciantes.` },
        inscriptionAct(d(23)),
      ];
    case 4:
      return [
        transferAct(dev, sale.sellers, sale.price * 0.45, d(3)),
        inscriptionAct(d(4)),
        mortgage(d(6), sale.sellers),
        { kind: 'AV', title: 'PENHORA', date: d(19), lien: ['penhora'], body: `Nos termos do artigo 844 do Código de Processo Civil, averba-se a penhora do imóvel determinada nos autos do processo nº ${rng.int(1000000, 9999999)}-${rng.int(10, 99)}.2022.8.26.0${rng.int(100, 999)}, em que é exequente o Condomínio ${prop.building ?? 'do loteamento'}, valor da dívida R$ ${money(rng.int(18000, 90000))}.` },
        { kind: 'AV', title: 'CANCELAMENTO DE HIPOTECA', date: d(20), cancels: { act: 3, types: ['hipoteca'] }, body: 'Fica cancelada a hipoteca do R.3 desta matrícula, à vista do termo de liberação apresentado pelo credor.' },
      ];
    default:
      return [
        transferAct(dev, earlier.slice(0, 1), sale.price * 0.3, d(2)),
        { kind: 'R', title: 'USUFRUTO', date: d(9), lien: ['usufruto'], body: `Por escritura de ${longDate(d(9))}, ${names(earlier.slice(0, 1))} instituiu usufruto vitalício sobre o imóvel em favor de ${earlier[1]!.name.toUpperCase()}.` },
        { kind: 'AV', title: 'CANCELAMENTO DE USUFRUTO', date: d(15), cancels: { act: 2, types: ['usufruto'] }, body: `À vista da certidão de óbito apresentada, cancela-se o usufruto objeto do R.2, em virtude do falecimento de ${earlier[1]!.name.toUpperCase()}.` },
        transferAct(names(earlier.slice(0, 1)), sale.sellers, sale.price * 0.75, d(20)),
        fiduciary(d(20), sale.sellers),
        inscriptionAct(d(21)),
      ];
  }
}

export function matricula(sale: Sale, prop: Property, rng: Rng, variant: MatriculaVariant): DocSpec {
  const main = prop.kind !== 'vaga';
  const tw = variant.typewriter;
  const num = (s: string) => (tw ? typewritten(s) : s);
  // Scanned fichas are set large (a typewriter's 10 pitch, a registrar's printer at 11 pt).
  const scanned = variant.medium.kind !== 'text-pdf';
  const doc = new DocBuilder(tw ? { font: 'mono', size: 11, leading: 17, left: 60, right: 50 } : scanned ? { font: 'sans', size: 11, leading: 16 } : { font: 'sans', size: 9.5, leading: 13.5 });
  const a = prop.address;
  const city = sale.city;
  const traps: string[] = [TRAPS.actHistory, TRAPS.openingOwnerDeveloper, TRAPS.companySeatAddress, TRAPS.lienNegation];
  if (tw) traps.push(TRAPS.typewriter, TRAPS.ocrHostileNumbers);

  // Header: the office's own address is not the property's.
  doc.line('REPÚBLICA FEDERATIVA DO BRASIL', { center: true, font: 'bold', size: 9 });
  doc.line(sale.registry.name.toUpperCase(), { center: true, font: 'bold', size: 11 });
  doc.field('cartorio', sale.registry.name);
  doc.line(officeLine(sale.registry.address), { center: true, size: 7.5 });
  doc.space(6);
  doc.line(`LIVRO Nº 2 - REGISTRO GERAL${' '.repeat(6)}MATRÍCULA Nº ${num(thousands(prop.matricula))}${' '.repeat(6)}FICHA 01`, { font: 'bold', size: 10.5 });
  doc.field('matricula_numero', String(prop.matricula));
  if (variant.printCnm) {
    doc.line(`CNM: ${prop.cnm}`, { size: 9 });
    doc.field('cnm', digits(prop.cnm));
  }
  doc.line(`${city.name}, ${longDate(sale.dates.developerOpening)}.`);
  doc.space(4);

  const place = `${a.street}, nº ${a.number}, ${a.district}, em ${city.name}/${city.uf}${variant.printCep ? `, CEP ${a.cep}` : ''}`;
  const marks = [
    { key: 'endereco' as const, value: truthAddress(a), needle: `${a.street}, nº ${a.number}` },
    { key: 'cidade' as const, value: city.name, needle: `${city.name}/${city.uf}` },
    { key: 'uf' as const, value: city.uf, needle: `${city.name}/${city.uf}` },
  ];
  if (variant.printCep) marks.push({ key: 'cep', value: digits(a.cep), needle: `CEP ${a.cep}` } as never);
  let description: string;
  if (prop.kind === 'casa') {
    description = `IMÓVEL: Um terreno com a área de ${area(prop.areas.terreno)} m², situado na ${place}, e o prédio residencial nele edificado.`;
    marks.push({ key: 'area_terreno_m2', value: prop.areas.terreno, needle: `${area(prop.areas.terreno)} m²` } as never);
  } else {
    const unit = prop.kind === 'vaga' ? `A ${prop.unit.toUpperCase()}, localizada no subsolo` : `O ${prop.unit.toUpperCase()}, localizado no ${rng.int(1, 20)}º andar`;
    description = `IMÓVEL: ${unit} do ${prop.building!.toUpperCase()}, situado na ${place}, com a área privativa de ${area(prop.areas.privativa)} m², a área comum de ${area(prop.areas.comum)} m², perfazendo a área total de ${area(prop.areas.total)} m², correspondendo-lhe a fração ideal de ${String(prop.fracao).replace('.', ',')} no terreno, que mede ${area(prop.areas.terreno)} m².`;
    marks.push(
      { key: 'area_privativa_m2', value: prop.areas.privativa, needle: `privativa de ${area(prop.areas.privativa)}` } as never,
      { key: 'area_total_m2', value: prop.areas.total, needle: `total de ${area(prop.areas.total)}` } as never,
      { key: 'fracao_ideal', value: prop.fracao, needle: String(prop.fracao).replace('.', ',') } as never,
      { key: 'area_terreno_m2', value: prop.areas.terreno, needle: `mede ${area(prop.areas.terreno)}` } as never,
    );
  }
  doc.para(description, marks);
  const dev = sale.developer;
  doc.para(`PROPRIETÁRIA: ${dev.name.toUpperCase()}, com sede na ${dev.seat.street}, nº ${dev.seat.number}, ${dev.seat.district}, ${dev.seat.city.name}/${dev.seat.city.uf}, CEP ${dev.seat.cep}, inscrita no CNPJ sob nº ${dev.cnpj}.`);
  doc.para(`REGISTRO ANTERIOR: R.${rng.int(1, 9)} da matrícula nº ${num(thousands(prop.matricula - rng.int(900, 7000)))} deste Ofício (Transcrição nº ${num(thousands(rng.int(10000, 90000)))}).`);
  doc.space(6);

  const list = acts(sale, prop, rng, main);
  if (prop.kind === 'casa') {
    // At the end, so the act numbers the cancellations cite stay right.
    list.push({
      kind: 'AV',
      title: 'CONSTRUÇÃO',
      date: addDays(sale.dates.developerOpening, 400),
      body: `Pelo auto de conclusão (habite-se) nº ${rng.int(1000, 9999)}/${sale.dates.developerOpening.y + 1} da Prefeitura, averba-se a construção do prédio residencial com a área construída de ${area(prop.areas.construida)} m².`,
    });
  }
  const liens: TruthLien[] = [];
  list.forEach((act, i) => {
    const n = i + 1;
    const label = ref(variant.style, act.kind, n, prop.matricula);
    const when = tw ? num(`${String(act.date.d).padStart(2, '0')}/${String(act.date.m).padStart(2, '0')}/${act.date.y}`) : longDate(act.date);
    const body = tw ? act.body.replace(/R\$ ([\d.,]+)/g, (_m, v: string) => `R$ ${typewritten(v)}`) : act.body;
    const m: { key: 'inscricao_imobiliaria' | 'area_construida_m2'; value: string | number; needle: string }[] = [];
    if (act.inscription) m.push({ key: 'inscricao_imobiliaria', value: digits(prop.inscription), needle: prop.inscription });
    if (act.title === 'CONSTRUÇÃO') m.push({ key: 'area_construida_m2', value: prop.areas.construida, needle: `${area(prop.areas.construida)} m²` });
    doc.para(`${label} - Em ${when}. ${act.title}. ${body}`, m);
    doc.space(4);
    for (const type of act.lien ?? []) liens.push({ type, act: `${act.kind}.${n}`, active: true, cancelledBy: null });
    if (act.cancels) {
      for (const type of act.cancels.types) {
        const target = liens.find((l) => l.act === `R.${act.cancels!.act}` && l.type === type) ?? liens.find((l) => l.act === `AV.${act.cancels!.act}` && l.type === type);
        if (!target) throw new Error(`cancelamento sem ato: ${type} ${act.cancels.act}`);
        target.active = false;
        target.cancelledBy = `${act.kind}.${n}`;
      }
    }
  });
  doc.line('FIM DOS ATOS PRATICADOS', { font: 'bold', center: true, textLayer: true });
  for (let i = 0; i < variant.blankPages; i++) doc.blankPage('EM BRANCO', false);
  if (variant.blankPages === 0) doc.newPage();
  // Certificate page.
  const font = 'sans' as const;
  doc.line('CERTIDÃO', { center: true, font: 'bold', size: 12 });
  doc.para(
    `CERTIFICO E DOU FÉ que a presente certidão, extraída nos termos do art. 19, § 1º, da Lei 6.015/1973, é reprodução autêntica da matrícula nº ${thousands(prop.matricula)}, e que nela se acham relatados todos os ônus e alienações relativos ao imóvel até a presente data.`,
    [],
    { font },
  );
  doc.para(NEGATIONS.cnibNegative, [], { font });
  if (sale.scenario === 2) doc.para(NEGATIONS.nadaConsta, [], { font });
  doc.para(placeDate(city.name, sale.dates.matriculaIssue), [{ key: 'data_emissao', value: `${sale.dates.matriculaIssue.y}-${String(sale.dates.matriculaIssue.m).padStart(2, '0')}-${String(sale.dates.matriculaIssue.d).padStart(2, '0')}`, needle: longDate(sale.dates.matriculaIssue) }], { font });
  doc.line(`Emolumentos: R$ ${money(rng.int(4000, 9000) / 100)} - Estado: R$ ${money(rng.int(1000, 2500) / 100)} - Total: R$ ${money(rng.int(6000, 12000) / 100)}`, { size: 8, font });
  doc.line(`Oficial: ${sale.registry.officer}`, { size: 9, font });
  doc.line('VIDE CERTIDÃO', { font: 'bold', textLayer: true, size: 9 });
  const selo = seloLine(rng, sale.registry.short);
  doc.footers((p, total) => `${selo} - pág. ${p}/${total}`, { textLayer: true, size: 6.5 });
  if (variant.medium.kind === 'scan-pdf' || variant.medium.kind === 'text-pdf') {
    // The registrar's stamp lands across the first act lines.
    doc.pages[0]!.items.push(
      ...stampItems(`${sale.registry.short.toUpperCase()} - ${city.name.toUpperCase()}`, 330, 520, rng),
    );
    traps.push(TRAPS.stampsOverText);
  }
  if (variant.blankPages > 0) traps.push(TRAPS.blankPages);
  return { id: `matricula-${sale.index}-${prop.kind}`, file: variant.file, type: 'matricula', medium: variant.medium, doc, liens, traps };
}

function stampItems(text: string, x: number, y: number, rng: Rng) {
  const b = new DocBuilder();
  b.stamp([text, 'REGISTRO DE IMÓVEIS', 'CONFERE COM O ORIGINAL'], x, y, { size: 11, angle: rng.int(-12, 12), color: [0.2, 0.25, 0.7] });
  return b.pages[0]!.items;
}

