#!/usr/bin/env bash
# Runs Debian's sqlmap against the company and people search endpoints of a freshly started server (loopback
# only) and fails if it finds any parameter injectable. Usage: tests/security/sqlmap.sh   (npm run test:security)
# Needs: sqlmap (apt-get install -y sqlmap) and a build (npm run build; npm start builds when missing).
set -euo pipefail
cd "$(dirname "$0")/../.."

command -v sqlmap >/dev/null || { echo "sqlmap is not installed: apt-get install -y sqlmap" >&2; exit 2; }

PORT="${PORT:-3399}"
BASE="http://127.0.0.1:${PORT}"
WORK="$(mktemp -d)"
cleanup() {
  [[ -n "${SERVER_PID:-}" ]] && kill -- "-${SERVER_PID}" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

# Its own process group, so the whole server goes when we are done; a fresh embedded database.
setsid env PORT="$PORT" HOST=127.0.0.1 DATA_DIR="$WORK/data" LOG_LEVEL=warn NODE_ENV=test node scripts/start.mjs \
  >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 120); do
  curl -fs "$BASE/api/health" >/dev/null 2>&1 && break
  sleep 1
done
curl -fs "$BASE/api/health" >/dev/null || { cat "$WORK/server.log"; echo "the server did not start" >&2; exit 1; }

# A signed-in user: the endpoints need a session.
curl -fs -c "$WORK/cookies" -H 'content-type: application/json' -H "origin: $BASE" \
  -d '{"email":"sqlmap@example.com","password":"violet-harbor-42","name":"Sqlmap"}' \
  "$BASE/api/auth/sign-up/email" >/dev/null
COOKIE="$(awk '!/^#/ && NF >= 7 { printf "%s=%s; ", $6, $7 }' "$WORK/cookies")"
COOKIE="$COOKIE$(awk '/^#HttpOnly_/ { printf "%s=%s; ", $6, $7 }' "$WORK/cookies")"

found=0
# One endpoint: its query string, or its JSON body (then sqlmap tries every value in it).
probe() {
  local url="$1" body="${2:-}"
  local extra=()
  [[ -n "$body" ]] && extra=(--data="$body" --method=POST --headers="origin: $BASE")
  echo "sqlmap: $url ${body}"
  sqlmap -u "$url" "${extra[@]}" --cookie="$COOKIE" --batch --level=2 --risk=1 --dbms=PostgreSQL \
    --technique=BEUST --time-sec=2 --flush-session --output-dir="$WORK/sqlmap" --disable-coloring \
    >"$WORK/run.log" 2>&1 || true
  grep -iE "does not seem to be injectable|do not appear to be injectable" "$WORK/run.log" | sed 's/^/  /' || true
  if grep -qiE "is vulnerable|identified the following injection point" "$WORK/run.log"; then
    cat "$WORK/run.log"
    found=1
  elif ! grep -qiE "do not appear to be injectable|does not seem to be injectable" "$WORK/run.log"; then
    cat "$WORK/run.log"
    echo "sqlmap gave no verdict for $url" >&2
    found=1
  fi
}

# Each URL finds companies (or people: the Y Combinator founders) in the real data, so that every parameter in
# it reaches the query (a filter that matches nothing is answered without one, and a blind injection needs a
# page that can change).
for url in \
  "$BASE/api/v1/companies?q=apple&sort=name&limit=5" \
  "$BASE/api/v1/companies?industry=software&country=united%20states&region=california&city=cupertino" \
  "$BASE/api/v1/companies?foundedFrom=1970&foundedTo=1980&source=sp500&sort=-founded&limit=5" \
  "$BASE/api/v1/companies/facets?q=bank&industry=banking&country=united%20states" \
  "$BASE/api/v1/companies/Apple%20Inc.*" \
  "$BASE/api/v1/people?q=collison&title=co-founder&sort=name&limit=5" \
  "$BASE/api/v1/people?company=stripe&seniority=founder&department=executive&industry=fintech&region=california" \
  "$BASE/api/v1/people?location=san%20francisco&source=yc&sort=-name&limit=5" \
  "$BASE/api/v1/people/facets?title=founder&industry=fintech&location=san%20francisco"; do
  probe "$url"
done
# The exports' quotes take the search as JSON (the quote is free; the export itself would spend credits).
probe "$BASE/api/v1/companies/exports/quote" '{"q":"apple","industry":["software"],"country":["united states"]}'
probe "$BASE/api/v1/people/exports/quote" \
  '{"q":"collison","title":"co-founder","company":["stripe"],"location":["san francisco"],"sort":"name"}'

if [[ $found -ne 0 ]]; then
  echo "FAIL: sqlmap found an injectable parameter (or could not test one)" >&2
  exit 1
fi
echo "OK: no parameter of the company and people search and export endpoints is injectable"
