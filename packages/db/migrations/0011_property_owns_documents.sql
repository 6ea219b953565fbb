-- Every document belongs to a property: a run reads only its property's documents, and /analise
-- shows one property's files. Documents uploaded before, without a property, are attached here.
-- 1. To the property of the latest run of the same user that read them.
UPDATE "property_documents" AS d SET "property_id" = used."property_id"
FROM (
  SELECT DISTINCT ON (x."document_id") x."document_id", x."property_id"
  FROM (
    SELECT jsonb_array_elements_text(r."input"->'documentIds') AS "document_id", r."property_id", r."user_id", r."created_at"
    FROM "analysis_runs" r
    JOIN "properties" p ON p."id" = r."property_id" AND p."user_id" = r."user_id"
    WHERE jsonb_typeof(r."input"->'documentIds') = 'array'
  ) x
  ORDER BY x."document_id", x."created_at" DESC
) used
WHERE d."property_id" IS NULL AND d."id"::text = used."document_id"
  AND EXISTS (SELECT 1 FROM "properties" p WHERE p."id" = used."property_id" AND p."user_id" = d."user_id");--> statement-breakpoint
-- 2. The rest to one 'Imóvel sem endereço dd/mm/aaaa' per user and upload day (São Paulo time).
WITH "days" AS (
  SELECT "user_id", ("created_at" AT TIME ZONE 'America/Sao_Paulo')::date AS "day", min("created_at") AS "first_at"
  FROM "property_documents"
  WHERE "property_id" IS NULL
  GROUP BY 1, 2
), "created" AS (
  INSERT INTO "properties" ("id", "user_id", "title", "status", "created_at", "updated_at")
  SELECT gen_random_uuid(), "user_id", 'Imóvel sem endereço ' || to_char("day", 'DD/MM/YYYY'), 'pending', "first_at", "first_at"
  FROM "days"
  RETURNING "id", "user_id", "created_at"
)
UPDATE "property_documents" AS d SET "property_id" = c."id"
FROM "created" c
WHERE d."property_id" IS NULL
  AND d."user_id" = c."user_id"
  AND (d."created_at" AT TIME ZONE 'America/Sao_Paulo')::date = (c."created_at" AT TIME ZONE 'America/Sao_Paulo')::date;
