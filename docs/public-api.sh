#!/bin/sh
# The library's public API as rustdoc shows it (default features, no
# private items): the items all.html lists, the public modules, and on every
# item's page its inherent methods (not trait, blanket or `Deref` impls,
# which are other crates' API), trait methods, public fields and variants.
# Run from the repository root:
#     sh docs/public-api.sh           counts them
#     sh docs/public-api.sh --list    lists them, one a line, sorted
#     sh docs/public-api.sh --check   fails if the list differs from
#                                     docs/public-api.txt (CI runs it)
# A change that makes the API bigger or smaller writes the list again
# (`sh docs/public-api.sh --list > docs/public-api.txt`) and says why.
set -eu
# rustdoc leaves the pages of items that are gone: start from none.
rm -rf "${CARGO_TARGET_DIR:-target}/doc/fifteen"
cargo doc --no-deps --lib --quiet 2>/dev/null
dir="${CARGO_TARGET_DIR:-target}/doc/fifteen"

list() {
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

case "${1:-}" in
--list) list | LC_ALL=C sort -u ;;
--check)
    list | LC_ALL=C sort -u > "${CARGO_TARGET_DIR:-target}/public-api.txt"
    if ! diff -u docs/public-api.txt "${CARGO_TARGET_DIR:-target}/public-api.txt"; then
        echo "the public API differs from docs/public-api.txt (see the diff above): if that is meant," >&2
        echo "write the list again with 'sh docs/public-api.sh --list > docs/public-api.txt' and say why" >&2
        exit 1
    fi
    echo "the public API is docs/public-api.txt's $(wc -l < docs/public-api.txt) lines" ;;
*)
    list | LC_ALL=C sort -u | awk '{ n[$1]++ } END { t = 0; for (k in n) { printf "%-8s %d\n", k, n[k]; t += n[k] }; printf "total    %d\n", t }' ;;
esac
