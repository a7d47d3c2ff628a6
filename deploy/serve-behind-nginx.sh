#!/usr/bin/env bash
# navlights behind nginx on one machine: `navlights serve --workers N` on a loopback port, and nginx in front of it
# with the limits of deploy/nginx.conf.template (docs/web.md "A shared server"). Both stop together (Ctrl-C).
#
#   deploy/serve-behind-nginx.sh [--host 127.0.0.1] [--port 8080] [--app-port 8001] [--workers auto]
#                                [--run DIR] [-- more navlights serve options]
#
# Needs nginx (Debian: apt-get install nginx-light) and navlights on PATH (or $NAVLIGHTS naming it).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
host=127.0.0.1 port=8080 app_port=8001 workers=auto run=""
while [ $# -gt 0 ]; do
  case "$1" in
    --host) host="$2"; shift 2 ;;
    --port) port="$2"; shift 2 ;;
    --app-port) app_port="$2"; shift 2 ;;
    --workers) workers="$2"; shift 2 ;;
    --run) run="$2"; shift 2 ;;
    --) shift; break ;;
    *) echo "serve-behind-nginx: unknown option '$1'; allowed: --host --port --app-port --workers --run --" >&2
       exit 2 ;;
  esac
done
nginx="$(command -v nginx || echo /usr/sbin/nginx)"
[ -x "$nginx" ] || { echo "serve-behind-nginx: nginx not found; install it (Debian: apt-get install nginx-light)" >&2; exit 2; }
navlights="${NAVLIGHTS:-navlights}"
python="$(dirname "$(command -v "$navlights")")/python"
[ -x "$python" ] || python=python3
static="$("$python" -c 'import pathlib, navlights.web as w; print(pathlib.Path(w.__file__).parent / "static")')"
run="${run:-$(mktemp -d "${TMPDIR:-/tmp}/navlights-nginx.XXXXXX")}"
mkdir -p "$run"
chmod 700 "$run"
sed -e "s|@RUN@|$run|g" -e "s|@HOST@|$host|g" -e "s|@PORT@|$port|g" -e "s|@APP_PORT@|$app_port|g" \
    -e "s|@STATIC@|$static|g" "$here/nginx.conf.template" > "$run/nginx.conf"
"$nginx" -t -q -p "$run" -c "$run/nginx.conf" -e "$run/error.log"

pids=()
stop() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap stop EXIT
trap 'exit 0' INT TERM
"$navlights" serve --host 127.0.0.1 --port "$app_port" --workers "$workers" --behind-proxy "$@" &
pids+=($!)
"$nginx" -p "$run" -c "$run/nginx.conf" -e "$run/error.log" &
pids+=($!)
echo "serve-behind-nginx: http://$host:$port/ (nginx) -> http://127.0.0.1:$app_port/ (navlights); files in $run" >&2
wait -n "${pids[@]}"
