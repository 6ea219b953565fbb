/**
 * One sale: the property (and often its parking space, with its own matrícula), the parties, the
 * offices and every figure the folder's documents must agree on. Kind generators print from it,
 * so the inscription on the ITBI guide is the one in the matrícula, as in a real folder.
 */
import type { Rng } from './prng.ts';
import {
  addDays,
  address,
  bank,
  CITIES,
  cnpj,
  company,
  inscription,
  person,
  SAO_PAULO,
  type Address,
  type City,
  type Company,
  type Day,
  type Person,
} from './people.ts';

export interface Property {
  kind: 'apartamento' | 'vaga' | 'casa';
  /** 'apartamento nº 54', 'vaga de garagem nº 12'. */
  unit: string;
  building: string | null;
  address: Address;
  inscription: string;
  matricula: number;
  cnm: string;
  areas: { privativa: number; comum: number; total: number; terreno: number; construida: number };
  fracao: number;
}

export interface Office {
  name: string;
  short: string;
  address: Address;
  officer: string;
  cnpj: string;
}

export interface Sale {
  index: number;
  city: City;
  property: Property;
  parking: Property | null;
  sellers: Person[];
  buyers: Person[];
  developer: Company;
  registry: Office;
  notary: Office;
  lender: string;
  price: number;
  vvr: number;
  valorVenal: { terreno: number; construcao: number; total: number };
  iptuTax: number;
  itbi: { rate: number; base: number; tax: number; due: Day; paid: Day; guide: string; authentication: string };
  dates: { today: Day; matriculaIssue: Day; deed: Day; ccv: Day; certidoes: Day; developerOpening: Day };
  /**
   * Which history the matrícula tells (see kinds/matricula.ts): 0–5 the lien histories of issue 14;
   * 6 an alienação fiduciária consolidated in the bank's name, then sold by the bank; 7 a partilha
   * to three owners (50 %, 25 %, 25 %); 8 a seller who is not the owner (the co-owner is an ex-wife).
   */
  scenario: number;
  /** A certificate this folder holds out of date (issue 16): a seller's CNDT, or the main matrícula's. */
  expired: 'cndt' | 'matricula' | null;
  /** Scenario 7: the co-owner whose death the partilha settled (the widow is the first seller). */
  deceased: Person | null;
}

const ORDINALS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18];

/** ISO 7064 mod 97-10 check digits, as the CNM (Provimento CNJ 143/2023) appends them. */
function mod97(digits: string): string {
  const rest = Number(BigInt(`${digits}00`) % 97n);
  return String(98 - rest).padStart(2, '0');
}

export function cnmFor(cns: string, matricula: number): string {
  const body = `${cns}2${String(matricula).padStart(7, '0')}`;
  return `${cns}.2.${String(matricula).padStart(7, '0')}-${mod97(body)}`;
}

const round = (v: number, step: number) => Math.round(v / step) * step;

/** Sales 0–6 are issue 14's (scenario index % 6); 7, 8 and 9 carry issue 16's new scenarios. */
export const scenarioOf = (index: number) => (index < 7 ? index % 6 : index <= 9 ? index - 1 : index % 9);

export function createSale(rng: Rng, index: number): Sale {
  const scenario = scenarioOf(index);
  // Most folders are São Paulo's (the issue's two sales were); one in three is elsewhere.
  const city = index % 3 === 2 ? rng.pick(CITIES.slice(1)) : SAO_PAULO;
  const house = index % 5 === 3 && scenario < 6;
  const cns = String(rng.int(110000, 129999));
  const ordinal = rng.pick(ORDINALS);
  const matricula = rng.int(8_000, 199_999);
  const privativa = round(rng.int(4200, 16000) / 100, 0.01);
  const comum = round(privativa * (0.35 + rng.next() * 0.3), 0.01);
  const terreno = house ? rng.int(180, 600) : rng.int(1200, 5200);
  const propAddress = address(rng, city, house ? null : `apartamento ${rng.int(1, 22)}${rng.int(1, 4)}`);
  const building = house ? null : `Edifício ${rng.pick(['Ipê Amarelo', 'Solar das Acácias', 'Residencial Monte Verde', 'Torre Jequitibá', 'Condomínio Parque das Flores'])}`;
  const property: Property = {
    kind: house ? 'casa' : 'apartamento',
    unit: house ? 'prédio residencial' : `apartamento nº ${propAddress.complement!.replace('apartamento ', '')}`,
    building,
    address: propAddress,
    inscription: inscription(rng, city),
    matricula,
    cnm: cnmFor(cns, matricula),
    areas: {
      privativa: house ? round(rng.int(9000, 30000) / 100, 0.01) : privativa,
      comum: house ? 0 : comum,
      total: house ? 0 : round(privativa + comum, 0.01),
      terreno,
      construida: house ? round(rng.int(9000, 30000) / 100, 0.01) : round(privativa + comum, 0.01),
    },
    fracao: house ? 1 : Math.round((privativa / (terreno * 18)) * 1_000_000) / 1_000_000,
  };
  if (house) property.areas.privativa = property.areas.construida;
  const parkingMatricula = matricula + rng.int(1, 40);
  const parking: Property | null = house || (index % 2 === 1 && scenario !== 7)
    ? null
    : {
        ...property,
        kind: 'vaga',
        unit: `vaga de garagem nº ${rng.int(1, 90)}`,
        inscription: inscription(rng, city),
        matricula: parkingMatricula,
        cnm: cnmFor(cns, parkingMatricula),
        areas: { privativa: 10.8, comum: round(rng.int(900, 1400) / 100, 0.01), total: 0, terreno, construida: 0 },
        fracao: Math.round((10.8 / (terreno * 18)) * 1_000_000) / 1_000_000,
      };
  if (parking) {
    parking.areas.total = round(parking.areas.privativa + parking.areas.comum, 0.01);
    parking.areas.construida = parking.areas.total;
  }
  // The partilha's heirs: the widow and two children.
  const sellers = scenario === 7 ? [person(rng, 'F'), person(rng, 'M'), person(rng, 'F')] : [person(rng, 'M'), person(rng, 'F')];
  const buyers = rng.chance(0.5) ? [person(rng)] : [person(rng, 'M'), person(rng, 'F')];
  const price = round(rng.int(380_000, 2_400_000), 1000);
  const vvr = round(price * (0.8 + rng.next() * 0.35), 0.01);
  const base = Math.max(price, vvr);
  const rate = city.name === 'Florianópolis' ? 2 : city.name === 'Belo Horizonte' ? 3 : city.name === 'Campinas' ? 2.7 : 3;
  const year = 2025;
  const today: Day = { y: year, m: rng.int(3, 9), d: rng.int(1, 28) };
  const valorTerreno = round(vvr * 0.42, 0.01);
  const valorConstrucao = round(vvr * 0.38, 0.01);
  const sale: Sale = {
    index,
    city,
    property,
    parking,
    sellers,
    buyers,
    developer: company(rng, 'incorporadora'),
    registry: {
      name: `${ordinal}º Oficial de Registro de Imóveis de ${city.name}`,
      short: `${ordinal}º RI`,
      address: address(rng, city),
      officer: person(rng).name,
      cnpj: cnpj(rng),
    },
    notary: {
      name: `${rng.int(1, 30)}º Tabelião de Notas de ${city.name}`,
      short: 'Tabelionato',
      address: address(rng, city),
      officer: person(rng).name,
      cnpj: cnpj(rng),
    },
    lender: bank(rng),
    price,
    vvr,
    valorVenal: { terreno: valorTerreno, construcao: valorConstrucao, total: round(valorTerreno + valorConstrucao, 0.01) },
    iptuTax: round(vvr * 0.008, 0.01),
    itbi: {
      rate,
      base,
      tax: round((base * rate) / 100, 0.01),
      due: addDays(today, -rng.int(5, 20)),
      paid: addDays(today, -rng.int(21, 30)),
      guide: `${rng.int(10, 99)}.${rng.int(100, 999)}.${rng.int(100, 999)}-${rng.int(0, 9)}`,
      authentication: Array.from({ length: 5 }, () => rng.int(0x1000, 0xffff).toString(16).toUpperCase()).join('.'),
    },
    dates: {
      today,
      matriculaIssue: addDays(today, -rng.int(2, 25)),
      deed: addDays(today, rng.int(3, 20)),
      ccv: addDays(today, -rng.int(40, 90)),
      certidoes: addDays(today, -rng.int(1, 20)),
      developerOpening: { y: rng.int(1979, 1999), m: rng.int(1, 12), d: rng.int(1, 28) },
    },
    scenario,
    expired: scenario === 6 ? 'cndt' : scenario === 7 ? 'matricula' : null,
    // A forked stream: drawing him does not move any other figure of the sale.
    deceased: scenario === 7 ? person(rng.fork('deceased'), 'M') : null,
  };
  // A matrícula certificate drawn 45 days before the analysis: out of the 30 days a deed allows.
  if (sale.expired === 'matricula') sale.dates.matriculaIssue = addDays(today, -45);
  return sale;
}
