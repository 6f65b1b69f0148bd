#!/usr/bin/env bash
# Several `bridgelaws serve` processes over one PostgreSQL database, behind Debian's
# nginx (which passes the WebSockets): one address for the club, the work of the live
# tables spread over the processes (and the machine's cores).
#
#   BRIDGELAWS_DB=postgresql://user:password@host/dbname scripts/serve-multi.sh \
#       [--workers N] [--port P] [--first-port Q] [--run-dir DIR] [-- SERVE OPTIONS]
#
# starts N processes (default 2) on 127.0.0.1:Q, Q+1, ... (default 8001...), each
# restarted 2 s after it stops unasked, then nginx in the foreground on port P (default
# 8000, all addresses; --port 127.0.0.1:8000 for the loopback only), with the
# configuration made from deploy/nginx.conf.template and deploy/nginx-site.conf.template
# in the run folder (default ./bridgelaws-run), which also holds each process's log
# (worker-PORT.log) and pid (worker-PORT.pid), nginx's error and access logs, and
# nginx's pid.  Ctrl-C (or SIGTERM) stops everything.  --print-config prints the site's
# configuration (for the system's nginx, /etc/nginx/conf.d/) and exits.
# Options after "--" go to every `bridgelaws serve` (e.g. --secure-cookies, --no-demo).
# BRIDGELAWS_PASSWORD chooses the first director's password, as for `bridgelaws serve`;
# BRIDGELAWS_CMD is how to run the CLI (default: bridgelaws), BRIDGELAWS_NGINX the nginx
# binary (default: nginx on PATH, else /usr/sbin/nginx).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"

workers=2 port=8000 first=8001 run="$PWD/bridgelaws-run" print=""
while [ $# -gt 0 ]; do
    case "$1" in
        --workers) workers="$2"; shift 2 ;;
        --port) port="$2"; shift 2 ;;
        --first-port) first="$2"; shift 2 ;;
        --run-dir) run="$2"; shift 2 ;;
        --print-config) print=1; shift ;;
        --) shift; break ;;
        -h|--help) sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;;
        *) echo "serve-multi.sh: unknown option $1 (--help)" >&2; exit 2 ;;
    esac
done
serve_options=("$@")
case "$workers$first" in
    *[!0-9]*) echo "serve-multi.sh: --workers and --first-port are whole numbers" >&2; exit 2 ;;
esac
[ "$workers" -ge 1 ] || { echo "serve-multi.sh: --workers is at least 1" >&2; exit 2; }

servers=""
for ((i = 0; i < workers; i++)); do
    [ -n "$servers" ] && servers+=$'\n    '
    servers+="server 127.0.0.1:$((first + i)) max_fails=1 fail_timeout=5s;"
done
site() {  # the site's configuration, its logs in $1
    # (the comments, which name the @NAMES@, are kept as they are)
    sed -e "/^[[:space:]]*#/!s|@LISTEN@|$port|" -e "/^[[:space:]]*#/!s|@LOGS@|$1|" \
        "$here/deploy/nginx-site.conf.template" \
        | awk -v s="$servers" '!/^[ \t]*#/ { sub(/@SERVERS@/, s) } { print }'
}
if [ -n "$print" ]; then
    site /var/log/nginx
    exit 0
fi

db="${BRIDGELAWS_DB:-}"
case "$db" in
    postgresql://*|postgres://*|postgresql+psycopg://*) ;;
    *) echo "serve-multi.sh: set BRIDGELAWS_DB to a PostgreSQL database" \
            "(postgresql://user:password@host/dbname): SQLite serves one process" >&2
       exit 2 ;;
esac
read -ra cli <<< "${BRIDGELAWS_CMD:-bridgelaws}"
nginx="${BRIDGELAWS_NGINX:-$(command -v nginx || echo /usr/sbin/nginx)}"
[ -x "$nginx" ] || { echo "serve-multi.sh: no nginx (apt-get install nginx)" >&2; exit 2; }

mkdir -p "$run/tmp"
run="$(cd "$run" && pwd)"
chmod 755 "$run"          # nginx's workers (run as nobody under root) reach tmp/
site "$run" > "$run/site.conf"
sed -e "s|@RUN@|$run|g" "$here/deploy/nginx.conf.template" > "$run/nginx.conf"

loops=()
stopping=""
stop() {
    stopping=1
    trap - EXIT INT TERM
    [ ${#loops[@]} -gt 0 ] && kill -TERM "${loops[@]}" 2>/dev/null || true
    [ -n "${nginx_pid:-}" ] && kill -TERM "$nginx_pid" 2>/dev/null || true
    wait || true
}
trap stop EXIT
trap 'exit 143' TERM
trap 'exit 130' INT

worker() {  # serve on port $1; again 2 s after it stops unasked
    local p="$1" child="" status
    trap '[ -n "$child" ] && kill -TERM "$child" 2>/dev/null; wait; exit 0' TERM INT
    while :; do
        "${cli[@]}" serve --host 127.0.0.1 --port "$p" --db "$db" \
            --trusted-proxies 127.0.0.1 "${serve_options[@]}" >> "$run/worker-$p.log" 2>&1 &
        child=$!
        echo "$child" > "$run/worker-$p.pid"
        if wait "$child"; then status=0; else status=$?; fi
        echo "serve-multi.sh: the process on port $p stopped (exit $status);" \
             "restarting it in 2 s (its log: $run/worker-$p.log)" >&2
        sleep 2
    done
}

for ((i = 0; i < workers; i++)); do
    worker $((first + i)) &
    loops+=($!)
done

# every process answers before nginx sends it anything (the first migrates the
# database and makes the session key and the director; the others wait for it)
for ((i = 0; i < workers; i++)); do
    p=$((first + i))
    for ((t = 0; t < 600; t++)); do
        (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null && break
        sleep 0.1
    done
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
        echo "serve-multi.sh: the process on port $p did not start; its log:" >&2
        tail -n 30 "$run/worker-$p.log" >&2 || true
        exit 1
    fi
    grep -h "^bridgelaws:" "$run/worker-$p.log" || true
done

"$nginx" -p "$run" -c "$run/nginx.conf" -e "$run/nginx-error.log" &
nginx_pid=$!
echo "serve-multi.sh: nginx on port $port -> $workers processes (ports $first-$((first + workers - 1))), run folder $run"
if wait "$nginx_pid"; then status=0; else status=$?; fi
[ -n "$stopping" ] && exit 0
echo "serve-multi.sh: nginx stopped (exit $status); its log:" >&2
tail -n 20 "$run/nginx-error.log" >&2 || true
exit 1
