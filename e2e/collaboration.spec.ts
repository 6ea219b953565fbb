import { expect, test, type APIRequestContext } from '@playwright/test';
import { ORIGIN, PASSWORD, adminEmail, apiSession, outboxLink, signUpInUi, uniqueEmail, watchConsole } from './helpers.ts';

const HEADERS = { origin: ORIGIN };
const MATRICULA = [
  'REGISTRO DE IMÓVEIS - MATRÍCULA Nº 45.678.',
  'Apartamento nº 82 situado na Rua dos Pinheiros, 1000, São Paulo/SP, com área privativa de 80,00 m² e área total de 95,00 m².',
  'Proprietária: Maria Aparecida Souza, brasileira, engenheira.',
].join('\n');

/** Uploads the matrícula, waits for its text, runs an analysis with it and returns the analysis id. */
async function analysisWithDocument(request: APIRequestContext): Promise<string> {
  const up = await request.post('/api/documents', {
    headers: HEADERS,
    multipart: { files: { name: 'matricula.txt', mimeType: 'text/plain', buffer: Buffer.from(MATRICULA) } },
  });
  expect(up.status(), await up.text()).toBe(201);
  const docId = (await up.json()).documents[0].id as string;
  await expect.poll(async () => (await (await request.get(`/api/documents/${docId}`)).json()).status, { timeout: 60_000 }).toBe('completed');
  const res = await request.post('/api/analyses/runs', {
    headers: HEADERS,
    data: { analysisType: 'complete', questionnaire: { city: 'São Paulo', state: 'SP', usableArea: '80', propertyType: 'apartamento' }, documentIds: [docId] },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  const runId = (await res.json()).run.id as string;
  let analysisId = '';
  await expect
    .poll(
      async () => {
        const { run } = await (await request.get(`/api/analyses/runs/${runId}`)).json();
        analysisId = run.analysisId;
        return run.status;
      },
      { timeout: 60_000 },
    )
    .toBe('completed');
  return analysisId;
}

test('owner shares an analysis; the collaborator reads it, comments and asks the chat, which cites the document', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  await page.addInitScript("window.localStorage.setItem('onboarding_skipped', 'true')");
  const assertClean = watchConsole(page);

  // The collaborator-to-be has an account.
  const friendEmail = uniqueEmail('colaborador');
  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  await friend.addInitScript("window.localStorage.setItem('onboarding_skipped', 'true')");
  const assertFriendClean = watchConsole(friend);
  await signUpInUi(friend, { fullName: 'Bruno Colaborador', email: friendEmail });

  // The owner analyses a property with a document and shares it.
  const ownerEmail = uniqueEmail('dona');
  await signUpInUi(page, { fullName: 'Ana Proprietária', email: ownerEmail });
  const analysisId = await analysisWithDocument(page.request);
  await page.goto(`/dashboard/analysis/${analysisId}`);
  await page.getByRole('tab', { name: 'Colaboração' }).click();

  // Sharing needs a confirmed e-mail: the link comes from Meu Perfil (through the outbox here, no SMTP).
  await page.getByLabel('E-mail do colaborador').fill(friendEmail);
  await page.getByRole('button', { name: 'Compartilhar' }).click();
  await expect(page.getByText('Confirme seu e-mail antes de compartilhar uma análise')).toBeVisible();
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Enviar link de confirmação' }).click();
  await expect(page.getByText(/Enviamos um link de confirmação/)).toBeVisible();
  await apiSession(request, adminEmail('collaboration'), 'Admin Colaboração');
  await page.goto(await outboxLink(request, ownerEmail, 'Confirme seu e-mail'));
  await page.getByRole('button', { name: 'Confirmar e-mail' }).click();
  await expect(page.getByText('E-mail confirmado.')).toBeVisible();
  await page.goto(`/dashboard/analysis/${analysisId}`);
  await page.getByRole('tab', { name: 'Colaboração' }).click();
  await page.getByLabel('E-mail do colaborador').fill('ninguem@e2e.viabiliza.test');
  await page.getByRole('button', { name: 'Compartilhar' }).click();
  await expect(page.getByText('Nenhum usuário cadastrado com este e-mail')).toBeVisible();
  await page.getByLabel('E-mail do colaborador').fill(friendEmail);
  await page.getByRole('button', { name: 'Compartilhar' }).click();
  await expect(page.getByTestId('collaborator')).toContainText('Bruno Colaborador');

  // The collaborator is notified, finds it under 'Compartilhadas comigo', reads the report and comments.
  await friend.goto('/history');
  const shared = friend.getByTestId('shared-with-me');
  await expect(shared).toContainText('Compartilhadas comigo (1)');
  await expect(shared).toContainText('de Ana Proprietária');
  await shared.getByRole('link').first().click();
  await expect(friend).toHaveURL(new RegExp(`/dashboard/analysis/${analysisId}$`));
  await expect(friend.getByRole('tab', { name: 'Relatório' })).toBeVisible();
  const notes = await (await friend.request.get('/api/notifications')).json();
  expect(notes.items.map((n: { title: string }) => n.title)).toContain('Análise compartilhada com você');

  await friend.getByRole('tab', { name: 'Colaboração' }).click();
  await expect(friend.getByText('Esta análise foi compartilhada com você somente para leitura.')).toBeVisible();
  await expect(friend.getByLabel('E-mail do colaborador')).toHaveCount(0);
  await friend.getByLabel('Novo comentário').fill('Conferi a matrícula: está em nome da vendedora.');
  await friend.getByRole('button', { name: 'Comentar' }).click();
  await expect(friend.getByTestId('comment')).toContainText('Conferi a matrícula');

  // The chat: greeting, empty message not sent, Enter sends, the answer quotes the page it came from.
  await friend.getByRole('tab', { name: 'Chat IA' }).click();
  const log = friend.getByTestId('chat-log');
  await expect(log).toContainText('Olá! Sou o assistente desta análise.');
  const input = friend.getByLabel('Sua pergunta');
  await expect(friend.getByRole('button', { name: 'Enviar pergunta' })).toBeDisabled();
  await input.fill('Quem é a proprietária do imóvel?');
  await input.press('Enter');
  const citation = friend.getByTestId('chat-citation').first();
  await expect(citation).toContainText('Maria Aparecida Souza');
  await expect(citation).toContainText('matricula.txt, página 1');
  await expect(input).toHaveValue('');

  // The owner sees the comment.
  await page.reload();
  await page.getByRole('tab', { name: 'Colaboração' }).click();
  await expect(page.getByTestId('comment')).toContainText('Conferi a matrícula');

  // Someone without access sees 'Análise não encontrada'.
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  await signUpInUi(stranger, { fullName: 'Carla Estranha', email: uniqueEmail('estranha'), password: PASSWORD });
  await stranger.goto(`/dashboard/analysis/${analysisId}`);
  await expect(stranger.getByTestId('analysis-not-found')).toBeVisible();
  await strangerContext.close();

  assertClean();
  assertFriendClean();
  await friendContext.close();
});
