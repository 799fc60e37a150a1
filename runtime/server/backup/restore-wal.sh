#!/bin/sh
# PostgreSQL restore_command: sh restore-wal.sh <BACKUP_DIR> <name (%f)> <destination (%p)>
# Exit 1 = "not archived" (PostgreSQL then ends recovery normally); a corrupt file exits 127 ("command
# failed" to PostgreSQL), which aborts recovery instead of silently stopping short of the target.
set -u
src="$1/wal/$2.gz"
dest="$3"
test -e "$src" || exit 1
expected=$(cut -d ' ' -f 1 "$src.sha256" 2>/dev/null) || { echo "restore-wal: sem checksum para $2" >&2; exit 127; }
actual=$(sha256sum "$src" | cut -d ' ' -f 1)
if test "$expected" != "$actual"; then
  echo "restore-wal: checksum inválido em $2" >&2
  exit 127
fi
gzip -dc "$src" >"$dest.tmp" || { rm -f "$dest.tmp"; echo "restore-wal: falha ao descompactar $2" >&2; exit 127; }
mv "$dest.tmp" "$dest"
