import type { AnalysisResult } from '@viabiliza/contracts/analysis-result';
import type { DocumentAuthenticity } from '@viabiliza/contracts/authenticity';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ---- Better Auth (core tables + admin plugin fields). One user table: profile fields live here
// as Better Auth additionalFields (DESIGN.md), and the role column of the admin plugin is the
// spec's user_roles.
export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  role: text('role').notNull().default('user'),
  banned: boolean('banned').default(false),
  banReason: text('ban_reason'),
  banExpires: timestamp('ban_expires', { withTimezone: true }),
  company: text('company'),
  phone: text('phone'),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  /**
   * A private demo sandbox ('Entrar como Demo'): cloned from the sample data for one visitor,
   * removed with its files after sandboxExpiresAt, and left out of analytics and public counters.
   */
  isSandbox: boolean('is_sandbox').notNull().default(false),
  sandboxExpiresAt: timestamp('sandbox_expires_at', { withTimezone: true }),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable('verification', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ---- Product tables (spec 01 §3)
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    type: text('type').notNull().default('info'),
    read: boolean('read').notNull().default(false),
    data: jsonb('data').$type<Record<string, unknown>>(),
    /** Set when a job creates the row, so a retried job cannot create it twice. */
    dedupeKey: text('dedupe_key').unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt.desc())],
);

export const securityAudit = pgTable(
  'security_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    success: boolean('success').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('security_audit_created_idx').on(t.createdAt.desc()),
    // The account-mail budgets count one action's rows in a window (modules/account-mail).
    index('security_audit_action_created_idx').on(t.action, t.createdAt),
  ],
);

export const properties = pgTable(
  'properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    propertyType: text('property_type').notNull().default('residential'),
    status: text('status').notNull().default('pending'),
    /** The questionnaire as last analysed, so a later run or report can start from it. */
    questionnaire: jsonb('questionnaire').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('properties_user_created_idx').on(t.userId, t.createdAt.desc())],
);

export const propertyDocuments = pgTable(
  'property_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The property the document belongs to: every upload names one or gets its own (migration 0011
     * attached the older ones). A run reads only its property's documents. Nullable in the table
     * only so that a backup archive written before 0012 still restores.
     */
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** The kind decided from the file's bytes (pdf, docx, png, ...), never from its name. */
    fileType: text('file_type').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    extractedText: text('extracted_text'),
    /** uploaded | processing | completed | error | quarantined */
    status: text('status').notNull().default('uploaded'),
    errorMessage: text('error_message'),
    quarantineReason: text('quarantine_reason'),
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    pageCount: integer('page_count'),
    pagesDone: integer('pages_done').notNull().default(0),
    /**
     * What the reader is doing while 'processing' (phase text|ocr, the page in OCR, OCR pages left
     * and the measured milliseconds per OCR page, for an ETA); null otherwise.
     */
    progress: jsonb('progress').$type<{ phase?: 'text' | 'ocr'; page?: number; ocrPagesLeft?: number; msPerOcrPage?: number | null }>(),
    attempts: integer('attempts').notNull().default(0),
    documentType: text('document_type'),
    documentTypeLabel: text('document_type_label'),
    typeConfidence: real('type_confidence'),
    keyFields: jsonb('key_fields').$type<unknown[]>(),
    /**
     * Digital signatures and validation codes (`@viabiliza/contracts/authenticity`), written with
     * the extraction; null before it and for documents read before migration 0012.
     */
    authenticity: jsonb('authenticity').$type<DocumentAuthenticity>(),
    confidence: real('confidence'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('property_documents_property_idx').on(t.propertyId, t.createdAt.desc()),
    index('property_documents_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** Text per page, so reports can cite 'documento X, página 3'. */
export const documentPages = pgTable(
  'document_pages',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => propertyDocuments.id, { onDelete: 'cascade' }),
    pageNumber: integer('page_number').notNull(),
    text: text('text').notNull(),
    /** text (the file's text layer) or ocr */
    method: text('method').notNull(),
    confidence: real('confidence'),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.pageNumber] })],
);

export const propertyAnalyses = pgTable(
  'property_analyses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    analysisType: text('analysis_type').notNull(),
    resultContent: text('result_content'),
    providerUsed: text('provider_used'),
    tokensUsed: integer('tokens_used'),
    confidenceScore: real('confidence_score'),
    /** The model that wrote the narrative ('viabiliza-engine@1.0.0' for the built-in engine). */
    model: text('model'),
    /**
     * The engine's structured result (figures with sources, cash flows, sensitivity, insights).
     * Rows written before a schema change hold an older version: read it through contracts'
     * `parseAnalysisResult`, which upgrades it (or gives null), before using it.
     */
    result: jsonb('result').$type<AnalysisResult>(),
    /** Share of the relevant inputs that were present, 0–100. */
    completeness: real('completeness'),
    /** Viability score 0–10 (bands alta/moderada/baixa). */
    viabilityScore: real('viability_score'),
    /** sha256 of the canonical inputs: an identical request returns this analysis at once. */
    inputHash: text('input_hash'),
    /** The run that saved it: unique, so a retried job can never save twice. */
    runId: uuid('run_id').unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index('property_analyses_property_idx').on(t.propertyId, t.createdAt.desc()),
    // Newest first with the id as tie-break, exactly the lists' ORDER BY: a page (history, the
    // dashboard's latest) is read off the index and stops at LIMIT, instead of sorting all the
    // person's rows and computing each one's preview first (bench:api, BENCHMARKS.md). NULLS
    // FIRST because that is what `ORDER BY … DESC` means; drizzle's plain .desc() writes NULLS
    // LAST, which the planner cannot use for it.
    index('property_analyses_user_created_id_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('property_analyses_user_hash_idx').on(t.userId, t.inputHash),
    // The history's type and provider filters (and their selects' distinct values), newest first.
    index('property_analyses_user_type_created_idx').on(t.userId, t.analysisType, t.createdAt.desc()),
    index('property_analyses_user_provider_created_idx').on(t.userId, t.providerUsed, t.createdAt.desc()),
  ],
);

/**
 * An analysis run (spec 01 §4 'Analysis run'): a queued job whose status is streamed to the page.
 * Terminal states are completed and failed; anything else after a restart is resumed or failed.
 */
export const analysisRuns = pgTable(
  'analysis_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** queued | checking_cache | preparing | building_content | creating_property | secure_analysis | saving | completed | failed */
    status: text('status').notNull().default('queued'),
    analysisType: text('analysis_type').notNull(),
    /** The validated request: questionnaire, document ids, provider, overrides. */
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    inputHash: text('input_hash').notNull(),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'set null' }),
    analysisId: uuid('analysis_id').references(() => propertyAnalyses.id, { onDelete: 'set null' }),
    cached: boolean('cached').notNull().default(false),
    error: text('error'),
    /** How many times a restart found it unfinished and queued it again. */
    recoveries: integer('recoveries').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('analysis_runs_user_created_idx').on(t.userId, t.createdAt.desc()),
    // The dashboard's success rate counts a person's runs by status and cache: index-only.
    index('analysis_runs_user_status_idx').on(t.userId, t.status, t.cached),
    index('analysis_runs_status_idx').on(t.status),
  ],
);

export const performanceMetrics = pgTable(
  'performance_metrics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    metricName: text('metric_name').notNull(),
    /**
     * The measured value. Null for a realtime_monitoring interval that answered no request: it has
     * no response time ('sem requisições'), and a 0 would pull every average down.
     */
    metricValue: real('metric_value'),
    tags: jsonb('tags').$type<Record<string, unknown>>(),
    userId: text('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('performance_metrics_name_created_idx').on(t.metricName, t.createdAt)],
);

/**
 * Rate-limit counters on PostgreSQL, shared by every instance (issue 15): one row per budget key
 * (category, address, route), counting the requests of the window that ends at expires_at. The next
 * request after expiry starts a new window; expired rows are swept periodically. PGlite keeps its
 * counters in-process (one process owns its data directory). UNLOGGED in its migration (0007): a
 * minute-long counter needs no WAL, so a commit waits for no disk flush.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_expires_idx').on(t.expiresAt)],
);

/**
 * Accounts created (sign-ups and demo sandboxes), by client address and network, for the
 * account-creation budget (apps/server/src/modules/auth/account-creation-budget.ts), shared by every
 * instance. A row is written when an attempt is admitted and deleted if no account came of it; rows
 * older than the longest window are swept. Not in backups: a day-long counter, not data.
 */
export const accountCreations = pgTable(
  'account_creations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ipAddress: text('ip_address').notNull(),
    network: text('network').notNull(),
    /** 'signup' | 'demo'. */
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('account_creations_network_created_idx').on(t.network, t.createdAt), index('account_creations_created_idx').on(t.createdAt)],
);

/**
 * A backup of the tables of spec 02 §7 and the uploaded files (admin /backup): a compressed
 * archive in the file store. status: pending | running | completed | failed.
 */
export const backupMetadata = pgTable(
  'backup_metadata',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    backupName: text('backup_name').notNull(),
    status: text('status').notNull().default('pending'),
    tablesIncluded: jsonb('tables_included').$type<string[]>().notNull(),
    /** manual | scheduled */
    trigger: text('trigger').notNull().default('manual'),
    /** Where the archive lives in the file store. */
    storageKey: text('storage_key'),
    /** Archive bytes, and the bytes before compression. */
    backupSize: bigint('backup_size', { mode: 'number' }),
    originalSize: bigint('original_size', { mode: 'number' }),
    compressionRatio: real('compression_ratio'),
    /** Rows per table and files, to verify a restore against. */
    manifest: jsonb('manifest').$type<Record<string, unknown>>(),
    errorMessage: text('error_message'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
  },
  (t) => [index('backup_metadata_created_idx').on(t.createdAt.desc())],
);

/** A run of the server's synthetic checks (admin testing tab, /testing); history of 5 shown. */
export const adminTestReports = pgTable(
  'admin_test_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** all | smoke | e2e | scenarios */
    suite: text('suite').notNull(),
    total: integer('total').notNull(),
    passed: integer('passed').notNull(),
    failed: integer('failed').notNull(),
    skipped: integer('skipped').notNull().default(0),
    /** passed / (total - skipped) × 100 */
    successRate: real('success_rate').notNull(),
    durationMs: integer('duration_ms').notNull(),
    /** Each check: name, group, status, durationMs, error. */
    results: jsonb('results').$type<Record<string, unknown>[]>().notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('admin_test_reports_created_idx').on(t.createdAt.desc())],
);

/** A release recorded by the deploy tab: who, when, which version, and the checks at the time. */
export const deployments = pgTable(
  'deployments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    environment: text('environment').notNull(),
    version: text('version').notNull(),
    commit: text('commit'),
    /** ready | deploying | deployed | failed | rollback */
    status: text('status').notNull(),
    checks: jsonb('checks').$type<Record<string, unknown>>().notNull(),
    error: text('error'),
    triggeredBy: text('triggered_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('deployments_env_created_idx').on(t.environment, t.createdAt.desc())],
);

/** The pre-deploy checklist items a person confirms (spec 02: rollbackPlan, teamNotified, …). */
export const deployChecklist = pgTable('deploy_checklist', {
  item: text('item').primaryKey(),
  checked: boolean('checked').notNull().default(false),
  updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/** Read-only sharing of an analysis with another registered user (Colaboração). */
export const analysisCollaborators = pgTable(
  'analysis_collaborators',
  {
    analysisId: uuid('analysis_id')
      .notNull()
      .references(() => propertyAnalyses.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    addedBy: text('added_by')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.analysisId, t.userId] }), index('analysis_collaborators_user_idx').on(t.userId)],
);

/** The comment thread of an analysis, visible to its owner and collaborators. */
export const analysisComments = pgTable(
  'analysis_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    analysisId: uuid('analysis_id')
      .notNull()
      .references(() => propertyAnalyses.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('analysis_comments_analysis_created_idx').on(t.analysisId, t.createdAt)],
);

/** Rooms of the floor plan a user enters for a property (Visualizador), drawn to scale. */
export const propertyRooms = pgTable(
  'property_rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    areaM2: real('area_m2').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('property_rooms_property_idx').on(t.propertyId, t.position)],
);

// ---- Reference data (issue 17): figures refreshed from Banco Central's SGS or imported by an
// administrator, passed to the engine beside its shipped rows. Append-only: a new figure is a new
// row; an analysis keeps citing the rows it used.

/** One import (CSV/XLSX upload confirmed by an admin) or one SGS refresh run. */
export const referenceImports = pgTable(
  'reference_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** fipezap | cub | itbi | sgs */
    kind: text('kind').notNull(),
    /** import | sgs */
    origin: text('origin').notNull(),
    /** ok | partial | failed (SGS unreachable, malformed answer) */
    status: text('status').notNull(),
    fileName: text('file_name'),
    rowsAdded: integer('rows_added').notNull().default(0),
    rowsSkipped: integer('rows_skipped').notNull().default(0),
    /** Per series (SGS) or per row (import) outcome; the error text when it failed. */
    details: jsonb('details').$type<Record<string, unknown>>(),
    error: text('error'),
    importedBy: text('imported_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('reference_imports_created_idx').on(t.createdAt.desc())],
);

export const referenceRows = pgTable(
  'reference_rows',
  {
    /** 'sgs-433-2026-10', 'imp-<import>-<n>': stable, so a refresh that finds it again adds nothing. */
    id: text('id').primaryKey(),
    series: text('series').notNull(),
    city: text('city'),
    state: text('state'),
    /** Absent = residential. */
    propertyType: text('property_type'),
    label: text('label').notNull(),
    value: doublePrecision('value').notNull(),
    unit: text('unit').notNull(),
    /** 'YYYY-MM-DD', 'YYYY-MM' or 'YYYY'. */
    asOf: text('as_of').notNull(),
    source: text('source').notNull(),
    /** daily | monthly | yearly | event */
    cadence: text('cadence').notNull(),
    uncertain: boolean('uncertain').notNull().default(false),
    note: text('note'),
    /** ITBI: financedRate, financedCeiling, law. */
    extra: jsonb('extra').$type<Record<string, unknown>>(),
    /** sgs | import */
    origin: text('origin').notNull(),
    importId: uuid('import_id').references(() => referenceImports.id, { onDelete: 'set null' }),
    importedBy: text('imported_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('reference_rows_series_idx').on(t.series, t.asOf)],
);

/**
 * Every e-mail the server sends (password reset, e-mail verification, e-mail change). Without
 * SMTP_URL this table is the delivery: an admin reads the message and its link on /admin. With
 * SMTP the link (a secret) is not kept: `link` is null. kind: password_reset | email_verification |
 * email_change | email_changed; delivery: outbox | smtp; status: queued | sent | failed.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    /** The text without the link. */
    body: text('body').notNull(),
    link: text('link'),
    delivery: text('delivery').notNull(),
    status: text('status').notNull(),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt.desc())],
);
