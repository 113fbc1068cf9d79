#!/bin/sh
# Counts the library's public API as rustdoc shows it (default features, no
# private items): the items all.html lists, the public modules, and on every
# item's page its inherent methods (not trait, blanket or `Deref` impls,
# which are other crates' API), trait methods, public fields and variants. Run from the
# repository root:
#     sh docs/public-api.sh
set -eu
# rustdoc leaves the pages of items that are gone: start from none.
rm -rf "${CARGO_TARGET_DIR:-target}/doc/fifteen"
cargo doc --no-deps --lib --quiet 2>/dev/null
dir="${CARGO_TARGET_DIR:-target}/doc/fifteen"
items=$(grep -o '<li><a href="[^"#]*"' "$dir/all.html" | wc -l)
modules=$(find "$dir" -mindepth 2 -name index.html | wc -l)
methods=$(find "$dir" -name '*.html' -exec perl -0777 -ne '
    if (/id="implementations-list"(.*?)(id="deref-methods|id="(trait|synthetic|blanket)-implementations"|$)/s) {
        my $n = () = $1 =~ /id="method\./g; $t += $n;
    }
    $t += () = /id="tymethod\./g;
    END { print $t + 0, "\n" }' {} + | awk '{ s += $1 } END { print s }')
fields=$(grep -roh 'id="structfield\.[^"]*"' "$dir" | wc -l)
variants=$(grep -roh 'id="variant\.[^"]*"' "$dir" | wc -l)
echo "items    $items"
echo "modules  $modules"
echo "methods  $methods"
echo "fields   $fields"
echo "variants $variants"
echo "total    $((items + modules + methods + fields + variants))"
