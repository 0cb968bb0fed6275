# GMT multisegment text (from `gmt coast -M`) → CSV of WKT line strings, one per segment, with
# the segment's header text in column `name` (e.g. "Croatia Segment 3"). Holes ("-Ph") keep
# their header so callers can skip them. Streams: segments of any length in linear time.
# With -v mind=D (degrees), a point closer than D to the last one kept is dropped (the last
# point of a segment is always kept, so rings stay closed).
BEGIN { print "id,name,WKT"; id = 0; n = 0; mind += 0 }
function flush() {
    if (n > 0 && pending != "") { printf ",%s", pending; n++ }
    if (n == 1) printf ",%s)\"\n", first   # a one-point segment: a degenerate two-point line
    else if (n > 1) printf ")\"\n"
    n = 0; pending = ""
}
/^>/ { flush(); id++; name = substr($0, 2); gsub(/^ +| +$/, "", name); gsub(/"/, "", name); next }
/^#/ { next }
NF >= 2 {
    if (n == 0) { first = $1 " " $2; printf "%d,\"%s\",\"LINESTRING(%s", id, name, first; lx = $1; ly = $2; n++; next }
    if (mind > 0 && ($1 - lx) ^ 2 + ($2 - ly) ^ 2 < mind * mind) { pending = $1 " " $2; next }
    printf ",%s %s", $1, $2; lx = $1; ly = $2; pending = ""; n++
}
END { flush() }
