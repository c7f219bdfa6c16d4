#!/usr/bin/env bash
# Makes app/fonts/rubik-{400,500,700}.woff2 from the Rubik TTFs of @expo-google-fonts/rubik:
# Latin, Russian and Kazakh letters, Latin-1, general punctuation, №, € and the tenge sign ₸, with
# the default OpenType features plus tabular figures. The output is committed; run this only to
# change the character set. Needs fontTools with Brotli (Debian: apt-get install python3-fonttools
# python3-brotli).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-/usr/bin/python3}
UNICODES="U+0020-007E,U+00A0-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0301,U+0304,U+0308,\
U+0400-045F,U+0490-0493,U+049A-049B,U+04A2-04A3,U+04AE-04B1,U+04BA-04BB,U+04D8-04D9,U+04E8-04E9,\
U+2000-206F,U+20AC,U+20B8,U+2116,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD"
src=node_modules/@expo-google-fonts/rubik
for pair in 400:400Regular 500:500Medium 700:700Bold; do
  weight=${pair%%:*} name=${pair#*:}
  "$PY" -m fontTools.subset "$src/$name/Rubik_$name.ttf" --unicodes="$UNICODES" --layout-features+=tnum \
    --flavor=woff2 --output-file="app/fonts/rubik-$weight.woff2"
  echo "app/fonts/rubik-$weight.woff2: $(wc -c < "app/fonts/rubik-$weight.woff2") bytes"
done
