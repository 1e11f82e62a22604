-- The search index's substring table (docs/decisions/0096-text-filters-by-trigrams.md): trigrams of
-- every indexed title, filled from search_docs, then kept by triggers as search_fts is. The same
-- statements as worker/search/sources.ts (searchSubstringsSql), which the rebuild runs.
CREATE VIRTUAL TABLE search_substrings USING fts5(title, content='search_docs', content_rowid='id', tokenize='trigram remove_diacritics 2');
--> statement-breakpoint
INSERT INTO search_substrings (search_substrings) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `search_docs_substrings_insert` AFTER INSERT ON search_docs BEGIN INSERT INTO search_substrings (rowid, title) VALUES (new.id, new.title); END;
--> statement-breakpoint
CREATE TRIGGER `search_docs_substrings_delete` AFTER DELETE ON search_docs BEGIN INSERT INTO search_substrings (search_substrings, rowid, title) VALUES ('delete', old.id, old.title); END;
--> statement-breakpoint
CREATE TRIGGER `search_docs_substrings_update_old` BEFORE UPDATE OF title ON search_docs WHEN old.title IS NOT new.title BEGIN INSERT INTO search_substrings (search_substrings, rowid, title) VALUES ('delete', old.id, old.title); END;
--> statement-breakpoint
CREATE TRIGGER `search_docs_substrings_update_new` AFTER UPDATE OF title ON search_docs WHEN old.title IS NOT new.title BEGIN INSERT INTO search_substrings (rowid, title) VALUES (new.id, new.title); END;
