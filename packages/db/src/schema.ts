import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
  (t) => [index('security_audit_created_idx').on(t.createdAt.desc())],
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('properties_user_created_idx').on(t.userId, t.createdAt.desc())],
);

export const propertyDocuments = pgTable(
  'property_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null until the document is attached to a property (an analysis creates one when needed). */
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
    attempts: integer('attempts').notNull().default(0),
    documentType: text('document_type'),
    documentTypeLabel: text('document_type_label'),
    typeConfidence: real('type_confidence'),
    keyFields: jsonb('key_fields').$type<unknown[]>(),
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
    createdAt: createdAt(),
  },
  (t) => [index('property_analyses_property_idx').on(t.propertyId, t.createdAt.desc())],
);

export const performanceMetrics = pgTable(
  'performance_metrics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    metricName: text('metric_name').notNull(),
    metricValue: real('metric_value').notNull(),
    tags: jsonb('tags').$type<Record<string, unknown>>(),
    userId: text('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('performance_metrics_name_created_idx').on(t.metricName, t.createdAt)],
);
