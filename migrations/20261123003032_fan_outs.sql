CREATE TABLE `fan_outs` (
	`job` text NOT NULL,
	`key` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`job`, `key`)
);
