import { fold } from './reference-data.ts';

/** A document as the text tools see it (EngineDocument fits). */
export interface TextDocument {
  id: string;
  fileName: string;
  pages: { number: number; text: string }[];
}

/** Portuguese function words: never keywords. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a o as os um uma uns umas de do da dos das em no na nos nas por pelo pela pelos pelas para pra com sem sob sobre entre ate ' +
    'e ou mas nem que se como quando onde porque pois porem contudo todavia entao assim tambem ja ainda mais menos muito muita ' +
    'muitos muitas pouco pouca bem mal sim nao ao aos a as este esta estes estas esse essa esses essas aquele aquela aqueles aquelas ' +
    'isto isso aquilo seu sua seus suas meu minha nosso nossa dele dela deles delas lhe lhes ele ela eles elas eu tu voce voces nos ' +
    'ser sao era foi foram sera seja sejam estar esta estao estava ter tem tinha tera haver ha havia fica ficando ficou sendo tendo ' +
    'qual quais cujo cuja todo toda todos todas cada outro outra outros outras mesmo mesma nesta neste nessa nesse desta deste dessa desse ' +
    'naquele naquela daquele daquela numa num dum duma so apenas conforme segundo sob via etc sr sra srs dr dra nº no n'
  ).split(/\s+/),
);

/**
 * The background: words every property document uses (registry and tax boilerplate, units,
 * months). They stay candidates but weigh as if they appeared in `BACKGROUND_PAGES` extra pages,
 * so the terms that set these documents apart come first (a tf-idf against this list).
 */
export const BACKGROUND: ReadonlySet<string> = new Set(
  (
    'imovel imoveis registro matricula ficha livro oficial cartorio tabeliao notas escritura publica certidao documento ' +
    'proprietario proprietaria adquirente transmitente vendedor comprador valor valores area areas total privativa comum ' +
    'metros quadrados situado situada localizado localizada rua avenida bairro cidade estado municipio prefeitura cep ' +
    'numero data dia mes ano anos janeiro fevereiro marco abril maio junho julho agosto setembro outubro novembro dezembro ' +
    'brasileiro brasileira casado casada solteiro portador inscrito cpf cnpj rg residente domiciliado referido referida ' +
    'presente termos forma nesta capital pagina folha fls verso anterior abaixo acima seguinte consta constante'
  ).split(/\s+/),
);
export const BACKGROUND_PAGES = 20;

const MIN_LENGTH = 4;

/**
 * Words that are no keyword a reader would take from a property's papers: parts of place names
 * ('São Paulo' gives 'paulo'), and common words the stop list leaves in ('caso', 'forma').
 */
export const NOT_KEYWORDS: ReadonlySet<string> = new Set(
  (
    'paulo joao jose maria santa santo santos janeiro horizonte alegre porto grande belo bela nova novo vila jardim ' +
    'sul norte leste oeste minas gerais catarina espirito federal distrito brasil brasilia ' +
    'caso casos forma modo parte partes vez vezes item itens tipo geral acordo lado'
  ).split(/\s+/),
);

/** A web address or an e-mail (a portal's name glued after the PDF's end): none of its words is a keyword. */
const isAddress = (chunk: string) => chunk.includes('@') || chunk.includes('://') || /^www\./i.test(chunk) || /\.(?:com|org|gov|net)(?:\.br)?\b/i.test(chunk);
/** 'signInitial', 'QuintoAndar': a lower-case letter then a capital inside a word is a field name or a brand, not Portuguese prose. */
const GLUED = /\p{Ll}\p{Lu}/u;

/** Folded words of a text a person would read as words: letters only, at least 4, no stopwords, names or artefacts. */
export function tokens(text: string): string[] {
  return text
    .split(/\s+/)
    .filter((chunk) => !isAddress(chunk))
    .flatMap((chunk) => chunk.split(/[^\p{L}]+/u))
    .filter((raw) => raw.length >= MIN_LENGTH && !GLUED.test(raw))
    .map(fold)
    .filter((w) => /^[a-z]+$/.test(w) && !STOPWORDS.has(w) && !NOT_KEYWORDS.has(w));
}

/**
 * The most distinctive terms of the documents: tf-idf over their pages, with the background
 * list as extra pages where its words always appear. `weight` = count × ln((P + B + 1) ÷ (df + 1)),
 * P the pages read, B the background pages when the word is in the list, df the pages holding it.
 * Ties break alphabetically, so the list is stable.
 */
export function extractKeywords(documents: readonly TextDocument[], limit = 10): { term: string; weight: number; count: number }[] {
  const pages = documents.flatMap((d) => d.pages).filter((p) => p.text.trim().length > 0);
  if (pages.length === 0) return [];
  const counts = new Map<string, number>();
  const df = new Map<string, number>();
  for (const page of pages) {
    const words = tokens(page.text);
    for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
    for (const w of new Set(words)) df.set(w, (df.get(w) ?? 0) + 1);
  }
  const totalPages = pages.length + BACKGROUND_PAGES;
  return [...counts.entries()]
    .map(([term, count]) => {
      const docFreq = (df.get(term) ?? 0) + (BACKGROUND.has(term) ? BACKGROUND_PAGES : 0);
      const weight = count * Math.log((totalPages + 1) / (docFreq + 1));
      return { term, count, weight: Math.round(weight * 1000) / 1000 };
    })
    .filter((k) => k.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.term.localeCompare(b.term))
    .slice(0, limit);
}
