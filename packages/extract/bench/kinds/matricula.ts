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
import { addDays, area, cnpj, digits, longDate, money, person, thousands, truthAddress, type Day, type Person } from '../people.ts';
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
  /** A transfer: the acquirers, with the share the act prints (null when silent). */
  transfer?: { name: string; fraction: number | null }[];
  /** In whose favour the liens it constitutes stand, when the act names it. */
  beneficiary?: string;
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
    transfer: to.map((p) => ({ name: p.name, fraction: null })),
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
    beneficiary: bank,
    body: `Por instrumento particular com força de escritura pública de ${longDate(date)}, ${typeof owners === 'string' ? owners : names(owners)} ${typeof owners !== 'string' && owners.length > 1 ? 'deram' : 'deu'} o imóvel em primeira e especial hipoteca ao ${bank.toUpperCase()}, em garantia da dívida de R$ ${money(Math.round(sale.price * 0.4))}, pagável em 180 prestações mensais.`,
  });
  const fiduciary = (date: Day, owners: Person[]): Act => ({
    kind: 'R',
    title: 'ALIENAÇÃO FIDUCIÁRIA',
    date,
    lien: ['alienacao_fiduciaria'],
    beneficiary: bank,
    body: `Por instrumento particular de ${longDate(date)}, com força de escritura pública, nos termos da Lei 9.514/1997, ${names(owners)} ${owners.length > 1 ? 'alienaram' : 'alienou'} fiduciariamente o imóvel ao ${bank.toUpperCase()}, em garantia da dívida de R$ ${money(Math.round(sale.price * 0.55))}. Em caso de inadimplemento, a consolidação da propriedade em nome do credor fiduciário observará o artigo 26 da referida lei.`,
  });
  const pct = (f: number) => `${f * 100}% (${f === 0.5 ? 'cinquenta' : 'vinte e cinco'} por cento)`;
  const partilha = (date: Day, deceased: Person, value: number): Act => ({
    kind: 'R',
    title: 'PARTILHA',
    date,
    transfer: sale.sellers.map((p, k) => ({ name: p.name, fraction: k === 0 ? 0.5 : 0.5 / (sale.sellers.length - 1) })),
    body: `Pelo formal de partilha expedido em ${longDate(date)} nos autos do arrolamento dos bens deixados por ${deceased.name.toUpperCase()}, falecido em ${longDate(addDays(date, -200))}, processo nº ${rng.int(1000000, 9999999)}-${rng.int(10, 99)}.${date.y - 1}.8.26.0100, da ${rng.int(1, 12)}ª Vara da Família e Sucessões, o imóvel, avaliado em R$ ${money(Math.round(value))}, foi partilhado da seguinte forma: ${sale.sellers.map((p, k) => `${k === 0 ? 'à viúva meeira' : k === sale.sellers.length - 1 ? 'e a' : 'a'} ${p.name.toUpperCase()}, CPF ${p.cpf}, ${k === 0 ? 'a meação, correspondente à fração de' : 'a fração de'} ${pct(k === 0 ? 0.5 : 0.5 / (sale.sellers.length - 1))}`).join('; ')}.`,
  });
  if (!main) {
    if (sale.scenario === 7) {
      const deceased = sale.deceased!;
      return [transferAct(dev, [deceased, sale.sellers[0]!], sale.price * 0.05, d(3)), inscriptionAct(d(6)), partilha(d(20), deceased, sale.price * 0.06)];
    }
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
        { kind: 'R', title: 'DOAÇÃO COM RESERVA DE USUFRUTO', date: d(15), lien: ['usufruto'], beneficiary: earlier[0]!.name, transfer: sale.sellers.map((p) => ({ name: p.name, fraction: null })), body: `Por escritura de ${longDate(d(15))}, ${names(earlier.slice(0, 1))} doou o imóvel a ${names(sale.sellers)}, reservando para si o usufruto vitalício.` },
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
        { kind: 'AV', title: 'PENHORA', date: d(19), lien: ['penhora'], beneficiary: `Condomínio ${prop.building ?? 'do loteamento'}`, body: `Nos termos do artigo 844 do Código de Processo Civil, averba-se a penhora do imóvel determinada nos autos do processo nº ${rng.int(1000000, 9999999)}-${rng.int(10, 99)}.2022.8.26.0${rng.int(100, 999)}, em que é exequente o Condomínio ${prop.building ?? 'do loteamento'}, valor da dívida R$ ${money(rng.int(18000, 90000))}.` },
        { kind: 'AV', title: 'CANCELAMENTO DE HIPOTECA', date: d(20), cancels: { act: 3, types: ['hipoteca'] }, body: 'Fica cancelada a hipoteca do R.3 desta matrícula, à vista do termo de liberação apresentado pelo credor.' },
      ];
    case 6: {
      // The debtors defaulted: the bank consolidated the property and, after two failed auctions, sold it.
      const consolidation = d(9);
      return [
        transferAct(dev, earlier, sale.price * 0.3, d(1)),
        fiduciary(d(1), earlier),
        inscriptionAct(d(3)),
        {
          kind: 'AV',
          title: 'CONSOLIDAÇÃO DA PROPRIEDADE',
          date: consolidation,
          cancels: { act: 2, types: ['alienacao_fiduciaria'] },
          transfer: [{ name: bank, fraction: null }],
          body: `Nos termos do artigo 26, § 7º, da Lei 9.514/1997, à vista do requerimento do credor fiduciário, da certidão de decurso do prazo sem purgação da mora pelos devedores fiduciantes ${names(earlier)}, regularmente intimados, e da prova do recolhimento do ITBI, averba-se a consolidação da propriedade do imóvel em nome do credor fiduciário ${bank.toUpperCase()}, ficando extinta a propriedade fiduciária objeto do R.2. VALOR: R$ ${money(Math.round(sale.price * 0.5))}.`,
        },
        { kind: 'AV', title: 'LEILÕES NEGATIVOS', date: addDays(consolidation, 75), body: `Averba-se que o primeiro e o segundo leilões públicos previstos no artigo 27 da Lei 9.514/1997 resultaram negativos, por falta de licitantes, conforme autos de leilão apresentados pelo ${bank.toUpperCase()}, dando-se aos devedores a quitação de que trata o § 5º do referido artigo.` },
        transferAct(`${bank.toUpperCase()}, com sede em São Paulo/SP, inscrito no CNPJ sob nº ${cnpj(rng.fork('bank'))}`, sale.sellers, sale.price * 0.7, d(12)),
      ];
    }
    case 7: {
      // Bought by a couple; the husband died; the formal de partilha gives the widow her half and the children a quarter each.
      const deceased = sale.deceased!;
      return [
        transferAct(dev, [deceased, sale.sellers[0]!], sale.price * 0.3, d(1)),
        mortgage(d(1), [deceased, sale.sellers[0]!]),
        inscriptionAct(d(4)),
        { kind: 'AV', title: 'CANCELAMENTO DE HIPOTECA', date: d(11), cancels: { act: 2, types: ['hipoteca'] }, body: `Fica cancelada a hipoteca objeto do R.2 desta matrícula, à vista do termo de quitação emitido pelo credor ${bank.toUpperCase()}.` },
        partilha(d(22), deceased, sale.price * 0.9),
      ];
    }
    case 8: {
      // The seller bought it with his first wife; they divorced without dividing it, so she still owns half.
      const coOwner = person(rng.fork('co-owner'), 'F');
      return [
        transferAct(dev, earlier, sale.price * 0.3, d(1)),
        inscriptionAct(d(3)),
        transferAct(names(earlier), [sale.sellers[0]!, coOwner], sale.price * 0.6, d(12)),
        { kind: 'AV', title: 'DIVÓRCIO', date: d(18), body: `Pela certidão de casamento com averbação do divórcio apresentada, ${sale.sellers[0]!.name.toUpperCase()} e ${coOwner.name.toUpperCase()} divorciaram-se consensualmente, permanecendo o imóvel em comum, sem partilha, na proporção de metade para cada um.` },
      ];
    }
    default:
      return [
        transferAct(dev, earlier.slice(0, 1), sale.price * 0.3, d(2)),
        { kind: 'R', title: 'USUFRUTO', date: d(9), lien: ['usufruto'], beneficiary: earlier[1]!.name, body: `Por escritura de ${longDate(d(9))}, ${names(earlier.slice(0, 1))} instituiu usufruto vitalício sobre o imóvel em favor de ${earlier[1]!.name.toUpperCase()}.` },
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
  const beneficiaries = new Map<TruthLien, string | null>();
  let owners: { name: string; fraction: number | null }[] = [{ name: sale.developer.name, fraction: null }];
  const chain: string[] = [];
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
    for (const type of act.lien ?? []) {
      const lien: TruthLien = { type, act: `${act.kind}.${n}`, active: true, cancelledBy: null };
      liens.push(lien);
      beneficiaries.set(lien, act.beneficiary ?? null);
    }
    if (act.transfer) {
      owners = act.transfer;
      chain.push(`${act.kind}.${n}`);
    }
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
  const registry = {
    number: String(prop.matricula),
    owners,
    chain,
    liens: liens.map((l) => ({ type: l.type, act: l.act!, status: l.active ? ('ativo' as const) : ('cancelado' as const), cancelledBy: l.cancelledBy ?? null, beneficiary: beneficiaries.get(l) ?? null })),
  };
  return { id: `matricula-${sale.index}-${prop.kind}`, file: variant.file, type: 'matricula', medium: variant.medium, doc, liens, traps, registry };
}

function stampItems(text: string, x: number, y: number, rng: Rng) {
  const b = new DocBuilder();
  b.stamp([text, 'REGISTRO DE IMÓVEIS', 'CONFERE COM O ORIGINAL'], x, y, { size: 11, angle: rng.int(-12, 12), color: [0.2, 0.25, 0.7] });
  return b.pages[0]!.items;
}

