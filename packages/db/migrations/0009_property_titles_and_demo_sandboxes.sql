ALTER TABLE "user" ADD COLUMN "is_sandbox" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "sandbox_expires_at" timestamp with time zone;--> statement-breakpoint
-- Properties are first-class (issue 18): a property that carries the old per-run default title
-- ('Análise de Viabilidade dd/mm/aaaa') is named by its address, or 'Imóvel sem endereço' and its date.
UPDATE "properties" SET "title" = CASE
  WHEN "address" IS NOT NULL AND btrim("address") <> '' THEN left(btrim("address"), 200)
  ELSE 'Imóvel sem endereço ' || to_char("created_at" AT TIME ZONE 'America/Sao_Paulo', 'DD/MM/YYYY')
END
WHERE "title" ~ '^Análise de Viabilidade [0-9]{2}/[0-9]{2}/[0-9]{4}$';
