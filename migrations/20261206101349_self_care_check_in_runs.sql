ALTER TABLE `routines` ADD `check_in_runs` text;--> statement-breakpoint
-- Each routine's runs of check-ins from its history, as worker/modules/selfCare/queries.ts
-- (runsQuery) computes them on every later write: two check-ins in a row are one run when no day
-- between them is due (bits of SQLite's weekdays, %w, for the routine's days; all 7 when daily).
UPDATE `routines` SET `check_in_runs` = json_object('longest', `runs`.`longest`, 'latest', `runs`.`latest`, 'latestEnd', `runs`.`latest_end`)
FROM (
  SELECT `routine_id`, max(`days`) AS `longest`, max(CASE WHEN `run` = `latest_run` THEN `days` END) AS `latest`, max(`end_date`) AS `latest_end`
  FROM (
    SELECT `routine_id`, `run`, count(*) AS `days`, max(`date`) AS `end_date`, max(`run`) OVER (PARTITION BY `routine_id`) AS `latest_run`
    FROM (
      SELECT `o`.`routine_id`, `o`.`date`,
        sum(CASE
          WHEN `o`.`previous` IS NULL THEN 1
          WHEN julianday(`o`.`date`) - julianday(`o`.`previous`) - 1 = 0 THEN 0
          WHEN ((`d`.`bits` * 129) & (((1 << min(julianday(`o`.`date`) - julianday(`o`.`previous`) - 1, 7)) - 1) << (cast(strftime('%w', `o`.`previous`) AS integer) + 1))) <> 0 THEN 1
          ELSE 0
        END) OVER (PARTITION BY `o`.`routine_id` ORDER BY `o`.`date`) AS `run`
      FROM (SELECT `routine_id`, `date`, lag(`date`) OVER (PARTITION BY `routine_id` ORDER BY `date`) AS `previous` FROM `routine_check_ins`) AS `o`
      JOIN (
        SELECT `id`, CASE `frequency` WHEN 'daily' THEN 127 ELSE coalesce((SELECT sum(DISTINCT 1 << (`value` % 7)) FROM json_each(`routines`.`weekdays`)), 0) END AS `bits`
        FROM `routines`
      ) AS `d` ON `d`.`id` = `o`.`routine_id`
    )
    GROUP BY `routine_id`, `run`
  )
  GROUP BY `routine_id`
) AS `runs`
WHERE `routines`.`id` = `runs`.`routine_id`;
