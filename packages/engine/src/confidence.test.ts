import { describe, expect, it } from 'vitest';
import { confidenceBand, confidenceBreakdown, confidenceScore } from './confidence.ts';

describe('confidenceScore (spec 01 §9)', () => {
  it('starts at 50 for short plain text', () => {
    expect(confidenceScore('')).toBe(50);
    expect(confidenceScore('texto simples')).toBe(50);
  });

  it('adds 10 over 500 characters and 20 over 1000', () => {
    expect(confidenceScore('a'.repeat(500))).toBe(50);
    expect(confidenceScore('a'.repeat(501))).toBe(60);
    expect(confidenceScore('a'.repeat(1000))).toBe(60);
    expect(confidenceScore('a'.repeat(1001))).toBe(70);
  });

  it('adds 5 per Markdown feature, once each', () => {
    expect(confidenceScore('# Título')).toBe(55);
    expect(confidenceScore('**forte** e **mais**')).toBe(55);
    expect(confidenceScore('- item\n- outro')).toBe(55);
    expect(confidenceScore('• item')).toBe(55);
    expect(confidenceScore('1. primeiro\n2. segundo')).toBe(55);
    // heading + bold + dashes + bullets + numbered = 25
    expect(confidenceScore('# T\n**b**\n- d\n• e\n1. n')).toBe(75);
  });

  it('adds 2 per domain keyword, case-insensitively, once each', () => {
    expect(confidenceScore('VIABILIDADE viabilidade')).toBe(52);
    expect(confidenceScore('roi')).toBe(52);
    expect(confidenceScore('Fluxo de Caixa e Risco')).toBe(54);
    const all = 'viabilidade análise mercado investimento retorno ROI fluxo de caixa risco recomendação conclusão';
    expect(confidenceScore(all)).toBe(70);
  });

  it('combines the parts and clamps at 100', () => {
    // 600 chars (+10), heading (+5), 'mercado' and 'risco' (+4) = 69
    const text = `# Mercado e risco\n${'x'.repeat(600)}`;
    expect(confidenceBreakdown(text)).toEqual({ score: 69, lengthPoints: 10, features: ['headings'], keywords: ['mercado', 'risco'] });
    const rich = `# Análise\n**Viabilidade** 1. a\n- b\n• c\nmercado investimento retorno ROI fluxo de caixa risco recomendação conclusão ${'x'.repeat(1100)}`;
    expect(confidenceScore(rich)).toBe(100);
  });

  it('maps scores to the spec bands', () => {
    expect(confidenceBand(80).label).toBe('Alta Confiança');
    expect(confidenceBand(79).label).toBe('Confiança Moderada');
    expect(confidenceBand(60).label).toBe('Confiança Moderada');
    expect(confidenceBand(59).label).toBe('Baixa Confiança');
  });
});
