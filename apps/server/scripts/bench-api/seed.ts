/**
 * The bench's dataset, written set-based (`insert … select … from generate_series`) so 100k
 * analyses take seconds, not 100k round trips. Every figure is derived from the row number, so two
 * runs seed the same data. Reports and structured results are real engine outputs (2 example
 * properties × 9 analysis types), reused across rows.
 */
import { ANALYSIS_TYPES } from '@viabiliza/contracts/analysis';
import { runEngine } from '@viabiliza/engine/analyze';
import { EXAMPLE_PROPERTIES } from '@viabiliza/engine/examples';
import type { Sql } from './sql.ts';

export interface MeasuredUser {
  id: string;
  properties: number;
  analyses: number;
}

export interface SeedPlan {
  /** Users in total, the measured ones included. */
  users: number;
  /** Analyses in total, the measured users' included. */
  analyses: number;
  measured: MeasuredUser[];
}

export interface SeedCounts {
  users: number;
  properties: number;
  documents: number;
  analyses: number;
  runs: number;
  /** Size on disk of the four product tables with their TOAST and indexes. */
  bytes: number;
}

const PLACES = [
  { city: 'São Paulo', state: 'SP', district: 'Pinheiros', street: 'Rua Cardeal Arcoverde' },
  { city: 'Florianópolis', state: 'SC', district: 'Jurerê Internacional', street: 'Avenida dos Búzios' },
  { city: 'Belém', state: 'PA', district: 'Nazaré', street: 'Avenida Nazaré' },
  { city: 'Curitiba', state: 'PR', district: 'Batel', street: 'Rua Comendador Araújo' },
  { city: 'Goiânia', state: 'GO', district: 'Setor Bueno', street: 'Avenida T-10' },
  { city: 'Maceió', state: 'AL', district: 'Pajuçara', street: 'Avenida Doutor Antônio Gouveia' },
  { city: 'Vitória', state: 'ES', district: 'Praia do Canto', street: 'Rua Joaquim Lírio' },
  { city: 'Brasília', state: 'DF', district: 'Asa Sul', street: 'Quadra SQS 308' },
  { city: 'Ribeirão Preto', state: 'SP', district: 'Jardim Botânico', street: 'Rua São José' },
  { city: 'Niterói', state: 'RJ', district: 'Icaraí', street: 'Rua Gavião Peixoto' },
  { city: 'Rio de Janeiro', state: 'RJ', district: 'Copacabana', street: 'Rua Barata Ribeiro' },
  { city: 'Belo Horizonte', state: 'MG', district: 'Savassi', street: 'Rua Pernambuco' },
  { city: 'Porto Alegre', state: 'RS', district: 'Moinhos de Vento', street: 'Rua Padre Chagas' },
  { city: 'Salvador', state: 'BA', district: 'Barra', street: 'Avenida Oceânica' },
  { city: 'João Pessoa', state: 'PB', district: 'Tambaú', street: 'Avenida Almirante Tamandaré' },
  { city: 'São Luís', state: 'MA', district: "Ponta d'Areia", street: 'Avenida dos Holandeses' },
  { city: 'Jundiaí', state: 'SP', district: 'Anhangabaú', street: 'Rua Conceição' },
  { city: 'Uberlândia', state: 'MG', district: 'Santa Mônica', street: 'Avenida Segismundo Pereira' },
  { city: 'Cuiabá', state: 'MT', district: 'Goiabeiras', street: 'Avenida São Sebastião' },
  { city: 'Macapá', state: 'AP', district: 'Trem', street: 'Avenida Padre Júlio Maria Lombaerd' },
];
const KINDS = [
  { title: 'Apartamento', type: 'apartamento' },
  { title: 'Casa térrea', type: 'casa' },
  { title: 'Terreno', type: 'terreno' },
  { title: 'Sala comercial', type: 'comercial' },
  { title: 'Cobertura duplex', type: 'apartamento' },
  { title: 'Galpão logístico', type: 'industrial' },
  { title: 'Loja de rua', type: 'comercial' },
  { title: 'Chácara', type: 'rural' },
  { title: 'Prédio residencial', type: 'apartamento' },
  { title: 'Lote em condomínio', type: 'terreno' },
  { title: 'Sobrado', type: 'casa' },
  { title: 'Studio', type: 'apartamento' },
];
const FIRST_NAMES = ['João', 'Maria', 'José', 'Ana', 'Antônio', 'Francisca', 'Luís', 'Conceição', 'Sérgio', 'Lúcia', 'Mônica', 'Fábio', 'Márcia', 'Cláudio', 'Inês', 'Otávio', 'Vitória', 'Caio', 'Letícia', 'André'];
const LAST_NAMES = ['Silva', 'Araújo', 'Conceição', 'Gonçalves', 'Simões', 'Brandão', 'Assunção', 'Guimarães', 'Magalhães', 'Falcão', 'Leão', 'Ribeiro', 'Teixeira', 'Sá', 'Amaral', 'Pereira', 'Lopes', 'Nóbrega', 'Peçanha', 'Damião'];
/** Weighted: most analyses come from the built-in engine. */
const PROVIDERS = [
  ...Array<[string, string]>(17).fill(['local', 'viabiliza-engine@1.0.0']),
  ...Array<[string, string]>(3).fill(['gemini', 'gemini-2.5-flash']),
  ...Array<[string, string]>(3).fill(['openai', 'gpt-4o-mini']),
  ['huggingface', 'meta-llama/Llama-3.1-8B-Instruct'] as [string, string],
  ['openai-compatible', 'qwen2.5:7b'] as [string, string],
];

/** Real engine outputs, one per example property and analysis type. */
export function engineTemplates() {
  const out: { i: number; analysis_type: string; content: string; result: unknown; confidence: number; input: unknown }[] = [];
  for (const example of EXAMPLE_PROPERTIES) {
    for (const analysisType of ANALYSIS_TYPES) {
      const run = runEngine({
        analysisType,
        questionnaire: example.questionnaire,
        documents: example.documents,
        overrides: {},
        generatedAt: '2025-06-02T12:00:00.000Z',
        title: example.title,
      });
      const input = { questionnaire: example.questionnaire, documentIds: [], provider: 'local', overrides: {} };
      out.push({ i: out.length, analysis_type: analysisType, content: run.markdown, result: run.result, confidence: run.confidence, input });
    }
  }
  return out;
}

function documentTemplates() {
  return EXAMPLE_PROPERTIES.flatMap((e) => e.documents).map((d, i) => {
    const text = d.pages.map((p) => p.text).join('\n\n');
    return {
      i,
      file_name: d.fileName.replace(/\.txt$/, '.pdf'),
      text,
      pages: d.pages.length,
      document_type: d.documentType,
      key_fields: d.keyFields,
    };
  });
}

const json = (v: unknown) => JSON.stringify(v);

/** Writes the dataset; the measured users already exist (signed up through the API). */
export async function seed(sql: Sql, plan: SeedPlan): Promise<SeedCounts> {
  const seeded = plan.users - plan.measured.length;
  const rest = plan.analyses - plan.measured.reduce((n, m) => n + m.analyses, 0);
  if (seeded < 1 || rest < seeded) throw new Error(`plano de carga inválido: ${seeded} usuários para ${rest} análises`);
  const templates = engineTemplates();
  const docs = documentTemplates();

  await sql.exec(`
    drop table if exists bench_users, bench_places, bench_kinds, bench_templates, bench_providers, bench_docs;
    -- A deterministic UUID with the version 4 and variant bits, as the API's schemas check them.
    create function pg_temp.bench_uuid(t text) returns uuid language sql immutable
      as $$ select overlay(overlay(md5(t) placing '4' from 13) placing '8' from 17)::uuid $$;
    create temp table bench_users (idx int primary key, id text not null, n_props int not null, n_analyses int not null, first_g int);
    create temp table bench_places (i int primary key, city text, state text, district text, street text);
    create temp table bench_kinds (i int primary key, title text, type text);
    create temp table bench_templates (i int primary key, analysis_type text, content text, result jsonb, confidence real, input jsonb);
    create temp table bench_providers (i int primary key, provider text, model text);
    create temp table bench_docs (i int primary key, file_name text, text text, pages int, document_type text, key_fields jsonb);
  `);
  await sql.query(`insert into bench_places select * from jsonb_to_recordset($1::jsonb) as x(i int, city text, state text, district text, street text)`, [
    json(PLACES.map((p, i) => ({ i, ...p }))),
  ]);
  await sql.query(`insert into bench_kinds select * from jsonb_to_recordset($1::jsonb) as x(i int, title text, type text)`, [json(KINDS.map((k, i) => ({ i, ...k })))]);
  await sql.query(
    `insert into bench_templates select * from jsonb_to_recordset($1::jsonb) as x(i int, analysis_type text, content text, result jsonb, confidence real, input jsonb)`,
    [json(templates)],
  );
  await sql.query(`insert into bench_providers select * from jsonb_to_recordset($1::jsonb) as x(i int, provider text, model text)`, [
    json(PROVIDERS.map(([provider, model], i) => ({ i, provider, model }))),
  ]);
  await sql.query(
    `insert into bench_docs select * from jsonb_to_recordset($1::jsonb) as x(i int, file_name text, text text, pages int, document_type text, key_fields jsonb)`,
    [json(docs)],
  );

  // Users: the seeded ones (no password: nobody signs in as them) and the measured ones.
  await sql.query(
    `insert into "user" (id, name, email, email_verified, role, company, created_at, updated_at, last_login_at)
     select 'bench-' || lpad(i::text, 6, '0'),
            (array[${FIRST_NAMES.map((_, k) => `$${k + 2}::text`).join(',')}])[1 + i % ${FIRST_NAMES.length}] || ' ' ||
            (array[${LAST_NAMES.map((_, k) => `$${k + 2 + FIRST_NAMES.length}::text`).join(',')}])[1 + (i / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
            'pessoa' || i || '@bench.viabiliza.test', true, 'user',
            case when i % 3 = 0 then 'Incorporadora ' || i end,
            now() - ((i * 7919) % 700) * interval '1 day', now() - ((i * 7919) % 700) * interval '1 day',
            now() - ((i * 104729) % 30) * interval '1 day'
     from generate_series(1, $1::int) i`,
    [seeded, ...FIRST_NAMES, ...LAST_NAMES],
  );
  const base = Math.floor(rest / seeded);
  const extra = rest - base * seeded;
  await sql.query(
    `insert into bench_users (idx, id, n_props, n_analyses)
     select i, 'bench-' || lpad(i::text, 6, '0'), 5, $2::int + case when i <= $3::int then 1 else 0 end from generate_series(1, $1::int) i
     union all
     select $1::int + m.ord, m.id, m.props, m.analyses
     from jsonb_to_recordset($4::jsonb) as m(ord int, id text, props int, analyses int)`,
    [seeded, base, extra, json(plan.measured.map((m, i) => ({ ord: i + 1, id: m.id, props: m.properties, analyses: m.analyses })))],
  );
  await sql.exec(`
    update bench_users b set first_g = s.first_g
    from (select idx, (sum(n_analyses) over (order by idx) - n_analyses)::int as first_g from bench_users) s
    where s.idx = b.idx;
  `);

  await sql.exec(`
    insert into properties (id, user_id, title, address, city, state, property_type, status, questionnaire, created_at, updated_at)
    select pg_temp.bench_uuid('bench-property/' || u.id || '/' || j), u.id,
           k.title || ' em ' || p.district || ' - ' || p.city,
           p.street || ', ' || (10 + (u.idx * 37 + j * 101) % 2990) || ' - ' || p.district,
           p.city, p.state, k.type, 'analyzed',
           jsonb_build_object('city', p.city, 'state', p.state, 'propertyType', k.type,
                              'usableArea', (40 + (u.idx + j * 13) % 400)::text, 'targetValue', (300000 + ((u.idx * 7 + j) % 50) * 25000)::text,
                              'mainObjective', 'investimento'),
           now() - ((u.idx * 31 + j * 97) % 400) * interval '1 day', now() - ((u.idx * 31 + j * 97) % 400) * interval '1 day'
    from bench_users u
    cross join lateral generate_series(0, u.n_props - 1) j
    join bench_places p on p.i = (u.idx * 7 + j * 3) % ${PLACES.length}
    join bench_kinds k on k.i = (u.idx + j * 5) % ${KINDS.length};
  `);

  // Two documents per property; one in ten not yet attached to a property, a few failed or quarantined.
  await sql.exec(`
    insert into property_documents (property_id, user_id, file_name, file_type, file_size, storage_key, sha256, extracted_text, status,
                                    error_message, quarantine_reason, page_count, pages_done, attempts, document_type, key_fields, confidence,
                                    completed_at, created_at, updated_at)
    select case when (n % 10) = 0 then null else pr.id end, pr.user_id, d.file_name, 'pdf', 20000 + length(d.text) * 40,
           pr.user_id || '/' || md5(pr.id::text || '/' || s), md5(pr.id::text || '/' || s) || md5(pr.id::text), d.text,
           case when n % 50 = 1 then 'error' when n % 97 = 2 then 'quarantined' else 'completed' end,
           case when n % 50 = 1 then 'Não foi possível extrair o texto do arquivo' end,
           case when n % 97 = 2 then 'PDF com JavaScript embutido' end,
           d.pages, d.pages, 1, d.document_type, d.key_fields, 0.9, pr.created_at + interval '2 minutes',
           pr.created_at + interval '1 minute', pr.created_at + interval '2 minutes'
    from (select p.*, s, (row_number() over ())::int as n from properties p cross join generate_series(0, 1) s
          where p.user_id in (select id from bench_users)) pr
    join bench_docs d on d.i = (pr.n * 3) % ${docs.length};
  `);

  // The analyses: the row number g picks the template, the provider and the date (last 12 months).
  await sql.exec(`
    insert into property_analyses (id, property_id, user_id, analysis_type, result_content, provider_used, tokens_used, confidence_score, model,
                                   result, completeness, viability_score, input_hash, run_id, created_at)
    select pg_temp.bench_uuid('bench-analysis/' || g), pg_temp.bench_uuid('bench-property/' || u.id || '/' || (k % u.n_props)), u.id,
           t.analysis_type, t.content, pv.provider,
           case when pv.provider = 'local' then null else 1500 + (g * 37) % 4000 end,
           greatest(40, t.confidence - (g % 15)), pv.model, t.result,
           40 + (g * 11) % 61, ((g * 17) % 101) / 10.0, md5('bench-input/' || g), pg_temp.bench_uuid('bench-run/' || g),
           now() - ((g::bigint * 7919) % (365 * 86400)) * interval '1 second'
    from bench_users u
    cross join lateral generate_series(1, u.n_analyses) k
    cross join lateral (select u.first_g + k as g) gg
    join bench_templates t on t.i = (g * 7) % ${templates.length}
    join bench_providers pv on pv.i = (g * 13) % ${PROVIDERS.length};
  `);

  // Their runs, plus runs answered from the cache (1 in 12) and failed runs (1 in 20).
  await sql.exec(`
    insert into analysis_runs (id, user_id, status, analysis_type, input, input_hash, property_id, analysis_id, cached, error,
                               created_at, updated_at, finished_at)
    select a.run_id, a.user_id, 'completed', a.analysis_type, t.input, a.input_hash, a.property_id, a.id, false, null,
           a.created_at - interval '9 seconds', a.created_at, a.created_at
    from property_analyses a join bench_templates t on t.analysis_type = a.analysis_type and t.i < ${ANALYSIS_TYPES.length}
    where a.user_id in (select id from bench_users)
    union all
    select gen_random_uuid(), a.user_id, 'completed', a.analysis_type, t.input, a.input_hash, a.property_id, a.id, true, null,
           a.created_at + interval '3 days', a.created_at + interval '3 days', a.created_at + interval '3 days'
    from property_analyses a join bench_templates t on t.analysis_type = a.analysis_type and t.i < ${ANALYSIS_TYPES.length}
    where a.user_id in (select id from bench_users) and ('x' || substr(a.input_hash, 1, 8))::bit(32)::int % 12 = 0
    union all
    select gen_random_uuid(), a.user_id, 'failed', a.analysis_type, t.input, md5(a.input_hash), a.property_id, null, false,
           'Timeout na análise. Tente com arquivos menores ou aguarde alguns minutos.',
           a.created_at - interval '1 hour', a.created_at - interval '59 minutes', a.created_at - interval '59 minutes'
    from property_analyses a join bench_templates t on t.analysis_type = a.analysis_type and t.i < ${ANALYSIS_TYPES.length}
    where a.user_id in (select id from bench_users) and ('x' || substr(a.input_hash, 9, 8))::bit(32)::int % 20 = 0;
  `);
  await sql.exec('drop table bench_places, bench_kinds, bench_templates, bench_providers, bench_docs');
  // As autovacuum would have left them: statistics and a visibility map (index-only scans).
  await sql.exec('vacuum analyze "user", properties, property_documents, property_analyses, analysis_runs');

  const [row] = await sql.query<Record<string, string | number>>(`
    select (select count(*) from "user") as users, (select count(*) from properties) as properties,
           (select count(*) from property_documents) as documents, (select count(*) from property_analyses) as analyses,
           (select count(*) from analysis_runs) as runs,
           (select sum(pg_total_relation_size(c)) from unnest(array['properties', 'property_documents', 'property_analyses', 'analysis_runs']::regclass[]) c) as bytes`);
  await sql.exec('drop table bench_users');
  return {
    users: Number(row!.users),
    properties: Number(row!.properties),
    documents: Number(row!.documents),
    analyses: Number(row!.analyses),
    runs: Number(row!.runs),
    bytes: Number(row!.bytes),
  };
}
