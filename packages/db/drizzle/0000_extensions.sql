-- Trigram search for typo-tolerant catalog queries (PGlite loads the contrib module at start-up).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
