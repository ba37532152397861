#!/usr/bin/env bash
# Makes this machine's PostgreSQL ready for `npm run test:pg` (run as root, once;
# running it again changes nothing): installs PostgreSQL when it is missing and
# apt-get is there, starts the cluster, and creates the test role and database
# of TEST_DATABASE_URL's default, postgres://jimmy:jimmy@127.0.0.1:5432/jimmy_hunt_test.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

if ! command -v pg_lsclusters >/dev/null 2>&1; then
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "PostgreSQL is not installed and apt-get is not available: install PostgreSQL 15 and run this again." >&2
    exit 1
  fi
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
fi

# The first cluster (Debian 12 ships 15/main); start it unless it is running.
read -r version cluster port status _ < <(pg_lsclusters --no-header | head -n 1)
if [ "$status" != online ]; then pg_ctlcluster "$version" "$cluster" start; fi
if [ "$port" != 5432 ]; then
  echo "Note: the $version/$cluster cluster listens on port $port; set TEST_DATABASE_URL accordingly." >&2
fi

as_postgres() { (cd / && runuser -u postgres -- "$@"); }
as_postgres psql -q -p "$port" -v ON_ERROR_STOP=1 <<'SQL'
do $$
begin
  if not exists (select from pg_roles where rolname = 'jimmy') then
    create role jimmy login password 'jimmy';
  end if;
end
$$;
SQL
if ! as_postgres psql -p "$port" -tAc "select 1 from pg_database where datname = 'jimmy_hunt_test'" | grep -q 1; then
  as_postgres createdb -p "$port" -O jimmy jimmy_hunt_test
fi
echo "PostgreSQL $version is ready for npm run test:pg (postgres://jimmy:jimmy@127.0.0.1:$port/jimmy_hunt_test)."
