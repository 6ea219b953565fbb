/**
 * Invented people, companies, places and numbers for the corpus. Nothing here is a real person:
 * names are drawn from common Brazilian given names and surnames, and every number (CPF, CNPJ,
 * São Paulo SQL) is random digits completed with its real check digits, so a reader that checks
 * them sees valid numbers.
 */
import type { Rng } from './prng.ts';

const GIVEN_M = ['José', 'João', 'Antônio', 'Carlos', 'Paulo', 'Luiz', 'Marcos', 'Rafael', 'Sérgio', 'Ricardo', 'Fernando', 'Rodrigo', 'Eduardo', 'Márcio', 'Gustavo', 'Renato', 'André', 'Fábio', 'Otávio', 'Vinícius'];
const GIVEN_F = ['Maria', 'Ana', 'Francisca', 'Juliana', 'Mariana', 'Patrícia', 'Camila', 'Fernanda', 'Luciana', 'Beatriz', 'Cláudia', 'Renata', 'Aline', 'Sônia', 'Helena', 'Márcia', 'Débora', 'Letícia', 'Regina', 'Vera'];
const SURNAMES = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Ribeiro', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa', 'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Marques', 'Machado', 'Mendes', 'Freitas', 'Cardoso', 'Teixeira', 'Gonçalves', 'Magalhães', 'Conceição', 'Araújo', 'Bezerra', 'Queiroz'];
const PROFESSIONS: [string, string][] = [
  ['engenheiro civil', 'engenheira civil'],
  ['advogado', 'advogada'],
  ['médico', 'médica'],
  ['professor', 'professora'],
  ['comerciante', 'comerciante'],
  ['analista de sistemas', 'analista de sistemas'],
  ['administrador de empresas', 'administradora de empresas'],
  ['arquiteto', 'arquiteta'],
  ['contador', 'contadora'],
  ['servidor público', 'servidora pública'],
];
const COMPANY_WORDS = ['Horizonte', 'Alvorada', 'Ipê Amarelo', 'Sol Nascente', 'Bandeirantes', 'Jequitibá', 'Morumbi Park', 'Vale Verde', 'Nova Aurora', 'Piratininga'];
const BANKS = ['Banco Meridional do Brasil S.A.', 'Banco Vértice S.A.', 'Caixa de Crédito Imobiliário Paulista S.A.', 'Banco Atlântico Sul S.A.', 'Banco Cooperativo Planalto S.A.'];

export interface Person {
  name: string;
  sex: 'M' | 'F';
  cpf: string;
  rg: string;
  profession: string;
  civil: string;
  /** Their domicile: never the property's address. */
  address: Address;
}

export interface Company {
  name: string;
  cnpj: string;
  /** The company's seat: never the property's address. */
  seat: Address;
}

export interface Address {
  /** 'Rua das Acácias' */
  street: string;
  number: number;
  complement: string | null;
  district: string;
  city: City;
  cep: string;
}

export interface City {
  name: string;
  uf: string;
  /** First three CEP digits of the city's range. */
  cepPrefix: string;
  /** How its municipal inscription looks. */
  inscription: 'sp-sql' | 'campinas' | 'generic';
}

export const SAO_PAULO: City = { name: 'São Paulo', uf: 'SP', cepPrefix: '0', inscription: 'sp-sql' };
export const CITIES: City[] = [
  SAO_PAULO,
  { name: 'Campinas', uf: 'SP', cepPrefix: '130', inscription: 'campinas' },
  { name: 'Florianópolis', uf: 'SC', cepPrefix: '880', inscription: 'generic' },
  { name: 'Belo Horizonte', uf: 'MG', cepPrefix: '301', inscription: 'generic' },
  { name: 'Santo André', uf: 'SP', cepPrefix: '091', inscription: 'generic' },
];

const STREET_KINDS = ['Rua', 'Rua', 'Rua', 'Avenida', 'Alameda'];
const STREET_NAMES = ['das Acácias', 'dos Jequitibás', 'Professor Arnaldo Lemos', 'Doutor Heitor Penteado Lins', 'Capitão Messias Prado', 'Monte Alegre do Sul', 'das Palmeiras Imperiais', 'Coronel Oscar Porto', 'Desembargador Eliseu Guilherme', 'Engenheiro Jorge Oliva', 'Padre Anchieta Ramos', 'dos Bandeirantes Paulistas', 'Jaguaribe Mirim', 'Vergueiro Campos', 'Santa Cruz do Norte', 'Itapicuru', 'Tabapuã Velho', 'Groenlândia Nova', 'Maestro Cardim Alves', 'Pedroso de Morais Filho'];
const DISTRICTS = ['Vila Mariana', 'Perdizes', 'Pinheiros', 'Moema', 'Santana', 'Tatuapé', 'Jardim Paulista', 'Bela Vista', 'Vila Madalena', 'Campo Belo', 'Centro', 'Jardim Europa'];

export const digits = (text: string) => text.replace(/\D/g, '');

function randomDigits(rng: Rng, n: number): number[] {
  return Array.from({ length: n }, () => rng.int(0, 9));
}

/** CPF: 9 digits and two mod-11 check digits. */
export function cpf(rng: Rng): string {
  const d = randomDigits(rng, 9);
  if (d.every((x) => x === d[0])) d[0] = (d[0]! + 1) % 10;
  for (const length of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += d[i]! * (length + 1 - i);
    d.push(((sum * 10) % 11) % 10);
  }
  const s = d.join('');
  return `${s.slice(0, 3)}.${s.slice(3, 6)}.${s.slice(6, 9)}-${s.slice(9)}`;
}

/** CNPJ: 8 digits, branch 0001, two mod-11 check digits with weights 2–9 from the right. */
export function cnpj(rng: Rng): string {
  const d = [...randomDigits(rng, 8), 0, 0, 0, 1];
  for (const length of [12, 13]) {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += d[i]! * (((length - 1 - i) % 8) + 2);
    const rest = sum % 11;
    d.push(rest < 2 ? 0 : 11 - rest);
  }
  const s = d.join('');
  return `${s.slice(0, 2)}.${s.slice(2, 5)}.${s.slice(5, 8)}/${s.slice(8, 12)}-${s.slice(12)}`;
}

/**
 * The check digit of a São Paulo SQL (setor 3, quadra 3, lote 4 digits): the ten digits times the
 * weights 10, 1, 2, …, 9, summed, mod 11; a remainder of 10 becomes 1. Checked against printed
 * inscriptions ('039.080.0244-3', '001.003.0001-4') and the open-source brazilian_ids package.
 */
export function sqlCheckDigit(tenDigits: string): number {
  const weights = [10, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  const sum = [...tenDigits].reduce((acc, ch, i) => acc + Number(ch) * weights[i]!, 0);
  const rest = sum % 11;
  return rest === 10 ? 1 : rest;
}

/** A São Paulo SQL such as '039.080.0244-3'. */
export function sql(rng: Rng): string {
  const ten = `${String(rng.int(1, 310)).padStart(3, '0')}${String(rng.int(1, 350)).padStart(3, '0')}${String(rng.int(1, 2400)).padStart(4, '0')}`;
  return `${ten.slice(0, 3)}.${ten.slice(3, 6)}.${ten.slice(6)}-${sqlCheckDigit(ten)}`;
}

/** The municipal inscription as the city prints it. */
export function inscription(rng: Rng, city: City): string {
  if (city.inscription === 'sp-sql') return sql(rng);
  if (city.inscription === 'campinas') return `${rng.int(1000, 9999)}.${rng.int(10, 99)}.${rng.int(10, 99)}.${String(rng.int(1, 999)).padStart(4, '0')}`;
  return `${rng.int(10, 99)}.${rng.int(10, 99)}.${String(rng.int(1, 999)).padStart(3, '0')}.${String(rng.int(1, 9999)).padStart(4, '0')}.${String(rng.int(1, 99)).padStart(3, '0')}`;
}

export function cep(rng: Rng, city: City): string {
  const prefix = city.cepPrefix === '0' ? `0${rng.int(1000, 5899)}` : `${city.cepPrefix}${rng.int(10, 99)}`;
  const five = prefix.slice(0, 5);
  return `${five}-${String(rng.int(0, 999)).padStart(3, '0')}`;
}

export function address(rng: Rng, city: City, complement: string | null = null): Address {
  return {
    street: `${rng.pick(STREET_KINDS)} ${rng.pick(STREET_NAMES)}`,
    number: rng.int(12, 2990),
    complement,
    district: rng.pick(DISTRICTS),
    city,
    cep: cep(rng, city),
  };
}

export function person(rng: Rng, sex?: 'M' | 'F'): Person {
  const s = sex ?? (rng.chance(0.5) ? 'M' : 'F');
  const given = rng.pick(s === 'M' ? GIVEN_M : GIVEN_F);
  const middle = rng.pick(SURNAMES);
  let last = rng.pick(SURNAMES);
  if (last === middle) last = rng.pick(SURNAMES);
  return {
    name: `${given} ${middle} ${last}`,
    sex: s,
    cpf: cpf(rng),
    rg: `${rng.int(10, 59)}.${rng.int(100, 999)}.${rng.int(100, 999)}-${rng.int(0, 9)}`,
    profession: rng.pick(PROFESSIONS)[s === 'F' ? 1 : 0],
    civil: rng.pick(s === 'M' ? ['casado', 'solteiro', 'divorciado'] : ['casada', 'solteira', 'divorciada']),
    address: address(rng, rng.chance(0.7) ? SAO_PAULO : rng.pick(CITIES)),
  };
}

export function company(rng: Rng, kind: 'construtora' | 'incorporadora' | 'administradora' = 'construtora'): Company {
  const label = kind === 'construtora' ? 'Construtora' : kind === 'incorporadora' ? 'Incorporadora' : 'Administradora de Condomínios';
  return { name: `${label} ${rng.pick(COMPANY_WORDS)} Ltda`, cnpj: cnpj(rng), seat: address(rng, SAO_PAULO) };
}

export const bank = (rng: Rng) => rng.pick(BANKS);

// ---------------------------------------------------------------------------------------------
// Formatting as documents print it

/** 1234567.8 → '1.234.567,80' */
export function money(value: number): string {
  const [int, dec] = value.toFixed(2).split('.');
  return `${thousandsOf(int!)},${dec}`;
}

/** 85.5 → '85,50' (areas with two decimals, thousands dotted). */
export const area = money;

/** 46511 → '46.511' */
export function thousands(value: number): string {
  return thousandsOf(String(value));
}

/** A dot before each group of three digits from the right ('-46511' → '-46.511'); a loop, not a quadratic lookahead. */
function thousandsOf(digits: string): string {
  const sign = digits.startsWith('-') ? '-' : '';
  const d = digits.slice(sign.length);
  let out = '';
  for (let i = 0; i < d.length; i++) out += (i > 0 && (d.length - i) % 3 === 0 ? '.' : '') + d[i];
  return sign + out;
}

export interface Day {
  y: number;
  m: number;
  d: number;
}

export const iso = (day: Day) => `${day.y}-${String(day.m).padStart(2, '0')}-${String(day.d).padStart(2, '0')}`;
export const br = (day: Day) => `${String(day.d).padStart(2, '0')}/${String(day.m).padStart(2, '0')}/${day.y}`;
const MONTHS = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];
export const longDate = (day: Day) => `${day.d} de ${MONTHS[day.m - 1]} de ${day.y}`;

export function addDays(day: Day, days: number): Day {
  const t = new Date(Date.UTC(day.y, day.m - 1, day.d) + days * 86_400_000);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

export function dayIn(rng: Rng, fromYear: number, toYear: number): Day {
  return { y: rng.int(fromYear, toYear), m: rng.int(1, 12), d: rng.int(1, 28) };
}

const UNITS = ['', 'um', 'dois', 'três', 'quatro', 'cinco', 'seis', 'sete', 'oito', 'nove', 'dez', 'onze', 'doze', 'treze', 'quatorze', 'quinze', 'dezesseis', 'dezessete', 'dezoito', 'dezenove'];
const TENS = ['', '', 'vinte', 'trinta', 'quarenta', 'cinquenta', 'sessenta', 'setenta', 'oitenta', 'noventa'];
const HUNDREDS = ['', 'cento', 'duzentos', 'trezentos', 'quatrocentos', 'quinhentos', 'seiscentos', 'setecentos', 'oitocentos', 'novecentos'];

function below1000(n: number): string {
  if (n === 100) return 'cem';
  const parts: string[] = [];
  if (n >= 100) parts.push(HUNDREDS[Math.floor(n / 100)]!);
  const rest = n % 100;
  if (rest >= 20) parts.push(TENS[Math.floor(rest / 10)]! + (rest % 10 ? ` e ${UNITS[rest % 10]}` : ''));
  else if (rest > 0) parts.push(UNITS[rest]!);
  return parts.join(' e ');
}

/** Whole reais in words, as deeds write the price: 850000 → 'oitocentos e cinquenta mil reais'. */
export function reaisInWords(value: number): string {
  const n = Math.round(value);
  const millions = Math.floor(n / 1_000_000);
  const thousandsPart = Math.floor((n % 1_000_000) / 1000);
  const units = n % 1000;
  const parts: string[] = [];
  if (millions) parts.push(millions === 1 ? 'um milhão' : `${below1000(millions)} milhões`);
  if (thousandsPart) parts.push(thousandsPart === 1 ? 'mil' : `${below1000(thousandsPart)} mil`);
  if (units) parts.push(below1000(units));
  const joined = parts.length > 1 && (units < 100 || units % 100 === 0) && units ? `${parts.slice(0, -1).join(', ')} e ${parts.at(-1)}` : parts.join(' ');
  return `${joined}${millions && !thousandsPart && !units ? ' de reais' : ' reais'}`;
}

export function formatAddress(a: Address, withCity = true): string {
  const base = `${a.street}, ${a.number}${a.complement ? `, ${a.complement}` : ''}, ${a.district}`;
  return withCity ? `${base}, ${a.city.name}/${a.city.uf}, CEP ${a.cep}` : base;
}

/** The truth form of an address: 'Rua X, 123'. */
export const truthAddress = (a: Address) => `${a.street}, ${a.number}`;
