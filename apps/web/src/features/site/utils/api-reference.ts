/**
 * The REST API as served by apps/server (the routes of `modules/*\/*.routes.ts`); the full schemas
 * are in the OpenAPI document at /api/docs. Kept in step by e2e/public.spec.ts, which checks every
 * path listed here against /api/docs/json.
 */
export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  description: string;
}
export interface ApiGroup {
  title: string;
  routes: ApiRoute[];
}

export const API_GROUPS: ApiGroup[] = [
  {
    title: 'Autenticação',
    routes: [
      { method: 'POST', path: '/api/auth/sign-up', description: 'Cria a conta e abre a sessão (cookie).' },
      { method: 'POST', path: '/api/auth/sign-in', description: 'Entra com e-mail e senha.' },
      { method: 'POST', path: '/api/auth/demo', description: 'Abre uma demonstração privada: uma conta só deste visitante, com dados de exemplo, apagada após 24 horas.' },
      { method: 'POST', path: '/api/auth/sign-out', description: 'Encerra a sessão.' },
      { method: 'GET', path: '/api/auth/session', description: 'Usuário da sessão atual, ou nulo.' },
    ],
  },
  {
    title: 'Documentos',
    routes: [
      { method: 'POST', path: '/api/documents', description: 'Envio multipart de até 20 arquivos (10 MB cada, 200 MB no total); a extração roda em segundo plano.' },
      { method: 'GET', path: '/api/documents', description: 'Lista os documentos do usuário.' },
      { method: 'GET', path: '/api/documents/{id}', description: 'Um documento com o texto extraído e os campos-chave.' },
      { method: 'GET', path: '/api/documents/{id}/pages', description: 'O texto página a página.' },
      { method: 'DELETE', path: '/api/documents/{id}', description: 'Remove um documento.' },
    ],
  },
  {
    title: 'Análises e relatórios',
    routes: [
      { method: 'POST', path: '/api/analyses/runs', description: 'Inicia uma análise (questionário, documentos, tipo, premissas); responde com a execução.' },
      { method: 'GET', path: '/api/analyses/runs/{id}', description: 'Estado e progresso de uma execução.' },
      { method: 'GET', path: '/api/analyses', description: 'Histórico de análises com filtros e paginação.' },
      { method: 'GET', path: '/api/analyses/{id}', description: 'Uma análise salva com o resultado estruturado.' },
      { method: 'GET', path: '/api/analyses/example', description: 'Análise de exemplo (nada é salvo).' },
      { method: 'GET', path: '/api/properties/{id}/analyses', description: 'Análises de um imóvel, para comparação.' },
      { method: 'GET', path: '/api/analyses/{id}/report.html', description: 'Relatório em HTML (executivo, técnico ou completo).' },
      { method: 'GET', path: '/api/analyses/{id}/report.pdf', description: 'Relatório em PDF, com tabelas e gráficos.' },
      { method: 'GET', path: '/api/analyses/{id}/export.txt', description: 'Exportação em texto.' },
      { method: 'GET', path: '/api/ai/providers', description: 'Provedores disponíveis (o Motor Viabiliza sempre está).' },
    ],
  },
  {
    title: 'Conta, painel e notificações',
    routes: [
      { method: 'GET', path: '/api/profile', description: 'Perfil do usuário.' },
      { method: 'PUT', path: '/api/profile', description: 'Atualiza nome, telefone e empresa.' },
      { method: 'GET', path: '/api/dashboard/stats', description: 'Totais e análises recentes do usuário.' },
      { method: 'GET', path: '/api/search', description: 'Busca imóveis do usuário.' },
      { method: 'GET', path: '/api/notifications', description: 'Notificações e contagem de não lidas.' },
      { method: 'POST', path: '/api/notifications/read-all', description: 'Marca todas como lidas.' },
      { method: 'GET', path: '/api/events', description: 'Eventos em tempo real (Server-Sent Events): notificações e progresso.' },
    ],
  },
  {
    title: 'Público e saúde',
    routes: [
      { method: 'GET', path: '/api/public/stats', description: 'Contadores públicos: análises e usuários.' },
      { method: 'POST', path: '/api/metrics/web-vitals', description: 'Registra FCP, LCP, CLS e TTFB de um carregamento de página.' },
      { method: 'GET', path: '/api/health', description: 'O servidor está no ar.' },
    ],
  },
];
