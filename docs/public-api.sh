#!/bin/sh
# The library crates' public APIs as rustdoc shows them (default features,
# no private items): the items all.html lists, the public modules, and on
# every item's page its inherent methods (not trait, blanket or `Deref`
# impls, which are other crates' API), trait methods, public fields and
# variants. Run from the repository root:
#     sh docs/public-api.sh [CRATE]           counts them
#     sh docs/public-api.sh --list CRATE      lists them, one a line, sorted
#     sh docs/public-api.sh --check [CRATE]   fails if a list differs from
#                                             docs/public-api/CRATE.txt (CI runs it)
# CRATE is fifteen-core, fifteen-view, fifteen-net or fifteen-web; without it, all four.
# A change that makes an API bigger or smaller writes its list again
# (`sh docs/public-api.sh --list fifteen-core > docs/public-api/fifteen-core.txt`)
# and says why.
set -eu
mode=${1:-}
case "$mode" in --list | --check) shift ;; *) mode="" ;; esac
crates=${1:-fifteen-core fifteen-view fifteen-net fifteen-web}

list() {
    dir="${CARGO_TARGET_DIR:-target}/doc/$(printf '%s' "$1" | tr - _)"
    # rustdoc leaves the pages of items that are gone: start from none.
    rm -rf "$dir"
    cargo doc --no-deps --lib -p "$1" --quiet 2>/dev/null
    # Items: `kind path` from all.html's links (kind from the page's name).
    grep -o '<li><a href="[^"#]*">[^<]*</a>' "$dir/all.html" |
        sed -E 's|<li><a href="([^"]*/)?([a-z]+)\.[^"]*">([^<]*)</a>|\2 \3|'
    # Modules.
    find "$dir" -mindepth 2 -name index.html | sed -E "s|^$dir/||; s|/index.html$||; s|/|::|g; s|^|mod |"
    # Members of each item's page.
    find "$dir" -name '*.html' ! -name index.html ! -name all.html | while read -r page; do
        rel=${page#"$dir"/}
        item=$(printf '%s' "$rel" | sed -E 's|\.html$||; s|([^/]*/)*[a-z]+\.([^/]*)$|\2|')
        module=$(dirname "$rel" | sed -E 's|^\.$||; s|/|::|g')
        path=${module:+$module::}$item
        P="$path" perl -0777 -ne '
            if (/id="implementations-list"(.*?)(id="deref-methods|id="(trait|synthetic|blanket)-implementations"|$)/s) {
                my $impl = $1;
                print "method $ENV{P}::$1\n" while $impl =~ /id="method\.([^"]*)"/g;
            }
            print "method $ENV{P}::$1\n" while /id="tymethod\.([^"]*)"/g;
            print "field $ENV{P}.$1\n" while /id="structfield\.([^"]*)"/g;
            print "variant $ENV{P}::$1\n" while /id="variant\.([^"]*)"/g;
        ' "$page"
    done
}

status=0
for crate in $crates; do
    case "$mode" in
    --list) list "$crate" | LC_ALL=C sort -u ;;
    --check)
        want="docs/public-api/$crate.txt"
        got="${CARGO_TARGET_DIR:-target}/public-api-$crate.txt"
        list "$crate" | LC_ALL=C sort -u > "$got"
        if ! diff -u "$want" "$got"; then
            echo "$crate's public API differs from $want (see the diff above): if that is meant," >&2
            echo "write the list again with 'sh docs/public-api.sh --list $crate > $want' and say why" >&2
            status=1
        else
            echo "$crate's public API is $want's $(wc -l < "$want") lines"
        fi ;;
    *)
        echo "$crate:"
        list "$crate" | LC_ALL=C sort -u | awk '{ n[$1]++ } END { t = 0; for (k in n) { printf "  %-8s %d\n", k, n[k]; t += n[k] }; printf "  total    %d\n", t }' ;;
    esac
done
exit $status
