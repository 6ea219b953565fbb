import type { DocumentTypeId } from '@viabiliza/contracts/document-types';

/**
 * Classification by content into the registry's types. Each type has weighted phrases; phrases
 * in the title (the first lines of the first page) count three times, because that is where a
 * clerk's paper says what it is, while its body cites other papers ('conforme certidão de
 * matrícula', 'guia do ITBI paga'). The file name is the clerk's guess and only breaks ties.
 *
 * Runs on folded text (lower case, no accents).
 */

/**
 * A pattern, its weight, and 'heading' for a phrase that says what the paper is only as its own
 * heading (at the start of a line near the top): a deed's body cites the parties' 'cédula de
 * identidade' and says it was 'lavrada conforme minuta', which makes it neither.
 */
type Weighted = readonly [RegExp, number] | readonly [RegExp, number, 'heading'];

const KEYWORDS: Record<Exclude<DocumentTypeId, 'outro'>, readonly Weighted[]> = {
  matricula: [
    [/registro\s+de\s+imoveis/g, 2],
    [/\bmatricula\s*(?:n\s*(?:[.º°o]+\s*)?)?(?::\s*)?\d/g, 2],
    [/\bcnm\b|cadastro nacional de matricula/g, 3],
    // The printed form of the registry's book: 'LIVRO Nº 2 - REGISTRO GERAL', 'IDENTIFICAÇÃO DO IMÓVEL'
    // survive on a handwritten ledger page whose writing OCR cannot read.
    [/\blivro\s{0,3}(?:n\W{0,3})?\s{0,3}0?2\b/g, 2],
    [/identificacao do imovel/g, 2],
    [/(?:^|\n)[ \t]*(?:r|av)\s*[.-]\s*\d{1,3}\s*[/-]\s*\d/g, 3],
    [/registro anterior/g, 3],
    [/\bficha\b/g, 1],
    [/certidao de (?:inteiro teor|onus reais|matricula|situacao juridica)|certidao da matricula/g, 5],
    [/fim dos atos praticados|vide certidao/g, 3],
    [/\bproprietari[oa]s?\s*:/g, 1],
  ],
  escritura: [
    // Any act a notary draws up: sale, mortgage, fiduciary lien, divorce and partition, sobrepartilha.
    [/escritura publica de\b/g, 6],
    [/saibam\s+(?:todos\s+)?quantos/g, 5],
    [/tabeli(?:ao|a|onato) de notas|\btabeliao\b/g, 2],
    [/outorgantes? vendedor/g, 3],
    [/outorgad[oa]s? comprador/g, 3],
    [/\blivro\s*(?:n\s*)?(?:[º°o.]+\s*)?\d+.{0,40}\bf(?:ls|olhas?)\b/g, 2],
    [/\btraslado\b/g, 2],
    [/\blavrad[ao]\b/g, 1],
  ],
  minuta: [
    [/\bminuta\b/g, 8, 'heading'],
    [/rascunho|para conferencia|versao preliminar/g, 3],
  ],
  compromisso: [
    [/instrumento particular de (?:compromisso|promessa)/g, 6],
    [/(?:compromisso|promessa) de compra e venda/g, 4],
    [/promitentes? vendedor/g, 4],
    [/promitentes? comprador/g, 4],
    [/clausula (?:primeira|segunda|1)/g, 1],
    [/\bsinal\b/g, 0.5],
  ],
  itbi_guia: [
    [/\bdamsp\b/g, 5],
    [/guia de (?:arrecadacao|recolhimento|pagamento)/g, 3],
    [/documento de arrecadacao/g, 3],
    [/\bitbi\b|imposto sobre (?:a )?transmissao/g, 2],
    [/linha digitavel|codigo de barras/g, 2],
    [/\bvencimento\b/g, 1],
    [/\bbase de calculo\b/g, 1],
  ],
  itbi_comprovante: [
    [/comprovante de pagamento/g, 5],
    [/\bautenticacao\b/g, 3],
    [/\bagencia\b/g, 1],
    [/\bpagamento efetuado|pago em|data do pagamento|data de pagamento/g, 2],
    [/\bitbi\b|\bdamsp\b|imposto sobre (?:a )?transmissao/g, 1],
    [/\bbanco\b/g, 1],
  ],
  itbi_declaracao: [
    [/declaracao de transacoes imobiliarias|\bdti\b/g, 6],
    [/informacoes da transacao|dados da transacao|natureza da transacao/g, 4],
    [/\bitbi\b|imposto sobre (?:a )?transmissao/g, 2],
    [/\btransmitentes?\b/g, 1],
    [/\badquirentes?\b/g, 1],
    [/proporcao transmitida/g, 2],
  ],
  vvr: [
    [/certidao de valor venal de referencia/g, 8],
    [/valor venal de referencia/g, 3],
  ],
  iptu_cadastral: [
    [/certidao de dados cadastrais/g, 8],
    [/dados cadastrais do imovel/g, 4],
    [/\bpadrao (?:da )?construcao|\buso do imovel|testada/g, 2],
    [/\bfracao ideal\b/g, 1],
  ],
  iptu_carne: [
    [/notificacao (?:de|do) lancamento|\bcarne\b/g, 5],
    [/imposto predial e territorial urbano|\biptu\b/g, 2],
    [/\bparcelas?\b|cota unica/g, 2],
    [/\bexercicio\b/g, 1],
  ],
  cnd_imobiliaria: [
    [/tributos imobiliarios/g, 6],
    [/certidao (?:conjunta |negativa |positiva )*de debitos de tributos/g, 3],
    [/\bimovel\b.{0,60}\b(?:sql|contribuinte|inscricao)/g, 1],
  ],
  cndt: [
    [/debitos trabalhistas/g, 8],
    [/justica do trabalho|\bbndt\b|\bcndt\b/g, 4],
  ],
  cnd_federal: [
    [/tributos federais/g, 6],
    [/receita federal|procuradoria-?geral da fazenda nacional|\bpgfn\b/g, 3],
    [/divida ativa da uniao/g, 3],
  ],
  certidao_distribuidor: [
    [/\bdistribuidor\b|distribuicao(?:es)? (?:civel|criminal|de acoes|fiscal|de feitos)/g, 6],
    [/tabeli(?:ao|onato) de protesto|\bprotestos?\b/g, 4],
    [/\bacoes (?:civeis|de execucao|fiscais)|executivos fiscais|feitos ajuizados/g, 3],
  ],
  declaracao_condominio: [
    [/\bcondominio\b/g, 2],
    [/\bsindic[oa]\b|administradora/g, 3],
    [/quitacao|nada deve|nao (?:ha|existem?) debitos? condominia|encontra-se em dia/g, 2],
    [/despesas condominiais|taxas? condominia/g, 3],
  ],
  certidao_civil: [
    [/certidao de (?:casamento|nascimento|obito)/g, 8],
    [/registro civil das pessoas naturais/g, 5],
    [/\bregime de bens\b|\bconjuges?\b/g, 1],
  ],
  identidade: [
    [/carteira (?:de identidade|nacional de habilitacao)|cedula de identidade/g, 7, 'heading'],
    // The card's number beside it: the registry's 'Livro nº 2 – Registro Geral' has none.
    [/registro geral\s{0,3}(?:n\W{0,3})?\s{0,3}\d[\d.]{4,}|\bfiliacao\b/g, 3],
    [/data de nascimento|\bnaturalidade\b|doc(?:umento)? de identidade/g, 2],
    [/\bvalidade\b.{0,20}\b1a habilitacao|\bcategoria\b|\bdetran\b/g, 2],
  ],
  procuracao: [
    [/\bprocuracao\b/g, 6],
    [/bastante procurador|amplos(?:,)? gerais|poderes especiais|outorga(?:m)? poderes/g, 4],
    [/\bmandat(?:o|ario)\b/g, 1],
  ],
  recibo: [
    [/\brecibo\b/g, 4],
    [/\bcustas\b|\bemolumentos\b/g, 2],
    [/recebemos de|recebi de|recebemos a importancia|recebi a importancia/g, 4],
  ],
  pedido_certidao: [
    [/pedido (?:n[º°o.]*|de certidao)|numero do pedido|acompanhe seu pedido|carrinho/g, 5],
    [/solicitacao de certidao|solicitar certidao|\bprotocolo do pedido\b/g, 4],
    [/https?:\/\/|www\./g, 1],
    [/\bentrar\b|\bmenu\b|fale conosco|\bmeus pedidos\b/g, 2],
  ],
  assinatura_eletronica: [
    [/docusign|clicksign|d4sign|certificado de conclusao/g, 6],
    [/envelope id|id do envelope|\bhash\b/g, 3],
    [/eventos? do signatario|assinatura (?:eletronica|digital)|assinaturas?\b/g, 2],
  ],
  planta: [
    [/\bplanta\b/g, 2],
    [/escala\s*1\s*[:/]/g, 3],
    [/quadro de areas/g, 4],
    [/\bpavimento\b|\bfachada\b|\bimplantacao\b|\bcorte [ab]b?\b/g, 1],
    [/responsavel tecnico/g, 1],
  ],
  laudo: [
    [/\blaudo\b/g, 5],
    [/\bvistoria\b/g, 2],
    [/nbr\s*14\.?653/g, 5],
    [/parecer tecnico/g, 2],
    [/engenheir[oa] avaliador|metodo comparativo/g, 2],
  ],
  habite_se: [
    [/habite-?\s?se/g, 6],
    [/auto de conclusao|certificado de conclusao de obra|auto de vistoria/g, 5],
    [/\balvara\b/g, 4],
  ],
};

/** At the start of a line (after blanks, dashes or digits), near the top of the first page. */
function isHeading(folded: string, at: number): boolean {
  if (at >= TITLE_LENGTH) return false;
  let i = at;
  while (i > 0 && at - i < 12 && /[ \t\-–.:|\d]/.test(folded[i - 1]!)) i--;
  return i === 0 || folded[i - 1] === '\n';
}

const FILENAME_HINTS: readonly [RegExp, DocumentTypeId][] = [
  [/matricula/, 'matricula'],
  [/escritura/, 'escritura'],
  [/minuta/, 'minuta'],
  [/compromisso|promessa|\bccv\b/, 'compromisso'],
  [/comprovante.*itbi|itbi.*comprovante/, 'itbi_comprovante'],
  [/\bitbi\b|damsp/, 'itbi_guia'],
  [/\bvvr\b|valor venal/, 'vvr'],
  [/cadastra/, 'iptu_cadastral'],
  [/\biptu\b|carne/, 'iptu_carne'],
  [/\bcndt\b|trabalhist/, 'cndt'],
  [/\bcnd\b/, 'cnd_imobiliaria'],
  [/procuracao/, 'procuracao'],
  [/recibo|custas/, 'recibo'],
  [/\brg\b|\bcnh\b|identidade/, 'identidade'],
  [/casamento|nascimento/, 'certidao_civil'],
  [/condominio/, 'declaracao_condominio'],
  [/planta/, 'planta'],
  [/laudo|vistoria/, 'laudo'],
  [/habite/, 'habite_se'],
];

const MATRICULA_STRUCTURE =
  /(?:^|\n)[ \t]*(?:r|av)[ \t]*[.-][ \t]*\d{1,3}\b|\bcnm\b|cadastro nacional de matricula|\blivro\s{0,3}(?:n\W{0,3})?\s{0,3}0?2\b|identificacao do imovel|registro anterior|certidao de (?:inteiro teor|onus reais|situacao juridica)|certidao da matricula|fim dos atos|\bproprietari[oa]s?\s*:/;

/** The registry's own letterhead: 'REGISTRO DE IMÓVEIS' heading the first page, not cited in a sentence. */
function registryHeading(folded: string): boolean {
  for (const m of folded.slice(0, TITLE_LENGTH).matchAll(/registro\s+de\s+imoveis/g)) if (isHeading(folded, m.index)) return true;
  return false;
}

/** Occurrences beyond this many add nothing: a long deed repeats 'outorgante' on every page. */
const MAX_COUNTED = 3;
/** The first lines of the first page: the paper's own title (below a registry's letterhead). */
const TITLE_LENGTH = 500;
const TITLE_FACTOR = 3;
const MIN_SCORE = 5;

export interface Classification {
  type: DocumentTypeId;
  /** 0–100. */
  confidence: number;
  /** The runner-up, for the UI and for debugging a misclassification. */
  second: DocumentTypeId | null;
}

/** Every type's score, best first: what `classifyDocument` decides on (and what to read when it errs). */
export function rankDocumentTypes(folded: string, fileName: string, foldName: (s: string) => string = (s) => s): [DocumentTypeId, number][] {
  const scores = new Map<DocumentTypeId, number>();
  for (const [type, keywords] of Object.entries(KEYWORDS) as [DocumentTypeId, readonly Weighted[]][]) {
    let score = 0;
    for (const [pattern, weight, heading] of keywords) {
      let count = 0;
      for (const match of folded.matchAll(pattern)) {
        if (count >= MAX_COUNTED) break;
        if (heading && !isHeading(folded, match.index)) continue;
        count++;
        score += weight * (match.index < TITLE_LENGTH ? TITLE_FACTOR : 1);
      }
    }
    scores.set(type, score);
  }
  // A matrícula shows its own structure (an act, the CNM, the book, a certificate of it, the
  // previous registration): 'matrícula nº 46.511 do 10º Registro de Imóveis' quoted by a costs sheet
  // or a letter is a citation of one, not one.
  // The registry's letterhead alone will do (a ledger page OCR cannot read), unless the paper is of
  // its Livro 3, the registro auxiliar (a pacto antenupcial, a cédula), which holds no matrícula.
  if (!MATRICULA_STRUCTURE.test(folded) && (!registryHeading(folded) || /\blivro\s{0,3}(?:n\W{0,3})?\s{0,3}0?3\b|registro auxiliar|\blivro 3 ra\b/.test(folded))) scores.set('matricula', 0);
  // A draft is the deed or contract it drafts: 'minuta' only wins with a deed's or contract's body.
  const minuta = scores.get('minuta') ?? 0;
  const body = Math.max(scores.get('escritura') ?? 0, scores.get('compromisso') ?? 0);
  scores.set('minuta', minuta > 0 && body >= MIN_SCORE ? minuta + body : 0);
  // A condominium's ledger is not its declaration of no debts: that one declares or certifies.
  if (!/\bdeclar|\batest|\bcertific/.test(folded.slice(0, 3000))) scores.set('declaracao_condominio', 0);
  const name = foldName(fileName);
  for (const [pattern, type] of FILENAME_HINTS) {
    if (pattern.test(name)) scores.set(type, (scores.get(type) ?? 0) + 2);
  }
  return [...scores.entries()].sort((a, b) => b[1] - a[1]);
}

export function classifyDocument(folded: string, fileName: string, foldName: (s: string) => string = (s) => s): Classification {
  const ranked = rankDocumentTypes(folded, fileName, foldName);
  const [bestType, best] = ranked[0]!;
  const [secondType, second] = ranked[1] ?? [null, 0];
  if (best < MIN_SCORE) {
    return { type: 'outro', confidence: Math.round(90 - (best / MIN_SCORE) * 40), second: best > 0 ? bestType : null };
  }
  const strength = 1 - Math.exp(-best / 10);
  const margin = (best - second) / best;
  return { type: bestType, confidence: Math.round(100 * strength * (0.4 + 0.6 * margin)), second: secondType };
}
