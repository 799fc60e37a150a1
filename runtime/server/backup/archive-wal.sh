#!/bin/sh
# PostgreSQL archive_command: sh archive-wal.sh <path of the segment (%p)> <its name (%f)> <BACKUP_DIR>
# Writes BACKUP_DIR/wal/<name>.gz and <name>.gz.sha256; never overwrites. Any failure exits non-zero, so
# PostgreSQL keeps the segment in pg_wal and retries (nothing is lost while the disk is full or gone).
set -eu
src="$1"
name="$2"
dir="$3/wal"
dest="$dir/$name.gz"
test -d "$dir" || { echo "archive-wal: $dir não existe" >&2; exit 1; }
if test -e "$dest"; then
  # Archived before a crash cut the report to PostgreSQL short: fine only when identical.
  if gzip -dc "$dest" | cmp -s - "$src"; then exit 0; fi
  echo "archive-wal: $dest já existe com outro conteúdo" >&2
  exit 1
fi
tmp="$dir/.$name.$$.tmp"
trap 'rm -f "$tmp" "$tmp.sha256"' EXIT
gzip -1 -c "$src" >"$tmp"
sum=$(sha256sum "$tmp" | cut -d ' ' -f 1)
printf '%s  %s\n' "$sum" "$name.gz" >"$tmp.sha256"
sync "$tmp" "$tmp.sha256"
mv "$tmp.sha256" "$dest.sha256"
test -e "$dest" && exit 1
mv "$tmp" "$dest"
sync "$dir"
