import { expect, test } from '@playwright/test';
import { signUpInUi, uniqueEmail, watchConsole } from './helpers.ts';

const MATRICULA = [
  'REGISTRO DE IMÓVEIS - MATRÍCULA Nº 45.678.',
  'Apartamento nº 82 situado na Rua dos Pinheiros, 1000, São Paulo/SP, com área privativa de 80,00 m² e área total de 95,00 m².',
  'Proprietária: Maria Aparecida Souza, brasileira, engenheira.',
].join('\n');

test('advanced view: summary cards and five tabs over the same workspace, from upload to chat', async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript("window.localStorage.setItem('onboarding_skipped', 'true')");
  const assertClean = watchConsole(page);
  await signUpInUi(page, { fullName: 'Paula Avançada', email: uniqueEmail('avancada') });

  await page.goto('/analise');
  await page.getByRole('button', { name: 'Avançada' }).click();
  await expect(page).toHaveURL(/\/analise\?visao=avancada$/);
  await expect(page.getByRole('heading', { name: 'Análise Inteligente', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();

  const summary = page.getByRole('group', { name: 'Resumo da análise' });
  await expect(summary).toContainText('Arquivos Enviados0');
  await expect(summary).toContainText('Processados0');
  await expect(page.getByTestId('advanced-status')).toHaveText('Aguardando');
  const tabs = page.getByRole('tablist', { name: 'Análise inteligente' });
  for (const name of ['Upload & Análise', 'Extração IA', 'Visualizador', 'Analytics', 'Chat IA']) {
    await expect(tabs.getByRole('tab', { name })).toBeVisible();
  }

  // Before an analysis, the tabs that need one say so and lead back.
  await tabs.getByRole('tab', { name: 'Chat IA' }).click();
  await expect(page.getByText('Conclua uma análise para usar o chat sobre os documentos.')).toBeVisible();
  await page.getByRole('button', { name: 'Ir para Upload & Análise' }).click();
  await expect(tabs.getByRole('tab', { name: 'Upload & Análise' })).toHaveAttribute('aria-selected', 'true');

  // Upload: the cards count the file as sent, then as processed.
  await page.getByLabel('Selecionar arquivos').setInputFiles([{ name: 'matricula.txt', mimeType: 'text/plain', buffer: Buffer.from(MATRICULA) }]);
  await expect(summary).toContainText('Arquivos Enviados1');
  await expect(summary).toContainText('Processados1', { timeout: 30_000 });

  // Extração IA shows the extracted document.
  await tabs.getByRole('tab', { name: 'Extração IA' }).click();
  await expect(page.getByText('matricula.txt').first()).toBeVisible();

  // The run, from the same tab as the upload; the status card follows.
  await tabs.getByRole('tab', { name: 'Upload & Análise' }).click();
  await page.getByLabel('Cidade').fill('São Paulo');
  await page.getByLabel('Estado', { exact: true }).selectOption('SP');
  await page.getByRole('button', { name: 'Iniciar Análise' }).click();
  await expect(page.getByTestId('advanced-status')).toHaveText('Concluído', { timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Assistente IA' })).toBeVisible();

  // Analytics: the predictive analysis of this run.
  await tabs.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page.getByRole('button', { name: 'Gerar Análise Preditiva' })).toBeVisible();

  // Visualizador: photos, floor plan and map of this analysis.
  await tabs.getByRole('tab', { name: 'Visualizador' }).click();
  await expect(page.getByRole('heading', { name: 'Visualizador' })).toBeVisible();

  // Chat IA: the chat answers from the document, beside the assistant panel.
  await tabs.getByRole('tab', { name: 'Chat IA' }).click();
  await expect(page.getByTestId('chat-log')).toContainText('Olá! Sou o assistente desta análise.');
  await expect(page.getByRole('heading', { name: 'Assistente IA' })).toBeVisible();
  const input = page.getByLabel('Sua pergunta');
  await input.fill('Quem é a proprietária do imóvel?');
  await input.press('Enter');
  await expect(page.getByTestId('chat-citation').first()).toContainText('matricula.txt, página 1');

  // The standard view is the same workspace: the file is there.
  // (The upload made the new property the workspace's: its id stays in the address.)
  await page.getByRole('button', { name: 'Padrão' }).click();
  await expect(page).toHaveURL(/\/analise\?imovel=[0-9a-f-]{36}$/);
  await expect(page.getByRole('list', { name: 'Arquivos Enviados' }).getByText('matricula.txt')).toBeVisible();
  assertClean();
});
