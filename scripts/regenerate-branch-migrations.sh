#!/usr/bin/env bash
# After `git merge <branch>` stops on migrations/meta/_journal.json (two branches generated migrations
# from the same journal): drops the branch's migration files and snapshots, keeps HEAD's journal,
# regenerates the branch's schema changes as NAME, and re-creates its custom migrations (flag rows,
# triggers: recognised by an unchanged snapshot) with their original SQL, in order.
# Usage, during the merge: bash scripts/regenerate-branch-migrations.sh <branch> <name>
set -euo pipefail
B=$1; NAME=$2
base=$(git merge-base HEAD "$B")
out=$(mktemp -d)
customs=()
prev=$(git show "$base:migrations/meta/_journal.json" | python3 -c 'import json,sys; print(json.load(sys.stdin)["entries"][-1]["tag"].split("_")[0])')
for f in $(git diff --name-only --diff-filter=A "$base" "$B" -- 'migrations/*.sql' | sort); do
  tag=$(basename "$f" .sql); ts=${tag%%_*}; suffix=${tag#*_}
  git show "$B:$f" > "$out/$tag.sql"
  # A custom migration (drizzle-kit generate --custom) leaves the schema snapshot unchanged.
  if python3 - "$B" "$prev" "$ts" "$base" <<'PY'
import json, subprocess, sys
b, prev, ts, base = sys.argv[1:]
def snap(ref, t):
    return json.loads(subprocess.check_output(["git", "show", f"{ref}:migrations/meta/{t}_snapshot.json"]))
try: before = snap(b, prev)
except Exception: before = snap(base, prev)
after = snap(b, ts)
strip = lambda s: {k: v for k, v in s.items() if k not in ("id", "prevId")}
sys.exit(0 if strip(before) == strip(after) else 1)
PY
  then customs+=("$suffix:$tag"); fi
  prev=$ts
  rm -f "$f" "migrations/meta/${ts}_snapshot.json"
done
git checkout HEAD -- migrations/meta/_journal.json
npx drizzle-kit generate --name "$NAME" 2>&1 | tail -2
for c in "${customs[@]:-}"; do
  [ -z "$c" ] && continue
  suffix=${c%%:*}; tag=${c#*:}
  sleep 1
  npx drizzle-kit generate --custom --name "$suffix" 2>&1 | tail -1
  newest=$(ls migrations/*_"$suffix".sql | sort | tail -1)
  cp "$out/$tag.sql" "$newest"
done
git add -A migrations
ls migrations | tail -6
