#!/usr/bin/env bash
# Prints the URI of the Debian archive mirror this machine's apt is already configured with: the first
# `deb` entry whose suite is the release's own codename (not -security, -updates or a third-party
# repository) and which carries `main`. Setup derives the trixie deb-src entry it needs (pgvector's source
# package) from it, so the machine's own mirror is used whatever it is. Reads deb822 `*.sources` files
# and one-line `sources.list` / `*.list` files.
#   APT_ETC (default /etc/apt) and DEBIAN_CODENAME (default: VERSION_CODENAME of /etc/os-release) exist
#   for tests; DEBIAN_MIRROR, when set, is printed as is.
set -euo pipefail
if [ -n "${DEBIAN_MIRROR:-}" ]; then
  echo "$DEBIAN_MIRROR"
  exit 0
fi
APT_ETC="${APT_ETC:-/etc/apt}"
CODENAME="${DEBIAN_CODENAME:-$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}")}"
[ -n "$CODENAME" ] || { echo "debian-mirror: cannot tell the Debian codename (/etc/os-release)" >&2; exit 1; }

files=()
[ -f "$APT_ETC/sources.list" ] && files+=("$APT_ETC/sources.list")
for f in "$APT_ETC"/sources.list.d/*.list "$APT_ETC"/sources.list.d/*.sources; do
  [ -f "$f" ] && files+=("$f")
done

uri=""
for f in ${files[@]+"${files[@]}"}; do
  case "$f" in
    *.sources)
      # deb822: blank-line separated stanzas of "Field: value" lines; '#' lines are comments.
      uri="$(awk -v want="$CODENAME" '
        function flush() {
          if (types ~ /(^| )deb( |$)/ && (" " suites " ") ~ (" " want " ") && (" " comps " ") ~ / main / && enabled != "no" && uris != "") {
            split(uris, u, " "); print u[1]; found = 1; exit
          }
          types = suites = comps = uris = ""; enabled = ""
        }
        /^[[:space:]]*#/ { next }
        /^[[:space:]]*$/ { flush(); next }
        {
          line = $0; field = tolower(line); sub(/:.*/, "", field); sub(/^[^:]*:[[:space:]]*/, "", line)
          if (field == "types") types = line; else if (field == "suites") suites = line
          else if (field == "components") comps = line; else if (field == "uris") uris = line
          else if (field == "enabled") enabled = tolower(line)
        }
        END { if (!found) flush() }' "$f")"
      ;;
    *)
      # One-line: deb [options] URI suite component...
      uri="$(awk -v want="$CODENAME" '
        $1 == "deb" {
          i = 2
          if ($i ~ /^\[/) { while (i <= NF && $i !~ /\]$/) i++; i++ }
          if ($(i + 1) != want) next
          for (j = i + 2; j <= NF; j++) if ($j == "main") { print $i; exit }
        }' "$f")"
      ;;
  esac
  [ -n "$uri" ] && break
done
[ -n "$uri" ] || {
  echo "debian-mirror: no 'deb' entry for $CODENAME main in $APT_ETC (set DEBIAN_MIRROR to the Debian archive URI)" >&2
  exit 1
}
echo "$uri"
