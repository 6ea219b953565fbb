import type { AnalyticsReport } from '@viabiliza/contracts/analytics';

import { toCsv } from '@/lib/csv';

/** The figures of /analytics as CSV (decimal comma: what Excel in pt-BR opens); provider names are neutralised by toCsv. */
export function analyticsCsv(r: AnalyticsReport): string {
  const num = (v: number | null) => (v === null ? '' : String(v).replace('.', ','));
  return toCsv([
    ['Seção', 'Indicador', 'Valor'],
    ['Período', 'Dias', num(r.periodDays)],
    ['Período', 'Desde', r.since],
    ['KPI', 'Usuários ativos', num(r.kpis.activeUsers)],
    ['KPI', 'Novos usuários', num(r.kpis.newUsers)],
    ['KPI', 'Novos usuários com análise', num(r.kpis.convertedUsers)],
    ['KPI', 'Conversão (%)', num(r.kpis.conversionPercent)],
    ['KPI', 'Análises', num(r.kpis.analyses)],
    ['KPI', 'Tempo médio de análise (s)', num(r.kpis.avgRunSeconds)],
    ['KPI', 'Execuções concluídas', num(r.kpis.runsCompleted)],
    ['KPI', 'Execuções com falha', num(r.kpis.runsFailed)],
    ['KPI', 'Taxa de sucesso (%)', num(r.kpis.successRate)],
    ...r.hourly.map((h) => ['Uso por hora', `${String(h.hour).padStart(2, '0')}h`, num(h.analyses)]),
    ...r.providers.flatMap((p) => [
      ['Provider', `${p.name} - análises`, num(p.analyses)],
      ['Provider', `${p.name} - tokens`, num(p.tokens)],
      ['Provider', `${p.name} - custo (R$)`, num(p.cost)],
      ['Provider', `${p.name} - taxa de sucesso (%)`, num(p.successRate)],
    ]),
    ['Performance', 'Tempo médio de análise (s)', num(r.performance.avgRunSeconds)],
    ['Performance', 'Uptime medido (%)', num(r.performance.uptimePercent)],
    ['Performance', 'Alertas abertos', num(r.performance.openAlerts)],
    ['Performance', 'Amostras de monitoramento', num(r.performance.samples)],
  ]);
}
