import type { EnvironmentalResult, FigureSource, Insight, Severity } from '@viabiliza/contracts/analysis-result';
import type { Questionnaire } from '@viabiliza/contracts/questionnaire';
import { bySeverity, docText, excerpt, pageAt, sentenceAround, type DocText } from './legal.ts';
import { documentSource } from './resolve-inputs.ts';
import type { EngineDocument } from './types.ts';

interface Topic {
  id: string;
  title: string;
  pattern: RegExp;
  severity: Severity;
  advice: string;
  /** What is needed to conclude when the topic shows up. */
  needs?: string;
  /** Mentions in the same sentence as an APP are part of that finding, not a second one. */
  coveredByApp?: boolean;
}

/** Patterns run on lower-case text without accents; 'APP' is matched on the original case. */
export const ENVIRONMENTAL_TOPICS: readonly Topic[] = [
  {
    id: 'app',
    title: 'Área de preservação permanente (APP)',
    pattern: /area de preservacao permanente|\bapps?\b/g,
    severity: 'alta',
    advice: 'A faixa de APP não pode ser edificada nem suprimida sem autorização (Código Florestal, Lei 12.651/2012): desconte-a da área aproveitável.',
    needs: 'Levantamento planialtimétrico com a delimitação da APP',
  },
  {
    id: 'preservacao',
    title: 'Menção a área de preservação',
    pattern: /\bpreservacao\b|\bpreservad[ao]\b/g,
    severity: 'media',
    advice: 'Identifique a restrição (ambiental, paisagística ou histórica) e a área atingida.',
    coveredByApp: true,
  },
  {
    id: 'manancial',
    title: 'Área de proteção de mananciais',
    pattern: /\bmananci/g,
    severity: 'alta',
    advice: 'Áreas de manancial têm regras estaduais de uso e ocupação mais restritivas.',
    needs: 'Consulta às restrições da lei estadual de proteção de mananciais',
  },
  {
    id: 'contaminacao',
    title: 'Contaminação do solo',
    pattern: /\bcontamina[cdnt]/g,
    severity: 'alta',
    advice: 'Área contaminada exige investigação e remediação antes de qualquer uso, com custo e prazo que podem inviabilizar o negócio.',
    needs: 'Investigação de passivo ambiental (avaliação preliminar e confirmatória)',
  },
  {
    id: 'licenca',
    title: 'Licenciamento ambiental',
    pattern: /licenca ambiental|licencas ambientais|licenciamento/g,
    severity: 'media',
    advice: 'Verifique a situação e a validade da licença ambiental e as condicionantes.',
  },
  {
    id: 'alagamento',
    title: 'Risco de alagamento ou inundação',
    pattern: /\balagament|\balagavel\b|\binundac|\binundavel\b|\benchentes?\b/g,
    severity: 'alta',
    advice: 'Consulte a carta de risco do município e o histórico de ocorrências; preveja drenagem.',
    needs: 'Consulta à carta de risco / Defesa Civil do município',
  },
  {
    id: 'tombamento',
    title: 'Tombamento ou patrimônio histórico',
    pattern: /\btombament|\btombad[oa]\b|patrimonio historico/g,
    severity: 'media',
    advice: 'Imóvel tombado ou em área envoltória exige aprovação do órgão de patrimônio para qualquer intervenção.',
    needs: 'Consulta ao órgão de patrimônio histórico (municipal, estadual e federal)',
  },
  {
    id: 'reserva-legal',
    title: 'Reserva legal',
    pattern: /reserva legal/g,
    severity: 'media',
    advice: 'A reserva legal deve ser mantida e registrada no CAR; não pode ser suprimida.',
  },
  {
    id: 'nascente',
    title: 'Nascente',
    pattern: /\bnascentes?\b/g,
    severity: 'alta',
    advice: 'Nascentes têm APP de 50 m de raio (Lei 12.651/2012).',
    needs: 'Levantamento planialtimétrico com a delimitação da APP',
  },
  {
    id: 'curso-dagua',
    title: "Curso d'água",
    pattern: /cursos? d.?agua|\bcorregos?\b|\bribeirao\b|\barroios?\b/g,
    severity: 'media',
    advice: "Margens de curso d'água são APP (de 30 m para cursos de até 10 m de largura em área rural; verifique a regra municipal em área urbana).",
    needs: 'Levantamento planialtimétrico com a delimitação da APP',
    coveredByApp: true,
  },
  {
    id: 'mata-atlantica',
    title: 'Mata Atlântica',
    pattern: /mata atlantica/g,
    severity: 'media',
    advice: 'Supressão de vegetação de Mata Atlântica depende de autorização (Lei 11.428/2006).',
    needs: 'Laudo de cobertura vegetal',
  },
];

const NEGATED = /\bnao (?:se )?(?:ha|existe|existem|consta|constam|esta|estao|se encontra|esta inserid[oa]|incide|incidem|possui)\b|\binexist|\bausencia de\b|\blivre de\b|\bsem (?:restricao|restricoes)\b/;

/** Always needed to conclude on the environment of a property. */
export const BASE_ENVIRONMENTAL_NEEDS = ['Certidão de uso do solo', 'Consulta ao órgão ambiental municipal/estadual'] as const;
const USE_OF_LAND = /uso do solo|uso e ocupacao do solo|consulta previa|zoneamento/;
const AGENCY = /parecer ambiental|certidao ambiental|licenca ambiental (?:previa|de instalacao|de operacao)|\bcetesb\b|dispensa de licenc/;

function topicMatches(t: DocText, topic: Topic): { index: number; end: number }[] {
  const out: { index: number; end: number }[] = [];
  for (const m of t.folded.matchAll(topic.pattern)) {
    // 'app' in lower case is usually the word 'app' (aplicativo); the acronym is written APP.
    if (topic.id === 'app' && m[0].startsWith('app') && t.text.slice(m.index, m.index + 3) !== 'APP') continue;
    out.push({ index: m.index, end: m.index + m[0].length });
  }
  return out;
}

/**
 * Environmental mentions in the documents' text, one finding per topic and document citing every
 * page it appears on, with the first excerpt. What a conclusion still needs goes to `missing`.
 */
export function computeEnvironmental(q: Questionnaire, docs: readonly EngineDocument[]): EnvironmentalResult {
  const findings: Insight[] = [];
  const missing = new Set<string>(BASE_ENVIRONMENTAL_NEEDS);
  const texts = docs.map(docText);
  texts.forEach((t, d) => {
    const appTopic = ENVIRONMENTAL_TOPICS[0]!;
    const appSentences = new Set(topicMatches(t, appTopic).map((m) => sentenceAround(t.folded, m.index)));
    for (const topic of ENVIRONMENTAL_TOPICS) {
      const matches = topicMatches(t, topic);
      if (matches.length === 0) continue;
      const relevant = topic.coveredByApp ? matches.filter((m) => !appSentences.has(sentenceAround(t.folded, m.index))) : matches;
      if (relevant.length === 0) continue;
      const affirmative = relevant.filter((m) => !NEGATED.test(sentenceAround(t.folded, m.index)));
      const shown = affirmative[0] ?? relevant[0]!;
      const pages = [...new Set((affirmative.length ? affirmative : relevant).map((m) => pageAt(t, m.index)))].sort((a, b) => a - b);
      const sources: FigureSource[] = pages.map((p) => documentSource(t.doc, p, topic.title));
      const quote = excerpt(t.text, shown.index, shown.end);
      const pageList = pages.length === 1 ? `p. ${pages[0]}` : `pp. ${pages.join(', ')}`;
      if (affirmative.length === 0) {
        findings.push({
          id: `env-${topic.id}-${d + 1}`,
          severity: 'baixa',
          title: `${topic.title}: menção negativa`,
          detail: `${t.doc.fileName}, ${pageList}, menciona o tema em sentido negativo: "${quote}". Confirme com o órgão competente.`,
          sources,
        });
        continue;
      }
      findings.push({
        id: `env-${topic.id}-${d + 1}`,
        severity: topic.severity,
        title: topic.title,
        detail: `${t.doc.fileName}, ${pageList}: "${quote}". ${topic.advice}`,
        sources,
      });
      if (topic.needs) missing.add(topic.needs);
    }
  });
  const allText = texts.map((t) => t.folded).join('\n');
  if (USE_OF_LAND.test(allText) && /certidao|consulta|declaracao/.test(allText)) missing.delete('Certidão de uso do solo');
  if (AGENCY.test(allText)) missing.delete('Consulta ao órgão ambiental municipal/estadual');
  if (q.propertyType === 'terreno' || q.mainObjective === 'desenvolvimento') missing.add('Licença ambiental prévia do empreendimento (ou dispensa)');
  if (docs.length === 0) missing.add('Documentos do imóvel (matrícula, certidões) para a leitura dos achados');
  const hasText = texts.some((t) => t.text.trim().length > 0);
  return {
    findings: bySeverity(findings),
    missing: [...missing],
    conclusive: hasText && missing.size === 0,
  };
}
