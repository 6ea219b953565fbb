export type Tone = 'success' | 'warning' | 'destructive';

/** Spec 01 §5 'Confidence bands': ≥ 80 green, 60–79 yellow, below 60 red. */
export function confidenceBand(score: number): { label: string; tone: Tone } {
  if (score >= 80) return { label: 'Alta Confiança', tone: 'success' };
  if (score >= 60) return { label: 'Confiança Moderada', tone: 'warning' };
  return { label: 'Baixa Confiança', tone: 'destructive' };
}

/** The viability score's band as a badge colour; 'Dados insuficientes' is neutral, not red. */
export function scoreTone(band: string | undefined): Tone | 'secondary' {
  if (band === 'alta') return 'success';
  if (band === 'moderada') return 'warning';
  if (band === 'insuficiente') return 'secondary';
  return 'destructive';
}
