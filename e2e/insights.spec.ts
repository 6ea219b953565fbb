import { expect, test, type Page } from '@playwright/test';
import { signUpInUi, uniqueEmail, watchConsole } from './helpers.ts';

async function openSection(page: Page, title: string) {
  const trigger = page.getByRole('button', { name: new RegExp(title) });
  if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
}

test('demo user: an analysis, then its sentiment, valuation, projections, suggestions, insights and /phase4', async ({ page }) => {
  test.setTimeout(120_000);
  const assertClean = watchConsole(page);
  // A string: this tsconfig has no DOM types, and the code runs in the page anyway.
  await page.addInitScript("window.localStorage.setItem('onboarding_skipped', 'true')");
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Entrar como Demo' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/analise');
  await page.getByLabel('Endereço').fill('Avenida Paulista, 1000');
  await page.getByLabel('Cidade').fill('São Paulo');
  await page.getByLabel('Estado', { exact: true }).selectOption('SP');
  await page.getByLabel('Tipo de imóvel').selectOption('apartamento');
  await openSection(page, 'Características Físicas');
  await page.getByLabel('Área útil (m²)').fill('80');
  await openSection(page, 'Aspectos Financeiros');
  await page.getByLabel('Valor pretendido (R$)').fill('800.000');
  await page.getByRole('button', { name: 'Iniciar Análise' }).click();
  await expect(page.getByRole('heading', { name: 'Completa - Relatório', exact: true })).toBeVisible({ timeout: 60_000 });

  // Sentimento: overall, the four aspects with their reasons, keywords; 'Atualizar' asks the server again.
  await page.getByRole('tab', { name: 'Sentimento' }).click();
  await expect(page.getByRole('heading', { name: 'Análise de Sentimento' })).toBeVisible();
  const overall = page.getByTestId('sentiment-overall');
  await expect(overall.getByText(/^Sentimento (positivo|neutro|negativo)$/)).toBeVisible();
  await expect(overall.getByText(/^Confiança \d+%$/)).toBeVisible();
  // R$ 800.000 ÷ 80 m² against FipeZAP São Paulo R$ 11.317/m²: 11,6% below, 55 + 23 = 78.
  await expect(page.getByTestId('sentiment-aspect-price').getByText('78/100')).toBeVisible();
  await expect(page.getByTestId('sentiment-aspect-price').getByText(/11,6% abaixo da referência/)).toBeVisible();
  for (const aspect of ['location', 'condition', 'potential']) await expect(page.getByTestId(`sentiment-aspect-${aspect}`)).toBeVisible();
  const refresh = page.getByRole('button', { name: 'Atualizar', exact: true });
  const again = page.waitForResponse((r) => /\/api\/analyses\/[^/]+\/intelligence$/.test(r.url()) && r.status() === 200);
  await refresh.click();
  await again;
  await expect(refresh).toBeEnabled();

  // Avaliação: the range taken apart, with the NBR 14653 note.
  await page.getByRole('tab', { name: 'Avaliação' }).click();
  const steps = page.getByTestId('valuation-steps');
  await expect(steps.getByText('Valor central = R$ 11.317,00/m² × 80 m² = R$ 905.360,00.', { exact: false })).toBeVisible();
  await expect(steps.getByText(/Faixa: valor central ± 15% = R\$ 769\.556,00 a R\$ 1\.041\.164,00\./)).toBeVisible();
  await expect(page.getByRole('note').getByText(/NBR 14653/)).toBeVisible();

  // Analytics: scenarios (not forecasts) from IPCA + a real rate; the generate button goes away.
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await page.getByRole('button', { name: 'Gerar Análise Preditiva' }).click();
  await expect(page.getByText('Cenários, não previsões: valores calculados a partir das premissas abaixo.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Gerar Análise Preditiva' })).toHaveCount(0);
  const projection = page.getByTestId('price-projection');
  await expect(projection.getByText('R$ 905.360,00')).toBeVisible();
  const oneYear = projection.locator('div', { hasText: 'Em 1 ano' }).last();
  // 0% real: IPCA 2025 (4,26%) only.
  await expect(oneYear.getByText('R$ 943.928,34')).toBeVisible();
  await expect(page.getByTestId('projection-chart').locator('.recharts-line-curve')).toBeAttached();
  await page.getByLabel('Valorização real (% a.a., acima do IPCA)').fill('2');
  await page.getByRole('button', { name: 'Recalcular cenário' }).click();
  // (1 + 4,26%) × (1 + 2%) − 1 = 6,3452% a year.
  await expect(oneYear.getByText('R$ 962.806,90')).toBeVisible();
  await expect(page.getByTestId('investment-recommendation').getByText(/^Regra aplicada: R\d/)).toBeVisible();
  await expect(page.getByRole('heading', { name: /Avaliação de risco/ })).toBeVisible();

  // Assistant: suggestions filtered by type.
  await expect(page.getByRole('heading', { name: 'Assistente IA' })).toBeVisible();
  await page.getByRole('tab', { name: /^Alertas \(\d+\)$/ }).click();
  const alerts = page.getByTestId('suggestions-warning');
  await expect(alerts.getByText('Alerta', { exact: true }).first()).toBeVisible();
  await expect(alerts.getByText('Otimização', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Atualizar sugestões' }).click();
  await expect(page.getByRole('button', { name: 'Atualizar sugestões' })).toBeEnabled();

  // Insights IA: the engine's items now carry impact and confidence.
  await page.getByRole('tab', { name: 'Insights IA' }).click();
  await expect(page.getByText(/^Confiança \d+%$/).first()).toBeVisible();
  await expect(page.getByText(/^Impacto (alto|médio|baixo)$/).first()).toBeVisible();

  // /phase4 on the demo's own latest analysis.
  await page.goto('/phase4');
  await expect(page.getByRole('heading', { name: 'IA Avançada', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Análise')).toBeVisible();
  await page.getByRole('button', { name: 'Gerar Insights' }).click();
  await expect(page.getByText('Insights gerados com sucesso!')).toBeVisible();
  await expect(page.getByTestId('insight-cards').getByRole('listitem').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Avaliação Automatizada' }).click();
  await page.getByRole('button', { name: 'Executar Avaliação' }).click();
  await expect(page.getByText('Avaliação automatizada concluída!')).toBeVisible();
  await expect(page.getByTestId('automated-valuation').getByText('R$ 905.360,00')).toBeVisible();
  assertClean();
});

test('/phase4 without analyses shows the empty state', async ({ page }) => {
  const assertClean = watchConsole(page);
  await signUpInUi(page, { fullName: 'Rita Alves', email: uniqueEmail('phase4') });
  await page.goto('/phase4');
  await expect(page.getByText('Você ainda não tem análises. Faça uma análise para ver a IA avançada aplicada ao seu imóvel.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Fazer Primeira Análise' })).toHaveAttribute('href', '/analise');
  assertClean();
});
