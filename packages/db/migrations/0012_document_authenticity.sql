-- A document's digital signatures and validation codes (signer, signing time, integrity of the
-- signed bytes; the code and address to check it on the issuer's site), written by the extraction job.
ALTER TABLE "property_documents" ADD COLUMN "authenticity" jsonb;
