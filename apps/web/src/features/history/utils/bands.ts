export type Tone = 'success' | 'warning' | 'destructive';

/** The engine's viability band (alta / moderada / baixa; 'insuficiente' neutral) as a badge colour. */
export function scoreTone(band: string | null | undefined): Tone | 'secondary' {
  if (band === 'alta') return 'success';
  if (band === 'moderada') return 'warning';
  if (band === 'baixa') return 'destructive';
  return 'secondary';
}

export const SCORE_BAND_LABELS: Record<string, string> = {
  alta: 'Viabilidade alta',
  moderada: 'Viabilidade moderada',
  baixa: 'Viabilidade baixa',
  insuficiente: 'Dados insuficientes',
};
